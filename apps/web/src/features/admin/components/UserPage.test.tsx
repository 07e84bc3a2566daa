import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntityListSchema,
  HistorySchema,
  MembershipListSchema,
  type UserDetail,
  UserDetailSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

const USER: UserDetail = {
  id: 12,
  identifiant: 'helene.lefevre',
  nom: 'Lefèvre',
  prenom: 'Hélène',
  email: 'helene.lefevre@exemple.fr',
  telephone: null,
  etat: 'I',
  habilitations: ['USER', 'RESTAURATION'],
  notificationRestauration: false,
  notificationDocuments: false,
  motDePasseDefini: true,
  doubleAuthentification: false,
  anonymise: false,
  creeLe: '2026-03-03T09:15:00.000Z',
  modifieLe: '2026-03-03T09:15:00.000Z',
  actions: ['EDIT', 'ACTIVATE', 'DELETE', 'ADD_MEMBERSHIP'],
};

const base = (user: UserDetail) => ({
  'GET /api/user/12/infos': reply(UserDetailSchema, user),
  'GET /api/user/12/historique': reply(HistorySchema, []),
  'GET /api/user/12/appartenances': reply(MembershipListSchema, []),
  'GET /api/entite/all': reply(EntityListSchema, []),
});

describe('user page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows exactly the state buttons the server allows, and deletes after confirmation', async () => {
    signInAs(['USER', 'ADMIN']);
    let current = USER;
    const calls = mockApi({
      ...base(USER),
      'GET /api/user/12/infos': () => reply(UserDetailSchema, current),
      'PUT /api/user': (call) => {
        current = { ...USER, ...JSON.parse(call.body!), actions: ['EDIT', 'ACTIVATE', 'ANONYMISE'] };
        return reply(UserDetailSchema, current);
      },
    });
    renderApp('/app/admin/utilisateurs/12');
    expect(
      await screen.findByRole('heading', { name: 'Hélène Lefèvre' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réactiver' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Désactiver' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anonymiser' })).not.toBeInTheDocument();
    expect(await screen.findByText("Cet utilisateur n'appartient à aucune entité.")).toBeInTheDocument();
    // Adding a membership is the panel's button, shown because the server lists ADD_MEMBERSHIP.
    expect(screen.getAllByRole('button', { name: 'Ajouter une appartenance' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toMatchObject({ id: 12, etat: 'S' });
    expect(await screen.findByRole('button', { name: 'Anonymiser' })).toBeInTheDocument();
    // A deleted account joins no entity: the server no longer lists ADD_MEMBERSHIP.
    expect(screen.queryByRole('button', { name: 'Ajouter une appartenance' })).not.toBeInTheDocument();
  });

  it('locks the form of an anonymised user', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi(base({ ...USER, etat: 'S', anonymise: true, actions: [] }));
    renderApp('/app/admin/utilisateurs/12');
    expect(await screen.findByText(/a été anonymisé/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nom/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('a profile fills the checkboxes, and creating sends the form', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'POST /api/user': (call) =>
        reply(UserDetailSchema, { ...USER, ...JSON.parse(call.body!), id: 12, etat: 'A' }, { status: 201 }),
      ...base({ ...USER, etat: 'A' }),
    });
    renderApp('/app/admin/utilisateurs/nouveau');
    await userEvent.type(await screen.findByLabelText(/^Nom/, {}, { timeout: 5000 }), 'Curie');
    await userEvent.type(screen.getByLabelText(/^Prénom/), 'Marie');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'marie.curie@exemple.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Responsable de loge' }));
    expect(screen.getByRole('checkbox', { name: /Gestion Loge/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Administration/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: "Créer et envoyer l'invitation" }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'POST' && c.path === '/api/user')!.body!);
    expect(body).toMatchObject({ nom: 'Curie', prenom: 'Marie', email: 'marie.curie@exemple.fr' });
    expect(body.habilitations).toEqual([
      'USER',
      'LOGE',
      'PLANNING',
      'RESTAURATION',
      'DOCUMENTS_LECTURE',
      'PAYMENT',
    ]);
    expect(body).not.toHaveProperty('identifiant');
  });

  it('resets the second factor after a confirmation naming the person, then says so and keeps the focus', async () => {
    signInAs(['USER', 'ADMIN']);
    let current: UserDetail = { ...USER, etat: 'A', doubleAuthentification: true };
    const calls = mockApi({
      ...base(USER),
      'GET /api/user/12/infos': () => reply(UserDetailSchema, current),
      'DELETE /api/user/12/second-facteur': () => {
        current = { ...current, doubleAuthentification: false };
        return noContent();
      },
    });
    renderApp('/app/admin/utilisateurs/12');
    expect(await screen.findByText('Activée', {}, { timeout: 5000 })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Réinitialiser la double authentification' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Hélène Lefèvre');
    expect(dialog).toHaveTextContent('helene.lefevre@exemple.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(
      await screen.findByText(/Double authentification de Hélène Lefèvre réinitialisée/),
    ).toBeInTheDocument();
    expect(await screen.findByText('Non activée')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Réinitialiser la double authentification' }),
    ).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Double authentification' })),
    );
  });
});
