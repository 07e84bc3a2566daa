import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Document,
  DocumentListSchema,
  EntityListSchema,
  type Reservation,
  type ReservationDetail,
  ReservationDetailSchema,
  ReservationSchema,
  type Room,
  RoomListSchema,
  type Week,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';
import { mondayOf } from '@union/contract';
import { capitalized, longDate, todayIso } from '../api/dates';

const ROOMS: Room[] = [
  { id: 1, nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500, active: true },
  { id: 2, nom: 'Salle Voltaire', capacite: 40, couleur: '#2f9e44', tarifHoraire: 2000, active: true },
  { id: 3, nom: 'Salle fermée', capacite: 10, couleur: '#000000', tarifHoraire: 0, active: false },
];

const REQUEST: Reservation = {
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
  participants: 40,
  commentaire: null,
  etat: 'DC',
  demandeur: { id: 9, nom: 'Vénérable', prenom: 'Victor' },
  motifRefus: null,
  idPlanning: null,
  actions: ['INFOS', 'ACCEPT_CREATION', 'REFUSE_CREATION'],
};

const WEEK: Week = {
  debut: '2099-12-07',
  fin: '2099-12-13',
  reservations: [REQUEST],
  fermetures: [{ date: '2099-12-10', motif: 'Travaux de peinture' }],
  gestion: true,
  regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
};

const DETAIL: ReservationDetail = {
  ...REQUEST,
  historique: [
    {
      id: 1,
      date: '2099-11-01T10:00:00.000Z',
      action: 'CREATE_REQUEST',
      libelle: 'Demande faite par Victor Vénérable le 1er novembre 2099 à 11:00',
      resume: null,
      auteur: 'Victor Vénérable',
      motif: null,
    },
  ],
};

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/reservation/search/2099-12-07': reply(WeekSchema, WEEK),
    'GET /api/parametres/salles': reply(RoomListSchema, ROOMS),
    'GET /api/entite/all': reply(EntityListSchema, []),
    'GET /api/reservation/42/infos': reply(ReservationDetailSchema, DETAIL),
    ...extra,
  });
}

// Whole-app renders with many slots: slow on a shared machine, as the other page tests allow.
describe('planning', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a retired room in the day view on a day it is still held, closed to new bookings', async () => {
    signInAs(['USER', 'PLANNING']);
    const held: Reservation = {
      ...REQUEST,
      id: 43,
      idSalle: 3,
      salle: 'Salle fermée',
      libelle: 'Réunion maintenue',
    };
    serve({
      'GET /api/reservation/search/2099-12-07': reply(WeekSchema, { ...WEEK, reservations: [REQUEST, held] }),
    });
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    const grid = await screen.findByRole('region', { name: /une colonne par salle/ });
    expect(await within(grid).findByText('Salle fermée')).toBeInTheDocument();
    expect(within(grid).getByText('Fermée à la réservation')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /Réunion maintenue/ })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Salle fermée, 10:00 à 10:30' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows the day with one column per active room and the reservations in them', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    expect(await screen.findByText('Mardi 8 décembre 2099')).toBeInTheDocument();
    const grid = await screen.findByRole('region', { name: /une colonne par salle/ });
    expect(within(grid).getByText('Temple Hiram')).toBeInTheDocument();
    expect(within(grid).getByText('Salle Voltaire')).toBeInTheDocument();
    expect(within(grid).queryByText('Salle fermée')).not.toBeInTheDocument();
    expect(
      within(grid).getByRole('button', {
        name: /Tenue au 1er degré, Les Chevaliers du Rhône, 19:00 à 21:00/,
      }),
    ).toBeInTheDocument();
    // A booked half-hour cannot be selected; a free one can.
    expect(
      within(grid).getByRole('button', { name: 'Temple Hiram, 19:30 à 20:00, réservé' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(within(grid).getByRole('button', { name: 'Temple Hiram, 10:00 à 10:30' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('selects free slots and opens the booking form with them', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    await userEvent.click(await screen.findByRole('button', { name: 'Salle Voltaire, 10:00 à 10:30' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salle Voltaire, 11:00 à 11:30' }));
    expect(screen.getByText(/10:00 – 11:30/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réserver une salle' });
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('10:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('11:30');
  });

  it('shows a closed day and lets nothing be selected on it', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-10&vue=jour');
    expect(await screen.findByText('Travaux de peinture')).toBeInTheDocument();
    const slot = screen.getByRole('button', { name: 'Temple Hiram, 10:00 à 10:30' });
    expect(slot).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(slot);
    expect(screen.queryByRole('button', { name: 'Réserver ce créneau' })).not.toBeInTheDocument();
  });

  it('opens a reservation with exactly the buttons the server allows, and asks a reason to refuse', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = serve({
      'PUT /api/reservation?action=REFUSE_CREATION': reply(ReservationSchema, {
        ...REQUEST,
        etat: 'SU',
        actions: ['INFOS'],
      }),
    });
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    await userEvent.click(await screen.findByRole('button', { name: /Tenue au 1er degré, Les Chevaliers/ }));
    const panel = await screen.findByRole('dialog', { name: 'Réservation' });
    expect(
      await within(panel).findByText('Demande faite par Victor Vénérable le 1er novembre 2099 à 11:00'),
    ).toBeInTheDocument();
    expect(within(panel).getAllByText(/Victor Vénérable/).length).toBeGreaterThan(0);
    expect(within(panel).getByRole('button', { name: 'Accepter la demande' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refuser la demande' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Refuser la demande' }));
    const reasonDialog = await screen.findByRole('dialog', { name: 'Refuser la demande' });
    const refuse = within(reasonDialog).getByRole('button', { name: 'Refuser' });
    expect(refuse).toBeDisabled();
    await userEvent.type(
      within(reasonDialog).getByRole('textbox', { name: /Motif du refus/ }),
      'Salle promise',
    );
    await userEvent.click(refuse);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/reservation?action=REFUSE_CREATION');
    expect(JSON.parse(put.body!)).toEqual({ id: 42, motif: 'Salle promise' });
  });

  it('lists the convocations tied to the session in its panel, as links to them', async () => {
    signInAs(['USER', 'PLANNING']);
    const convocation: Document = {
      id: 77,
      type: 'V',
      titre: 'Convocation à la tenue du 8 décembre',
      date: '2099-12-01',
      idEntite: 5,
      entite: 'Les Chevaliers du Rhône',
      audience: 'ENTITE',
      idReservation: 42,
      nomFichier: 'convocation.pdf',
      typeFichier: 'application/pdf',
      taille: 1000,
      diffusion: 'D',
      publieLe: '2099-12-01T10:00:00.000Z',
      actions: [],
    };
    const calls = serve({
      'GET /api/document/all?idReservation=42&type=V': reply(DocumentListSchema, {
        total: 1,
        documents: [convocation],
        publication: [],
        tailleMax: 20_000_000,
      }),
    });
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    await userEvent.click(await screen.findByRole('button', { name: /Tenue au 1er degré, Les Chevaliers/ }));
    const panel = await screen.findByRole('dialog', { name: 'Réservation' });
    const link = await within(panel).findByRole('link', { name: 'Convocation à la tenue du 8 décembre' });
    expect(link).toHaveAttribute('href', '/app/doc/77');
    expect(within(panel).getByText('Convocation')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/document/'))).toHaveLength(1);
  });

  it('lists the week day by day on a phone, with closures', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(max-width: 37.5em)',
    })) as typeof window.matchMedia;
    try {
      renderApp('/app/reservations?date=2099-12-08&vue=semaine');
      expect(await screen.findByText(/Semaine du lundi 7 décembre 2099/)).toBeInTheDocument();
      expect(await screen.findByText(/Fermé : Travaux de peinture/)).toBeInTheDocument();
      expect(screen.getAllByText('Aucune réservation')).toHaveLength(5);
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
  it('moves a day back and forth, across weeks, and back to today (Paris) with « Aujourd’hui »', async () => {
    signInAs(['USER', 'PLANNING']);
    const empty = (debut: string, fin: string): Week => ({
      ...WEEK,
      debut,
      fin,
      reservations: [],
      fermetures: [],
    });
    serve({
      'GET /api/reservation/search/2099-11-30': reply(WeekSchema, empty('2099-11-30', '2099-12-06')),
      [`GET /api/reservation/search/${mondayOf(todayIso())}`]: reply(
        WeekSchema,
        empty(mondayOf(todayIso()), todayIso()),
      ),
    });
    renderApp('/app/reservations?date=2099-12-07&vue=jour');
    expect(await screen.findByText('Lundi 7 décembre 2099')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Jour suivant' }));
    expect(await screen.findByText('Mardi 8 décembre 2099')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Jour précédent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Jour précédent' }));
    expect(await screen.findByText('Dimanche 6 décembre 2099')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aujourd’hui' }));
    expect(await screen.findByText(capitalized(longDate(todayIso())))).toBeInTheDocument();
  });

  it('is one tab stop with arrow keys, and the booking button is a few Tab presses after the chosen slot', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    const grid = await screen.findByRole('region', { name: /une colonne par salle/ });
    const user = userEvent.setup();
    const slots = () => [...grid.querySelectorAll<HTMLButtonElement>('.day-slot')];
    expect(slots().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    slots()
      .find((b) => b.tabIndex === 0)!
      .focus();
    expect(document.activeElement).toHaveAccessibleName('Temple Hiram, 08:00 à 08:30');
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName('Salle Voltaire, 10:00 à 10:30');
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByText(/10:00 – 11:30/)).toBeInTheDocument();
    expect(slots().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    let presses = 0;
    while (document.activeElement !== screen.getByRole('button', { name: 'Réserver ce créneau' })) {
      await user.tab();
      presses += 1;
      expect(presses).toBeLessThan(5);
    }
  });

  it('speaks of clicks and keys with a mouse, of touching on a touch screen', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    const view = renderApp('/app/reservations?date=2099-12-08&vue=jour');
    expect(await screen.findByText(/Cliquez sur un créneau libre/)).toBeInTheDocument();
    expect(screen.queryByText(/Touchez/)).not.toBeInTheDocument();
    view.unmount();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(pointer: coarse)',
    })) as typeof window.matchMedia;
    try {
      renderApp('/app/reservations?date=2099-12-08&vue=jour');
      expect(await screen.findByText(/Touchez un créneau libre/)).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('says the next week is being read while its answer comes (aria-busy), then draws it', async () => {
    signInAs(['USER', 'PLANNING']);
    serve({
      'GET /api/reservation/search/2099-12-14': reply(WeekSchema, {
        ...WEEK,
        debut: '2099-12-14',
        fin: '2099-12-20',
        reservations: [{ ...REQUEST, id: 44, date: '2099-12-15' }],
        fermetures: [],
      }),
    });
    // The next week's answer is held until the test lets it go.
    const answer = fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.endsWith('/search/2099-12-14')) await held;
      return answer(input, init);
    });
    renderApp('/app/reservations?date=2099-12-08&vue=semaine');
    const first = await screen.findByRole('grid', { name: /Semaine du lun\.? 7 déc/ });
    expect(first).not.toHaveAttribute('aria-busy');
    await userEvent.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    const next = await screen.findByRole('grid', { name: /Semaine du lun\.? 14 déc/ });
    expect(next).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(next).not.toHaveAttribute('aria-busy'));
    expect(within(next).getByRole('button', { name: /^Temple Hiram, 19:00 à 21:00/ })).toBeInTheDocument();
  });

  it('draws the week as a time grid and books a free half-hour from it', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine');
    const grid = await screen.findByRole('grid', { name: /Semaine du lun\.? 7 déc/ });
    // The booking is a block as tall as its two hours, announced with its room, hours and lodge.
    const block = within(grid).getByRole('button', {
      name: 'Temple Hiram, 19:00 à 21:00, Les Chevaliers du Rhône, Tenue au 1er degré, Création demandée',
    });
    expect(block.style.height).toBe(`${4 * 26 - 2}px`);
    // The closed day books nothing; a free half-hour says in how many rooms it is free.
    expect(
      within(grid).getByRole('gridcell', { name: /^Jeu\.? 10 déc\.?, 10:00 à 10:30, fermé/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(
      within(grid).getByRole('gridcell', { name: /^Mar\.? 8 déc\.?, 19:00 à 19:30, libre dans 1 salle$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Réserver une salle' });
    expect(within(dialog).getByRole('button', { name: /Date/ })).toHaveTextContent(/8 décembre 2099/);
    expect(within(dialog).getByRole('textbox', { name: 'Salle' })).toHaveValue('Salle Voltaire');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('19:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('20:00');
  });

  it('names the staff tab « Demandes à traiter »', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=jour');
    const nav = await screen.findByRole('navigation', { name: 'Sections du planning' });
    expect(await within(nav).findByRole('link', { name: 'Demandes à traiter' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Mes demandes' })).not.toBeInTheDocument();
  });
});
