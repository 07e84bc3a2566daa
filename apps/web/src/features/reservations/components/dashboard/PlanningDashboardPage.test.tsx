import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mondayOf,
  type PlanningDashboard,
  PlanningDashboardSchema,
  type Week,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../../test/utils';
import { todayIso } from '../../api/dates';

const months = [
  '2026-09',
  '2026-10',
  '2026-11',
  '2026-12',
  '2027-01',
  '2027-02',
  '2027-03',
  '2027-04',
  '2027-05',
  '2027-06',
  '2027-07',
  '2027-08',
];
const room = (id: number, nom: string, jours: number[], octobre: number) => ({
  id,
  nom,
  minutes: octobre,
  taux: id === 1 ? 2.5 : 0.4,
  mois: months.map((mois) => ({ mois, minutes: mois === '2026-10' ? octobre : 0, taux: 0 })),
  jours,
});

const DASHBOARD: PlanningDashboard = {
  saison: { annee: 2026, debut: '2026-09-01', fin: '2027-08-31' },
  salles: [
    room(1, 'Temple Hiram', [0, 8, 0, 3, 0, 1, 0], 480),
    room(2, 'Salle Voltaire', [0, 0, 0, 0, 2, 0, 0], 120),
  ],
  demandes: [
    {
      id: 5,
      etat: 'DC',
      date: '2026-12-08',
      debut: '19:00',
      fin: '23:00',
      salle: 'Temple Hiram',
      entite: 'Loge Orion',
      libelle: 'Tenue',
      age: 14,
    },
  ],
  demandesTotal: 3,
  fermetures: [{ date: '2026-12-24', motif: 'Réveillon' }],
};

const week = (gestion: boolean): Week => {
  const debut = mondayOf(todayIso());
  return {
    debut,
    fin: debut,
    reservations: [],
    fermetures: [],
    gestion,
    regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
  };
};

describe('the Union staff’s dashboard of the planning', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the section for the staff: requests by age, closed days ahead, occupancy and the heat map', async () => {
    signInAs(['USER', 'PLANNING']);
    mockApi({
      [`GET /api/reservation/search/${mondayOf(todayIso())}`]: reply(WeekSchema, week(true)),
      'GET /api/reservation/tableau-de-bord': reply(PlanningDashboardSchema, DASHBOARD),
    });
    const { router } = renderApp('/app/reservations');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord du planning' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/reservations/tableau-de-bord');
    expect(
      await screen.findByText(/3 demandes en attente, la plus ancienne depuis 14 jours \(1 affichée ici\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Traiter les 3 demandes' })).toHaveAttribute(
      'href',
      '/app/reservations/demandes',
    );
    expect(screen.getByText(/Réveillon/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter (Excel)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections du planning' })).getByRole('link', {
        name: 'Planning',
      }),
    ).toHaveAttribute('href', '/app/reservations/planning');

    // The heat map is a real table: the room's row holds its seven figures, Monday first.
    const heat = screen.getByRole('table', { name: /par salle et par jour/ });
    const hiram = within(heat).getByRole('row', { name: /Temple Hiram/ });
    expect(
      within(hiram)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '8', '0', '3', '0', '1', '0']);
    expect(screen.getByText(/Le plus chargé : Temple Hiram le mardi \(8 réservations/)).toBeInTheDocument();

    const waiting = screen.getByRole('table', { name: 'Demandes en attente' });
    const row = within(waiting).getByRole('row', { name: /Tenue/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Temple Hiram', '08/12/2026 19:00–23:00', '14 jours']);
    expect(within(row).getByRole('link', { name: 'Réservation : Tenue' })).toHaveAttribute(
      'href',
      '/app/reservations/planning?date=2026-12-08&vue=jour',
    );
    const occupancy = screen.getByRole('region', { name: 'Occupation de chaque salle' });
    await userEvent.click(within(occupancy).getByRole('button', { name: 'Voir les chiffres' }));
    expect(within(occupancy).getByRole('row', { name: /Temple Hiram/ })).toHaveTextContent('2,5');
  });

  it('keeps the planning first for those who only book, without asking the dashboard', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = mockApi({
      [`GET /api/reservation/search/${mondayOf(todayIso())}`]: reply(WeekSchema, week(false)),
    });
    renderApp('/app/reservations');
    expect(await screen.findByRole('heading', { name: 'Planning des salles' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tableau de bord' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/reservation/tableau-de-bord')).toBe(false);
  });
});
