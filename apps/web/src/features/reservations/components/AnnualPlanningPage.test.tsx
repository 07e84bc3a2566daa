import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Entity,
  EntityListSchema,
  EntitySummaryListSchema,
  type PlanningEntry,
  type PlanningEntryDetail,
  PlanningEntryDetailSchema,
  PlanningEntryListSchema,
  type PlanningSaveResult,
  PlanningSaveResultSchema,
  type PlanningYears,
  PlanningYearsSchema,
  type Reservation,
  type Room,
  RoomListSchema,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';
import { weekDays } from '../api/dates';
import { monthsLabel } from './PlanningEntryList';
import { yearMondays } from './year-grid';

const ROOMS: Room[] = [
  { id: 1, nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500, active: true },
];
const ENTRY: PlanningEntry = {
  id: 3,
  annee: 2099,
  idEntite: 5,
  entite: 'Les Chevaliers du Rhône',
  idSalle: 1,
  salle: 'Temple Hiram',
  couleurSalle: '#1c7ed6',
  type: 'TC',
  libelle: 'Tenue régulière',
  heureDebut: '19:30',
  heureFin: '23:00',
  regle: { jourSemaine: 2, rang: 2 },
  regleLibelle: '2e mardi du mois',
  mois: [9, 10, 11, 12, 1, 2, 3, 4, 5, 6],
};
const YEARS = (gestion: boolean): PlanningYears => ({
  annees: [{ annee: 2099, libelle: '2099-2100', entrees: 1 }],
  gestion,
});
const ENTITIES: Entity[] = [
  {
    id: 5,
    code: 'CHEV',
    nom: 'Les Chevaliers du Rhône',
    type: 'GODF',
    numero: null,
    ville: null,
    adresseFacturation: null,
    emailFacturation: null,
    etat: 'A',
    nbMembres: 12,
  },
];

const PLACED: Reservation = {
  id: 70,
  idSalle: 1,
  salle: 'Temple Hiram',
  couleurSalle: '#1c7ed6',
  idEntite: 5,
  entite: 'Les Chevaliers du Rhône',
  date: '2099-10-13',
  heureDebut: '19:30',
  heureFin: '23:00',
  type: 'TC',
  libelle: 'Tenue régulière',
  participants: null,
  commentaire: null,
  etat: 'CR',
  demandeur: null,
  motifRefus: null,
  idPlanning: 3,
  actions: ['INFOS'],
};

/**
 * Every call the page makes: the year's entries and references, and the year grid's week calls (one per
 * week of 2099-2100, PLACED in its week). A call left out fails the test instead of logging a 404.
 */
function serve(gestion: boolean, more: Parameters<typeof mockApi>[0] = {}) {
  const weeks = Object.fromEntries(
    yearMondays(2099).map((monday) => [
      `GET /api/reservation/search/${monday}`,
      reply(WeekSchema, {
        debut: monday,
        fin: weekDays(monday)[6]!,
        reservations: [PLACED].filter((r) => weekDays(monday).includes(r.date)),
        fermetures: [],
        gestion,
        regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
      }),
    ]),
  );
  const handlers = {
    'GET /api/planning/annees': reply(PlanningYearsSchema, YEARS(gestion)),
    'GET /api/planning/search/2099/0/0': reply(PlanningEntryListSchema, [ENTRY]),
    'GET /api/parametres/salles': reply(RoomListSchema, ROOMS),
    'GET /api/entite/all': reply(EntityListSchema, ENTITIES),
    'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
    // The client's one GET for the XSRF cookie before a first write: only the cookie of its answer is read.
    'GET /api/parametres/droits': noContent(200),
    ...weeks,
    ...more,
  };
  const calls = mockApi(handlers);
  onTestFinished(() => {
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((c) => !(c in handlers))).toEqual([]);
  });
  return calls;
}

describe('annual planning', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [[9, 10, 11, 12, 1, 2, 3, 4, 5, 6], 'septembre à juin'],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 'toute l’année'],
    [[9, 1], 'septembre, janvier'],
  ])('writes the months %j as « %s »', (mois, label) => expect(monthsLabel(mois)).toBe(label));

  it('shows the entries by lodge, without editing buttons for members', async () => {
    signInAs(['USER', 'PLANNING']);
    serve(false);
    renderApp('/app/reservations/annuel');
    expect(await screen.findByText('2e mardi du mois')).toBeInTheDocument();
    // The year grid reads the weeks: the booking of 13 October is in its day.
    expect(
      await screen.findByRole('gridcell', { name: /^Mardi 13 octobre 2099 ; 1 réservation : 19:30–23:00/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Les Chevaliers du Rhône' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Modifier/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ajouter une tenue/ })).not.toBeInTheDocument();
  });

  it('saves a change and shows the conflicts report', async () => {
    signInAs(['USER', 'PLANNING']);
    const result: PlanningSaveResult = {
      entree: ENTRY,
      creees: 8,
      conflits: [{ date: '2099-12-08', raison: 'Le bâtiment est fermé ce jour-là (Noël).' }],
    };
    const calls = serve(true, { 'PUT /api/planning': reply(PlanningSaveResultSchema, result) });
    renderApp('/app/reservations/annuel');
    await screen.findByText('2e mardi du mois');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Modifier : Les Chevaliers du Rhône, 2e mardi du mois' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Modifier la tenue régulière' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer et planifier' }));
    const report = await screen.findByRole('dialog', { name: /2e mardi du mois/ });
    expect(report).toHaveTextContent('8 réservations confirmées créées.');
    expect(report).toHaveTextContent('Mardi 8 décembre 2099');
    expect(report).toHaveTextContent('Le bâtiment est fermé ce jour-là (Noël).');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({ id: 3, annee: 2099, regle: { jourSemaine: 2, rang: 2 } });
  });

  it('lists the reservations of an entry (GET /api/planning/{id}/infos), for members too', async () => {
    signInAs(['USER', 'PLANNING']);
    const detail: PlanningEntryDetail = {
      ...ENTRY,
      reservations: [PLACED, { ...PLACED, id: 71, date: '2099-11-10' }],
    };
    serve(false, { 'GET /api/planning/3/infos': reply(PlanningEntryDetailSchema, detail) });
    renderApp('/app/reservations/annuel');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Réservations : Les Chevaliers du Rhône, 2e mardi du mois' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Réservations : Les Chevaliers du Rhône/ });
    expect(await within(dialog).findByText(/Mardi 13 octobre 2099/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Mardi 10 novembre 2099/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('2 réservations de 19:30 à 23:00');
  });
});
