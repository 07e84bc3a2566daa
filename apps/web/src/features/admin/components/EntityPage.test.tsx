import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type EntityDetail,
  EntityDetailSchema,
  EntityListSchema,
  type HistoryEntry,
  HistorySchema,
  MembershipListSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, renderApp, reply, signInAs, type RecordedCall } from '../../../../test/utils';

const ENTITY: EntityDetail = {
  id: 3,
  code: 'CHEV',
  nom: 'Les Chevaliers du Rhône',
  type: 'GODF',
  numero: '1024',
  ville: 'Lyon',
  adresseFacturation: '8 rue Garibaldi\n69006 Lyon',
  emailFacturation: 'tresor@chevaliers.fr',
  etat: 'A',
  nbMembres: 2,
  creeLe: '2026-03-03T09:15:00.000Z',
  modifieLe: '2026-03-03T09:15:00.000Z',
  actions: ['EDIT', 'MEMBERS', 'HISTORY', 'ADD_MEMBER'],
};

const HISTORY: HistoryEntry[] = [
  {
    id: 2,
    action: 'members_imported',
    libelle: 'Import de membres',
    resume: 'Fichier « loge.csv » ; 3 comptes créés, 1 mise à jour, 0 ligne rejetée',
    date: '2026-03-04T10:00:00.000Z',
    auteur: 'Émile Zola',
    motif: null,
  },
  {
    id: 1,
    action: 'entity_created',
    libelle: "Création de l'entité",
    resume: null,
    date: '2026-03-03T09:15:00.000Z',
    auteur: null,
    motif: null,
  },
];

const existing = (entity: EntityDetail) => ({
  'GET /api/entite/3/infos': reply(EntityDetailSchema, entity),
  'GET /api/entite/3/historique': reply(HistorySchema, HISTORY),
  'GET /api/entite/3/appartenances': reply(MembershipListSchema, []),
  'GET /api/entite/all': reply(EntityListSchema, []),
});

const bodyOf = (calls: RecordedCall[], method: string, path: string) =>
  JSON.parse(calls.find((c) => c.method === method && c.path === path)!.body!);

describe('entity page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the entity, its members and its history, and saves the edited form', async () => {
    signInAs(['USER', 'ADMIN']);
    let current = ENTITY;
    const calls = mockApi({
      ...existing(ENTITY),
      'GET /api/entite/3/infos': () => reply(EntityDetailSchema, current),
      'PUT /api/entite': (call) => {
        current = { ...ENTITY, ...JSON.parse(call.body!), modifieLe: '2026-03-05T10:00:00.000Z' };
        return reply(EntityDetailSchema, current);
      },
    });
    renderApp('/app/admin/entites/3');
    expect(
      await screen.findByRole('heading', { name: 'Les Chevaliers du Rhône' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Loge bleue \(Grand Orient de France\) — 2 membres actuels/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toHaveValue('CHEV');
    expect(screen.getByLabelText(/^E-mail de facturation/)).toHaveValue('tresor@chevaliers.fr');
    expect(screen.getByRole('heading', { name: 'Membres' })).toBeInTheDocument();
    expect(await screen.findByText('Import de membres')).toBeInTheDocument();
    expect(
      screen.getByText('Fichier « loge.csv » ; 3 comptes créés, 1 mise à jour, 0 ligne rejetée'),
    ).toBeInTheDocument();
    expect(screen.getByText(/le système/)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Ville/));
    await userEvent.type(screen.getByLabelText(/^Ville/), 'Lyon 6e');
    await userEvent.clear(screen.getByLabelText(/^Numéro/));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(bodyOf(calls, 'PUT', '/api/entite')).toEqual({
      id: 3,
      code: 'CHEV',
      nom: 'Les Chevaliers du Rhône',
      type: 'GODF',
      numero: null,
      ville: 'Lyon 6e',
      adresseFacturation: '8 rue Garibaldi\n69006 Lyon',
      emailFacturation: 'tresor@chevaliers.fr',
      etat: 'A',
    });
    expect(await screen.findByText('Entité enregistrée.')).toBeInTheDocument();
  });

  it('checks the code and the billing e-mail before sending, then creates the entity and opens it', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      ...existing(ENTITY),
      'POST /api/entite': (call) =>
        reply(EntityDetailSchema, { ...ENTITY, ...JSON.parse(call.body!) }, { status: 201 }),
    });
    const { router } = renderApp('/app/admin/entites/nouvelle');
    expect(
      await screen.findByRole('heading', { name: 'Nouvelle entité' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^État/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Les Chevaliers du Rhône');
    await userEvent.type(screen.getByLabelText(/^Code/), 'c');
    await userEvent.type(screen.getByLabelText(/^E-mail de facturation/), 'pas-une-adresse');
    await userEvent.click(screen.getByRole('button', { name: "Créer l'entité" }));
    // The contract's own messages, shown under the fields before anything is sent.
    expect(screen.getByText('Le code doit contenir au moins 2 caractères.')).toBeInTheDocument();
    expect(
      screen.getByText("Le format de l'e-mail est invalide (exemple : prenom.nom@exemple.fr)."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The code is typed in capitals whatever the keyboard says.
    await userEvent.type(screen.getByLabelText(/^Code/), 'hev');
    expect(screen.getByLabelText(/^Code/)).toHaveValue('CHEV');
    await userEvent.clear(screen.getByLabelText(/^E-mail de facturation/));
    await userEvent.click(screen.getByRole('button', { name: "Créer l'entité" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/admin/entites/3'));
    expect(bodyOf(calls, 'POST', '/api/entite')).toEqual({
      code: 'CHEV',
      nom: 'Les Chevaliers du Rhône',
      type: 'GODF',
      numero: null,
      ville: null,
      adresseFacturation: null,
      emailFacturation: null,
    });
    expect(await screen.findByText('Entité créée.')).toBeInTheDocument();
  });

  it('shows the server’s refusal, such as a code already taken', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({
      ...existing(ENTITY),
      'PUT /api/entite': failure(412, {
        status: 412,
        error: 'precondition_failed',
        message: "Le code « TOL » est déjà utilisé par l'entité « Tolérance et Progrès ».",
      }),
    });
    renderApp('/app/admin/entites/3');
    const code = await screen.findByLabelText(/^Code/, {}, { timeout: 5000 });
    await userEvent.clear(code);
    await userEvent.type(code, 'TOL');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreur de saisie' });
    expect(
      within(dialog).getByText("Le code « TOL » est déjà utilisé par l'entité « Tolérance et Progrès ».", {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it('offers the member import only on an active entity, in a dialog', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi(existing(ENTITY));
    const view = renderApp('/app/admin/entites/3');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Importer des membres' }, { timeout: 5000 }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Importer des membres dans « Les Chevaliers du Rhône »' }),
    ).toBeInTheDocument();
    view.unmount();

    mockApi(existing({ ...ENTITY, etat: 'S', nbMembres: 0, actions: ['EDIT', 'MEMBERS', 'HISTORY'] }));
    renderApp('/app/admin/entites/3');
    expect(
      await screen.findByText('Loge bleue (Grand Orient de France) — 0 membre actuel', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'État' })).toHaveValue('Supprimée');
    expect(screen.queryByRole('button', { name: 'Importer des membres' })).not.toBeInTheDocument();
  });

  it('locks the form and hides the history when the server allows neither', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi(existing({ ...ENTITY, actions: ['MEMBERS'] }));
    renderApp('/app/admin/entites/3');
    expect(await screen.findByLabelText(/^Nom/, {}, { timeout: 5000 })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Historique' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Membres' })).toBeInTheDocument();
  });

  it('says so for an address that names no entity', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({});
    renderApp('/app/admin/entites/abc');
    expect(await screen.findByText("Cette entité n'existe pas.", {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
