import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntitySummaryListSchema,
  type Reservation,
  type Room,
  RoomListSchema,
  type Week,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const ROOMS: Room[] = [
  { id: 1, nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500, active: true },
  { id: 2, nom: 'Salle Voltaire', capacite: 40, couleur: '#2f9e44', tarifHoraire: 2000, active: true },
];

const BOOKED: Reservation = {
  id: 42,
  idSalle: 1,
  salle: 'Temple Hiram',
  couleurSalle: '#1c7ed6',
  idEntite: 5,
  entite: 'Les Chevaliers du Rhône',
  date: '2099-12-08',
  heureDebut: '19:00',
  heureFin: '21:00',
  type: 'TC',
  libelle: 'Tenue au 1er degré',
  etat: 'CR',
  idPlanning: null,
  actions: ['INFOS'],
};
// Another lodge's booking: the server sends it without its label, and the calendar shows what it has.
const OTHER: Reservation = {
  ...BOOKED,
  id: 43,
  idSalle: 2,
  salle: 'Salle Voltaire',
  couleurSalle: '#2f9e44',
  entite: 'La Fraternité',
  date: '2099-12-16',
  heureDebut: '10:00',
  heureFin: '12:00',
  type: undefined,
  libelle: undefined,
};

const week = (debut: string, fin: string, extra: Partial<Week> = {}): Week => ({
  debut,
  fin,
  reservations: [],
  fermetures: [],
  gestion: false,
  regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
  ...extra,
});

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...extra,
    'GET /api/reservation/search/2099-11-30': reply(WeekSchema, week('2099-11-30', '2099-12-06')),
    'GET /api/reservation/search/2099-12-07': reply(
      WeekSchema,
      week('2099-12-07', '2099-12-13', {
        reservations: [BOOKED],
        fermetures: [{ date: '2099-12-10', motif: 'Travaux de peinture' }],
      }),
    ),
    'GET /api/reservation/search/2099-12-14': reply(
      WeekSchema,
      week('2099-12-14', '2099-12-20', { reservations: [OTHER] }),
    ),
    'GET /api/reservation/search/2099-12-21': reply(WeekSchema, week('2099-12-21', '2099-12-27')),
    'GET /api/reservation/search/2099-12-28': reply(WeekSchema, week('2099-12-28', '2100-01-03')),
    'GET /api/parametres/salles': reply(RoomListSchema, ROOMS),
    'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, [
      {
        id: 5,
        code: 'CR',
        nom: 'Les Chevaliers du Rhône',
        type: 'GODF',
        numero: '12',
        ville: 'Lyon',
        etat: 'A',
      },
    ]),
  });
}

describe('the planning as a calendar', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the month as weeks of days from Monday, with its lines and closed days', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=mois');
    const grid = await screen.findByRole('grid', { name: 'Planning du mois : décembre 2099' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('lundi');
    expect(headers[6]).toHaveTextContent('dimanche');
    // From Monday 30 November to Sunday 3 January: five weeks.
    const cells = await within(grid).findAllByRole('gridcell');
    expect(cells).toHaveLength(35);
    expect(cells[0]).toHaveTextContent('Lundi 30 novembre 2099');
    expect(
      await within(cells[8]!).findByText(/Temple Hiram, 19:00 à 21:00, Les Chevaliers du Rhône, Tenue/),
    ).toBeInTheDocument();
    expect(cells[10]).toHaveTextContent('Fermé : Travaux de peinture');
    expect(cells[10]).toHaveClass('closed');
    // The other lodge's line says the room, the hours and the lodge: no label reached the screen.
    expect(within(cells[16]!).getByText('Salle Voltaire, 10:00 à 12:00, La Fraternité')).toBeInTheDocument();
    expect(screen.getByText('Décembre 2099')).toBeInTheDocument();
  });

  it('moves through the month with the arrows and opens a day with Enter', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=mois');
    const grid = await screen.findByRole('grid', { name: /décembre 2099/ });
    await within(grid).findByText(/Temple Hiram, 19:00/);
    // One tab stop, on the day asked for.
    const stops = within(grid)
      .getAllByRole('gridcell')
      .filter((c) => c.tabIndex === 0);
    expect(stops).toHaveLength(1);
    expect(stops[0]).toHaveAttribute('data-day', '2099-12-08');
    stops[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-day', '2099-12-09');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-day', '2099-12-16');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toHaveAttribute('data-day', '2099-12-14');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Lundi 14 décembre 2099')).toBeInTheDocument();
  });

  it('steps to the month before with its button', async () => {
    signInAs(['USER', 'PLANNING']);
    const november = ['2099-10-26', '2099-11-02', '2099-11-09', '2099-11-16', '2099-11-23'];
    serve(
      Object.fromEntries(
        november.map((monday) => [
          `GET /api/reservation/search/${monday}`,
          reply(WeekSchema, week(monday, monday)),
        ]),
      ),
    );
    renderApp('/app/reservations?date=2099-12-08&vue=mois');
    await screen.findByRole('grid', { name: /décembre 2099/ });
    await userEvent.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(await screen.findByRole('grid', { name: 'Planning du mois : novembre 2099' })).toBeInTheDocument();
  });

  it('walks the week grid with the arrows, reaches each block, and books a free half-hour with Enter', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du lun\.? 7 déc/ });
    // One room shown: its free half-hours say « libre », its booked ones « occupé ».
    const start = await within(grid).findByRole('gridcell', {
      name: /^Mar\.? 8 déc\.?, 18:30 à 19:00, libre$/,
    });
    expect(
      within(grid).getByRole('gridcell', { name: /^Mar\.? 8 déc\.?, 19:30 à 20:00, occupé/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    start.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^Mar\.? 8 déc\.?, 19:00 à 19:30, occupé/);
    // After the half-hour comes the block that starts in it.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(
      'Temple Hiram, 19:00 à 21:00, Les Chevaliers du Rhône, Tenue au 1er degré',
    );
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(/^Mer\.? 9 déc\.?, 18:30 à 19:00, libre$/);
    // Only one tab stop in the whole grid.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Demander une salle' });
    expect(within(dialog).getByRole('textbox', { name: 'Salle' })).toHaveValue('Temple Hiram');
    expect(within(dialog).getByRole('button', { name: /Date/ })).toHaveTextContent(/9 décembre 2099/);
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('18:30');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('19:30');
  });

  it('shows one room alone when the filter names it, in the month as in the week', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=mois&salle=2');
    const grid = await screen.findByRole('grid', { name: /décembre 2099/ });
    expect(await within(grid).findByText('Salle Voltaire, 10:00 à 12:00, La Fraternité')).toBeInTheDocument();
    expect(within(grid).queryByText(/Temple Hiram/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filtrer par salle' })).toHaveValue('2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filtrer par salle' }), '');
    expect(await within(grid).findByText(/Temple Hiram, 19:00 à 21:00/)).toBeInTheDocument();
  });
});
