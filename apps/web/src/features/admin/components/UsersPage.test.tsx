import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntityListSchema,
  UserSearchResultSchema,
  UserBulkResultSchema,
  type UserListRow as UserRow,
  type UserSearchResult,
} from '@union/contract';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { download, failure, mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const USER: UserRow = {
  id: 12,
  identifiant: 'helene.lefevre',
  nom: 'Lefèvre',
  prenom: 'Hélène',
  email: 'helene.lefevre@exemple.fr',
  telephone: '04 78 00 00 00',
  etat: 'A',
  habilitations: ['USER'],
  villes: 'Lyon',
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

  it('selects rows with the keyboard, page by page, and acts on them', async () => {
    signInAs(['USER', 'ADMIN']);
    const OTHER = { ...USER, id: 13, nom: 'Martin', prenom: 'Paul', email: 'paul@exemple.fr', villes: null };
    const calls = mockApi({
      'GET /api/entite/all': reply(EntityListSchema, []),
      'POST /api/user/search': reply(UserSearchResultSchema, page([USER, OTHER])),
      'POST /api/user/selection/excel': download('xlsx'),
      'PUT /api/user/habilitations': (call) =>
        JSON.parse(call.body!).retirer?.includes('ADMIN')
          ? failure(412, {
              status: 412,
              error: 'selection_refused',
              message: "Aucune habilitation n'a été changée. Marie Membre (admin) : vous ne pouvez pas…",
            })
          : reply(UserBulkResultSchema, { modifies: 2 }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderApp('/app/admin/utilisateurs');
    await screen.findByText('2 utilisateurs', {}, { timeout: 5000 });
    const row = screen.getByRole('row', { name: /Lefèvre/ });
    expect(within(row).getByText('04 78 00 00 00')).toBeInTheDocument();
    expect(within(row).getByText('Lyon')).toBeInTheDocument();

    const all = screen.getByRole('checkbox', { name: 'Tout sélectionner sur la page' });
    all.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByText('2 utilisateurs sélectionnés')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Hélène Lefèvre' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Paul Martin' }));
    expect(screen.getByText('1 utilisateur sélectionné')).toBeInTheDocument();
    expect(all).toHaveProperty('indeterminate', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Paul Martin' }));

    expect(screen.getByRole('link', { name: 'Écrire aux sélectionnés' })).toHaveAttribute(
      'href',
      'mailto:?bcc=helene.lefevre%40exemple.fr,paul%40exemple.fr',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (Excel)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/selection/excel')?.body).toBe('{"ids":[12,13]}'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Changer les habilitations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer les habilitations de 2 utilisateurs' });
    const retirer = within(dialog).getByRole('textbox', { name: 'Habilitations à retirer' });
    await userEvent.click(retirer);
    await userEvent.click(
      await within(document.getElementById(retirer.getAttribute('aria-controls')!)!).findByRole('option', {
        name: 'Administration',
        hidden: true,
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer à 2 utilisateurs' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Marie Membre (admin)');
    expect(JSON.parse(calls.filter((c) => c.method === 'PUT').at(-1)!.body!)).toEqual({
      ids: [12, 13],
      ajouter: [],
      retirer: ['ADMIN'],
    });
  });

  it('opens with the page size chosen last on this browser', async () => {
    signInAs(['USER', 'ADMIN']);
    localStorage.setItem('union.utilisateurs.taille', '50');
    onTestFinished(() => localStorage.removeItem('union.utilisateurs.taille'));
    const calls = mockApi({
      'GET /api/entite/all': reply(EntityListSchema, []),
      'POST /api/user/search': reply(UserSearchResultSchema, page([USER])),
    });
    renderApp('/app/admin/utilisateurs');
    await screen.findByText('1 utilisateur', {}, { timeout: 5000 });
    expect(JSON.parse(calls.find((c) => c.path === '/api/user/search')!.body!)).toMatchObject({ taille: 50 });
  });
});
