import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RestaurantDashboard, RestaurantDashboardSchema } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { download, mockApi, renderApp, reply, signInAs } from '../../../../../test/utils';

const DASHBOARD: RestaurantDashboard = {
  saison: { annee: 2026, debut: '2026-09-01', fin: '2027-08-31' },
  repas: [
    {
      id: 4,
      date: '2026-10-06',
      type: 'M',
      titre: 'Déjeuner',
      places: 40,
      commandes: 3,
      reserves: 6,
      payes: 4,
    },
  ],
  plats: [{ type: 'M', libelle: 'Menu du jour', quantite: 6 }],
  encaissements: [
    { semaine: '2026-10-05', carte: 3000, especes: 2000, cheque: 0, bar: 1800, carteUnion: 5600 },
  ],
  rechargements: [{ semaine: '2026-10-05', enLigne: 1, guichet: 1, cartes: 1, montant: 5000 }],
  prochainRepas: {
    id: 7,
    date: '2026-11-20',
    type: 'S',
    titre: 'Dîner de la Saint-Jean',
    places: 30,
    reserves: 3,
    plats: [{ id: 11, type: 'P', libelle: 'Blanquette', quantite: 3 }],
    remarques: [{ pour: 'Alice Martin', couverts: 2, remarque: 'Allergie aux arachides' }],
  },
};

describe('the restaurant manager’s dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the section for MENUS, with the next meal, its allergies and the season’s figures', async () => {
    signInAs(['USER', 'RESTAURATION', 'MENUS']);
    mockApi({ 'GET /api/repas/tableau-de-bord': reply(RestaurantDashboardSchema, DASHBOARD) });
    const { router } = renderApp('/app/restauration');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord du restaurant' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/restauration/tableau-de-bord');
    // The title is set in an effect, which React may run after the heading is painted.
    await waitFor(() => expect(document.title).toMatch(/^Tableau de bord du restaurant/));
    expect(
      await screen.findByText(/Saison 2026–2027, du 1er septembre 2026 au 31 août 2027/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: /Prochain repas : vendredi 20 novembre 2026/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Allergie aux arachides')).toBeInTheDocument();
    const portions = screen.getByRole('table', { name: /Portions à préparer/ });
    expect(within(portions).getByRole('row', { name: /Blanquette/ })).toHaveTextContent('3');
    expect(
      screen.getByText(/Blanquette vient|Menu du jour vient en tête avec 6 portions/),
    ).toBeInTheDocument();
    // 30 + 20 + 18 € taken; the 56 € paid from cards are said apart.
    expect(screen.getByText(/68,00 €.*encaissés cette saison.*\(56,00 €\)/)).toBeInTheDocument();

    const covers = screen.getByRole('region', { name: 'Couverts par repas' });
    await userEvent.click(within(covers).getByRole('button', { name: 'Voir les chiffres' }));
    const table = within(covers).getByRole('table', { name: 'Couverts par repas' });
    const row = within(table).getByRole('row', { name: /Agapes du midi/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '4']);
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/app/restauration/repas?date=2026-10-06');
    expect(screen.getByRole('link', { name: 'Repas de la semaine' })).toHaveAttribute(
      'href',
      '/app/restauration/repas',
    );
  });

  it('exports its figures to Excel, the toast naming the file', async () => {
    signInAs(['USER', 'RESTAURATION', 'MENUS']);
    // jsdom cannot follow a blob link: the click that saves the file is only recorded.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const calls = mockApi({
      'GET /api/repas/tableau-de-bord': reply(RestaurantDashboardSchema, DASHBOARD),
      'GET /api/repas/tableau-de-bord/excel': download('xlsx'),
    });
    renderApp('/app/restauration/tableau-de-bord');
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter (Excel)' }));
    expect(await screen.findByText(/Fichier .*\.xlsx téléchargé\./)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.path)).toContain('/api/repas/tableau-de-bord/excel');
    save.mockRestore();
  });

  it('keeps the week of meals first for members, and the dashboard for MENUS only', async () => {
    signInAs(['USER', 'RESTAURATION']);
    const calls = mockApi({});
    const { router } = renderApp('/app/restauration/tableau-de-bord');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/portail'));
    expect(calls.some((c) => c.path === '/api/repas/tableau-de-bord')).toBe(false);
  });
});
