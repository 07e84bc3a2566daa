import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  EntityListSchema,
  EntitySummaryListSchema,
  PlanningEntryListSchema,
  PlanningYearsSchema,
  type Reservation,
  type Room,
  RoomListSchema,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';
import { yearMondays } from './year-grid';

const ROOMS: Room[] = [
  { id: 1, nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500, active: true },
  { id: 2, nom: 'Salle Lafayette', capacite: 40, couleur: '#2b8a3e', tarifHoraire: 2500, active: true },
];
const booking = (
  id: number,
  date: string,
  heureDebut: string,
  heureFin: string,
  entite: string,
): Reservation => ({
  id,
  idSalle: 1,
  salle: 'Temple Hiram',
  couleurSalle: '#1c7ed6',
  idEntite: id,
  entite,
  date,
  heureDebut,
  heureFin,
  etat: 'CR',
  idPlanning: null,
  actions: [],
});
const BOOKINGS = [
  booking(1, '2099-10-06', '14:00', '18:00', 'La Concorde'),
  booking(2, '2099-10-06', '17:00', '20:00', 'Les Amis réunis'),
  booking(3, '2099-11-10', '19:00', '22:00', 'La Concorde'),
];

/** Every week of the masonic year 2099, the bookings and Christmas in theirs. */
function weeks() {
  const handlers: Record<string, ReturnType<typeof reply>> = {};
  for (const monday of yearMondays(2099)) {
    const fin = addDays(monday, 6);
    const inWeek = (d: string) => d >= monday && d <= fin;
    handlers[`GET /api/reservation/search/${monday}`] = reply(WeekSchema, {
      debut: monday,
      fin,
      reservations: BOOKINGS.filter((r) => inWeek(r.date)),
      fermetures: inWeek('2099-12-25') ? [{ date: '2099-12-25', motif: 'Noël' }] : [],
      gestion: true,
      regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
    });
  }
  return handlers;
}

describe('the annual planning’s year grid', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks each day’s bookings, closed days and the clashes, said in words, and is walked with the arrows', async () => {
    signInAs(['USER', 'PLANNING']);
    mockApi({
      'GET /api/planning/annees': reply(PlanningYearsSchema, {
        annees: [{ annee: 2099, libelle: '2099-2100', entrees: 0 }],
        gestion: true,
      }),
      'GET /api/planning/search/2099/0/0': reply(PlanningEntryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, ROOMS),
      'GET /api/entite/all': reply(EntityListSchema, []),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      ...weeks(),
    });
    const { router } = renderApp('/app/reservations/annuel');
    const grid = await screen.findByRole('grid', { name: 'Année 2099-2100 : Temple Hiram' });
    expect(within(grid).getAllByRole('row')).toHaveLength(13);
    const status = await screen.findByText(/avec un chevauchement/);
    expect(status).toHaveTextContent('Temple Hiram : 1 jour avec un chevauchement');
    expect(
      screen.getByText(/Mardi 6 octobre 2099 : 14:00–18:00 La Concorde et 17:00–20:00 Les Amis réunis/),
    ).toBeInTheDocument();
    const october6 = within(grid).getByRole('gridcell', { name: /^Mardi 6 octobre 2099/ });
    expect(october6).toHaveAccessibleName(
      'Mardi 6 octobre 2099 ; 2 réservations : 14:00–18:00 La Concorde, 17:00–20:00 Les Amis réunis ; chevauchement',
    );
    expect(october6).toHaveClass('clash');
    expect(
      within(grid).getByRole('gridcell', { name: /^Vendredi 25 décembre 2099 ; fermé \(Noël\)/ }),
    ).toHaveClass('closed');

    // One tab stop on 1 September; the arrows walk days and months, a short month keeps its last day.
    const first = within(grid).getByRole('gridcell', { name: /^Mardi 1er septembre 2099/ });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName(/^Mercredi 30 septembre 2099/);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^Dimanche 28 février 2100/);
    await userEvent.keyboard(
      '{Home}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}',
    );
    expect(document.activeElement).toHaveAccessibleName(/^Mardi 6 octobre 2099/);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/reservations/planning'));
    expect(router.state.location.search).toBe('?date=2099-10-06&vue=jour&salle=1');
  });

  it('shows another room on demand, without clashes there', async () => {
    signInAs(['USER', 'PLANNING']);
    mockApi({
      'GET /api/planning/annees': reply(PlanningYearsSchema, {
        annees: [{ annee: 2099, libelle: '2099-2100', entrees: 0 }],
        gestion: true,
      }),
      'GET /api/planning/search/2099/0/0': reply(PlanningEntryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, ROOMS),
      'GET /api/entite/all': reply(EntityListSchema, []),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      ...weeks(),
    });
    renderApp('/app/reservations/annuel');
    await screen.findByText(/avec un chevauchement/);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Salle affichée' }),
      'Salle Lafayette',
    );
    expect(
      await screen.findByRole('grid', { name: 'Année 2099-2100 : Salle Lafayette' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Salle Lafayette : 0 réservation dans l’année, aucun chevauchement.'),
    ).toBeInTheDocument();
  });
});
