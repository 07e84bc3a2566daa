import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type EntityDetail,
  EntityDetailSchema,
  EntityListSchema,
  HistorySchema,
  type Membership,
  MembershipListSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

const ENTITY: EntityDetail = {
  id: 3,
  code: 'CHEV',
  nom: 'Les Chevaliers du Rhône',
  type: 'GODF',
  numero: '1024',
  ville: 'Lyon',
  adresseFacturation: null,
  emailFacturation: null,
  etat: 'A',
  nbMembres: 2,
  creeLe: '2026-03-03T09:15:00.000Z',
  modifieLe: '2026-03-03T09:15:00.000Z',
  actions: ['EDIT', 'MEMBERS', 'HISTORY', 'ADD_MEMBER'],
};
const member = (
  id: number,
  prenom: string,
  actions: Membership['actions'],
  fin: string | null = null,
): Membership => ({
  id,
  userId: 100 + id,
  entiteId: 3,
  fonction: 'Orateur',
  debut: '2020-09-01',
  fin,
  gestion: id === 1,
  reservation: false,
  restauration: true,
  carteLoge: false,
  actuelle: fin === null,
  utilisateur: {
    identifiant: prenom.toLowerCase(),
    nom: 'Dupont',
    prenom,
    email: 'x@exemple.fr',
    telephone: null,
    etat: 'A',
  },
  entite: { code: 'CHEV', nom: 'Les Chevaliers du Rhône', type: 'GODF' },
  actions,
});

describe('members of an entity', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows flags and only the allowed buttons, hides ended memberships, and ends one after confirmation', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/entite/3/infos': reply(EntityDetailSchema, ENTITY),
      'GET /api/entite/3/historique': reply(HistorySchema, []),
      'GET /api/entite/all': reply(EntityListSchema, []),
      'GET /api/entite/3/appartenances': reply(MembershipListSchema, [
        member(1, 'Paul', ['EDIT', 'END']),
        member(2, 'Anne', ['EDIT']),
        member(3, 'Luc', ['EDIT'], '2020-12-31'),
      ]),
      'DELETE /api/user/101/appartenances/1': noContent(),
    });
    renderApp('/app/admin/entites/3');
    const paul = await screen.findByRole('row', { name: /Paul Dupont/ }, { timeout: 5000 });
    expect(within(paul).getByText('Gestion')).toBeInTheDocument();
    expect(within(paul).getByText('Restauration')).toBeInTheDocument();
    expect(within(paul).getByRole('button', { name: "Terminer l'appartenance" })).toBeInTheDocument();
    const anne = screen.getByRole('row', { name: /Anne Dupont/ });
    expect(within(anne).queryByRole('button', { name: "Terminer l'appartenance" })).not.toBeInTheDocument();
    expect(within(anne).getByRole('button', { name: "Modifier l'appartenance" })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Luc Dupont/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Afficher les appartenances terminées'));
    expect(screen.getByRole('row', { name: /Luc Dupont/ })).toBeInTheDocument();

    await userEvent.click(within(paul).getByRole('button', { name: "Terminer l'appartenance" }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminer l’appartenance' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/user/101/appartenances/1');
  });
});
