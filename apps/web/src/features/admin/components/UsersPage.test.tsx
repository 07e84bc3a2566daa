import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntityListSchema,
  UserSearchResultSchema,
  type UserRow,
  type UserSearchResult,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const USER: UserRow = {
  id: 12,
  identifiant: 'helene.lefevre',
  nom: 'Lefèvre',
  prenom: 'Hélène',
  email: 'helene.lefevre@exemple.fr',
  telephone: null,
  etat: 'A',
  habilitations: ['USER'],
};
const page = (lignes: UserRow[], total = lignes.length, totalAuMoins = false): UserSearchResult => ({
  total,
  totalAuMoins,
  page: 1,
  taille: 20,
  lignes,
});

describe('user list', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the users with their state and the total, and sorts by a column on click', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/entite/all': reply(EntityListSchema, []),
      'POST /api/user/search': reply(
        UserSearchResultSchema,
        page([USER, { ...USER, id: 13, nom: 'Très-Long-Nom-De-Famille', etat: 'I' }], 45),
      ),
    });
    renderApp('/app/admin/utilisateurs');
    expect(await screen.findByText('45 utilisateurs', {}, { timeout: 5000 })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Lefèvre/ });
    expect(within(row).getByText('helene.lefevre@exemple.fr')).toBeInTheDocument();
    expect(within(row).getByText('Actif')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Très-Long/ })).getByText('Inactif')).toBeInTheDocument();
    const searches = () => calls.filter((c) => c.path === '/api/user/search').map((c) => JSON.parse(c.body!));
    expect(searches()[0]).toMatchObject({ tri: 'nom', sens: 'asc', page: 1, taille: 20 });

    await userEvent.click(screen.getByRole('button', { name: /Identifiant/ }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ tri: 'identifiant', sens: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: /Identifiant/ }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ tri: 'identifiant', sens: 'desc' }));
  });

  it('asks for the first page and the entities once: the route asks beside the page’s code, the page finds them', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/entite/all': reply(EntityListSchema, []),
      'POST /api/user/search': reply(UserSearchResultSchema, page([USER])),
    });
    renderApp('/app/admin/utilisateurs?tri=prenom&sens=desc');
    await screen.findByText('1 utilisateur', {}, { timeout: 5000 });
    const searches = calls.filter((c) => c.path === '/api/user/search');
    expect(searches).toHaveLength(1);
    expect(JSON.parse(searches[0]!.body!)).toMatchObject({
      tri: 'prenom',
      sens: 'desc',
      page: 1,
      taille: 20,
    });
    expect(calls.filter((c) => c.path === '/api/entite/all')).toHaveLength(1);
  });

  it('sends the typed text and says when nothing matches', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/entite/all': reply(EntityListSchema, []),
      'POST /api/user/search': (call) =>
        JSON.parse(call.body!).texte
          ? reply(UserSearchResultSchema, page([]))
          : reply(UserSearchResultSchema, page([USER])),
    });
    renderApp('/app/admin/utilisateurs');
    await screen.findByText('1 utilisateur', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Rechercher'), 'zzz');
    expect(
      await screen.findByText('Aucun utilisateur ne correspond à ces critères.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(calls.at(-1)!.body!)).toMatchObject({ texte: 'zzz', page: 1 }));
  });

  it('says when a text matches more accounts than are counted, and asks to refine it', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({
      'GET /api/entite/all': reply(EntityListSchema, []),
      'POST /api/user/search': (call) =>
        JSON.parse(call.body!).texte
          ? reply(UserSearchResultSchema, page([USER], 1000, true))
          : reply(UserSearchResultSchema, page([USER])),
    });
    renderApp('/app/admin/utilisateurs');
    await screen.findByText('1 utilisateur', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Rechercher'), 'exemple');
    expect(
      await screen.findByText(
        /^Plus de 1\s000 utilisateurs : précisez la recherche pour les voir tous\.$/,
        {},
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
  });
});
