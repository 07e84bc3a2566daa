import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Entity, EntityDetailSchema, EntityListSchema, HistorySchema } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const entity = (fields: Partial<Entity> & Pick<Entity, 'id' | 'code' | 'nom'>): Entity => ({
  type: 'GODF',
  numero: null,
  ville: 'Lyon',
  adresseFacturation: null,
  emailFacturation: null,
  etat: 'A',
  nbMembres: 0,
  ...fields,
});

const ENTITIES: Entity[] = [
  entity({ id: 1, code: 'UNION', nom: "L'Union", type: 'UN', nbMembres: 4 }),
  entity({ id: 3, code: 'CHEV', nom: 'Les Chevaliers du Rhône', numero: '1024', nbMembres: 37 }),
  entity({ id: 4, code: 'TOL', nom: 'Tolérance et Progrès', type: 'DH', ville: 'Villeurbanne' }),
  entity({ id: 5, code: 'SOMMEIL', nom: 'Loge en sommeil', etat: 'S' }),
];

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('entities list', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the active entities with type, number, city, members and state', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/entite/all': reply(EntityListSchema, ENTITIES) });
    renderApp('/app/admin/entites');
    const row = await screen.findByRole('row', { name: /Les Chevaliers du Rhône/ }, { timeout: 5000 });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Les Chevaliers du Rhône',
      'CHEV',
      'Loge bleue (Grand Orient de France)',
      '1024',
      'Lyon',
      '37',
      'Active',
    ]);
    expect(rowNames()).toEqual(["L'Union", 'Les Chevaliers du Rhône', 'Tolérance et Progrès']);
    expect(within(screen.getByRole('row', { name: /Tolérance/ })).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvelle entité' })).toHaveAttribute(
      'href',
      '/app/admin/entites/nouvelle',
    );
  });

  it('filters by state and by words typed without accents, and says when nothing matches', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/entite/all': reply(EntityListSchema, ENTITIES) });
    renderApp('/app/admin/entites');
    await screen.findByRole('row', { name: /Chevaliers/ }, { timeout: 5000 });

    await userEvent.click(screen.getByText('Supprimées'));
    expect(rowNames()).toEqual(['Loge en sommeil']);
    await userEvent.click(screen.getByText('Toutes'));
    expect(rowNames()).toHaveLength(4);

    await userEvent.type(screen.getByLabelText('Rechercher'), 'tolerance villeurbanne');
    expect(rowNames()).toEqual(['Tolérance et Progrès']);
    await userEvent.clear(screen.getByLabelText('Rechercher'));
    await userEvent.type(screen.getByLabelText('Rechercher'), '1024');
    expect(rowNames()).toEqual(['Les Chevaliers du Rhône']);
    await userEvent.type(screen.getByLabelText('Rechercher'), ' zzz');
    expect(screen.getByText('Aucune entité ne correspond à ces critères.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens an entity when its row is clicked', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({
      'GET /api/entite/all': reply(EntityListSchema, ENTITIES),
      'GET /api/entite/4/infos': reply(EntityDetailSchema, {
        ...ENTITIES[2]!,
        creeLe: '2026-03-03T09:15:00.000Z',
        modifieLe: '2026-03-03T09:15:00.000Z',
        actions: [],
      }),
      'GET /api/entite/4/historique': reply(HistorySchema, []),
    });
    const { router } = renderApp('/app/admin/entites');
    const row = await screen.findByRole('row', { name: /Tolérance/ }, { timeout: 5000 });
    await userEvent.click(within(row).getByText('Villeurbanne'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/admin/entites/4'));
    expect(await screen.findByRole('heading', { name: 'Tolérance et Progrès' })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/entite/all': failure(500, { status: 500, error: 'internal_error' }) });
    renderApp('/app/admin/entites');
    expect(
      await screen.findByText("La liste des entités n'a pas pu être chargée.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
