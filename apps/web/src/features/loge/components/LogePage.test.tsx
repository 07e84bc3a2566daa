import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  type EntitySummary,
  EntitySummaryListSchema,
  type Membership,
  MembershipListSchema,
  MembershipSchema,
  parisDay,
  UserPickResultSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { download, mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

const LODGE: EntitySummary = {
  id: 1,
  code: 'CHEV-RHONE',
  nom: 'Les Chevaliers du Rhône',
  type: 'GODF',
  numero: '1024',
  ville: 'Lyon',
  etat: 'A',
};

const member = (id: number, fields: Partial<Membership> & { nom: string; prenom: string }): Membership => ({
  id,
  userId: 100 + id,
  entiteId: 1,
  fonction: 'Membre',
  debut: '2020-09-01',
  fin: null,
  gestion: false,
  reservation: false,
  restauration: false,
  carteLoge: false,
  actuelle: true,
  actions: ['EDIT', 'END'],
  entite: { code: LODGE.code, nom: LODGE.nom, type: 'GODF' },
  ...fields,
  utilisateur: {
    identifiant: `${fields.prenom}.${fields.nom}`.toLowerCase(),
    nom: fields.nom,
    prenom: fields.prenom,
    email: `${fields.prenom}.${fields.nom}@exemple.fr`.toLowerCase(),
    telephone: null,
    etat: 'A',
  },
});

describe('Gestion Loge', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says so when the user manages no entity', async () => {
    signInAs(['USER', 'LOGE']);
    mockApi({ 'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, []) });
    renderApp('/app/loge');
    expect(await screen.findByText('Aucune entité à gérer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter un membre' })).not.toBeInTheDocument();
  });

  it('lists the members with fonction and flags, and only the buttons the server allows', async () => {
    signInAs(['USER', 'LOGE']);
    mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/entite/1/appartenances': reply(MembershipListSchema, [
        member(1, { nom: 'Vénérable', prenom: 'Victor', fonction: 'Vénérable Maître', gestion: true }),
        member(2, { nom: 'Durand', prenom: 'Paul', actions: ['EDIT'] }),
        member(3, { nom: 'Ancien', prenom: 'Louis', fin: '2019-06-30', actuelle: false, actions: [] }),
      ]),
    });
    renderApp('/app/loge?onglet=membres');
    const table = await screen.findByRole('table', { name: 'Membres des Chevaliers du Rhône' });
    expect(screen.getByText('2 membres actuels · n° 1024 · Lyon')).toBeInTheDocument();
    const victor = within(table).getByRole('row', { name: /Vénérable Victor/ });
    expect(within(victor).getByText('Vénérable Maître')).toBeInTheDocument();
    expect(within(victor).getByText('Gestion')).toBeInTheDocument();
    expect(within(victor).getByRole('button', { name: /Terminer l’appartenance/ })).toBeInTheDocument();
    const paul = within(table).getByRole('row', { name: /Durand Paul/ });
    expect(within(paul).getByRole('button', { name: /Modifier/ })).toBeInTheDocument();
    expect(within(paul).queryByRole('button', { name: /Terminer/ })).not.toBeInTheDocument();
    // Former members only on request.
    expect(within(table).queryByText(/Ancien Louis/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Afficher les anciens membres'));
    const louis = within(table).getByRole('row', { name: /Ancien Louis/ });
    expect(within(louis).getByText('Jusqu’au 30/06/2019')).toBeInTheDocument();
    expect(within(louis).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by name without accents, and ends a membership after confirmation, on the day the list then shows', async () => {
    signInAs(['USER', 'LOGE']);
    const yesterday = addDays(parisDay(), -1);
    const shown = `${yesterday.slice(8)}/${yesterday.slice(5, 7)}/${yesterday.slice(0, 4)}`;
    let ended = false;
    const calls = mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/entite/1/appartenances': () =>
        reply(MembershipListSchema, [
          member(1, { nom: 'Lefèvre', prenom: 'Hélène' }),
          member(2, {
            nom: 'Durand',
            prenom: 'Paul',
            ...(ended ? { fin: yesterday, actuelle: false, actions: [] } : {}),
          }),
          member(3, { nom: 'Martin', prenom: 'Anaïs' }),
        ]),
      'DELETE /api/user/102/appartenances/2': () => {
        ended = true;
        return noContent();
      },
    });
    document.cookie = 'XSRF-TOKEN=abc';
    renderApp('/app/loge?onglet=membres');
    const table = await screen.findByRole('table', { name: 'Membres des Chevaliers du Rhône' });
    await userEvent.type(screen.getByLabelText('Filtrer les membres'), 'lefevre');
    expect(screen.queryByText('Durand Paul')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Filtrer les membres'));
    // French elision in the names of the buttons.
    expect(
      screen.getByRole('button', { name: 'Terminer l’appartenance d’Anaïs Martin' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Terminer l’appartenance d’Hélène Lefèvre' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terminer l’appartenance de Paul Durand' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      `Terminer l’appartenance de Paul Durand à « Les Chevaliers du Rhône » ? Son dernier jour sera hier, le ${shown}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminer l’appartenance' }));
    expect(await screen.findByText('Appartenance terminée.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/102/appartenances/2')).toBe(true);
    await userEvent.click(screen.getByLabelText('Afficher les anciens membres'));
    const paul = await within(table).findByRole('row', { name: /Durand Paul/ });
    expect(within(paul).getByText(`Jusqu’au ${shown}`)).toBeInTheDocument();
  });

  it('creates a new member, who is invited by e-mail', async () => {
    signInAs(['USER', 'LOGE']);
    const calls = mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/entite/1/appartenances': reply(MembershipListSchema, []),
      'POST /api/entite/1/appartenances': reply(
        MembershipSchema,
        member(9, { nom: 'Rousseau', prenom: 'Agathe' }),
        { status: 201 },
      ),
    });
    document.cookie = 'XSRF-TOKEN=abc';
    renderApp('/app/loge?onglet=membres');
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un membre' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Ajouter un membre à « Les Chevaliers du Rhône »',
    });
    await userEvent.click(within(dialog).getByText('Nouveau membre'));
    expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Rousseau');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Agathe');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'agathe@exemple.fr');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Réservation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Membre créé : une invitation a été envoyée à agathe@exemple.fr.'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post!.body!)).toMatchObject({
      nouveau: { nom: 'Rousseau', prenom: 'Agathe', email: 'agathe@exemple.fr', telephone: null },
      reservation: true,
      gestion: false,
    });
  }, 20_000);

  it('adds an existing person found by exact e-mail, showing only names and e-mail', async () => {
    signInAs(['USER', 'LOGE']);
    const calls = mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/entite/1/appartenances': reply(MembershipListSchema, []),
      'POST /api/user/search': (call) => {
        const { texte } = JSON.parse(call.body!) as { texte: string };
        return reply(UserPickResultSchema, {
          total: texte === 'paul.lefort@ailleurs.fr' ? 1 : 0,
          totalAuMoins: false,
          page: 1,
          taille: 10,
          lignes:
            texte === 'paul.lefort@ailleurs.fr'
              ? [{ id: 42, nom: 'Lefort', prenom: 'Paul', email: 'paul.lefort@ailleurs.fr' }]
              : [],
        });
      },
      'POST /api/entite/1/appartenances': reply(
        MembershipSchema,
        member(9, { nom: 'Lefort', prenom: 'Paul' }),
        { status: 201 },
      ),
    });
    document.cookie = 'XSRF-TOKEN=abc';
    renderApp('/app/loge?onglet=membres');
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un membre' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Ajouter un membre à « Les Chevaliers du Rhône »',
    });
    const picker = within(dialog).getByRole('textbox', { name: 'Utilisateur' });
    expect(picker).toHaveAttribute('placeholder', 'Nom d’un membre de vos entités, ou adresse e-mail exacte');
    await userEvent.type(picker, 'paul');
    expect(
      await screen.findByText(
        'Personne parmi les membres de vos entités : pour quelqu’un d’ailleurs, saisissez son adresse e-mail exacte.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(picker);
    await userEvent.type(picker, 'paul.lefort@ailleurs.fr');
    await userEvent.click(
      await screen.findByText('Paul Lefort (paul.lefort@ailleurs.fr)', {}, { timeout: 5000 }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Membre ajouté.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/entite/1/appartenances');
    expect(JSON.parse(post!.body!)).toMatchObject({ userId: 42 });
  }, 20_000);

  it('exports the current members, or every member when former ones are shown', async () => {
    signInAs(['USER', 'LOGE']);
    // jsdom cannot follow a blob link: the click that saves the file is only recorded.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:membres'), revokeObjectURL: vi.fn() }),
    );
    const calls = mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/entite/1/appartenances': reply(MembershipListSchema, [
        member(1, { nom: 'Durand', prenom: 'Paul' }),
      ]),
      'GET /api/entite/1/membres/excel': download('xlsx'),
      'GET /api/entite/1/membres/excel?perimetre=tous': download('xlsx'),
    });
    renderApp('/app/loge?onglet=membres');
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter (Excel)' }));
    expect(await screen.findByText('Liste exportée : membres.xlsx')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByLabelText('Afficher les anciens membres'));
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (Excel)' }));
    await vi.waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/entite/1/membres/excel?perimetre=tous'),
    );
    expect(calls.find((c) => c.path === '/api/entite/1/membres/excel')!.headers.Authorization).toBe(
      'Bearer test-token',
    );
  });

  it('offers a choice when the user manages several entities, kept in the address', async () => {
    signInAs(['USER', 'LOGE']);
    const other = { ...LODGE, id: 2, code: 'AFM', nom: 'Culture et Fraternité', numero: null };
    mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE, other]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/entite/1/appartenances': reply(MembershipListSchema, []),
      'GET /api/entite/2/appartenances': reply(MembershipListSchema, [
        member(5, { nom: 'Roux', prenom: 'Zoé', entiteId: 2 }),
      ]),
    });
    // The entities are listed by name (managed and treasured ones together): the first is the default.
    renderApp('/app/loge?onglet=membres');
    expect(await screen.findByText('Roux Zoé')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Loge ou association' })).toHaveValue('Culture et Fraternité');

    renderApp('/app/loge?entite=1&onglet=membres');
    expect(await screen.findByText(/aucun membre : ajoutez-en un ou importez une liste/)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: 'Loge ou association' })[1]).toHaveValue(
      'Les Chevaliers du Rhône',
    );
  });
});
