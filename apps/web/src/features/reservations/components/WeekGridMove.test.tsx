/**
 * Moving and resizing a block of the week's time grid (issue 33): Shift and the arrows, or a drag, open the
 * existing modification request (EDIT) with the new day and hours filled; Shift, Alt and Up or Down, or a
 * drag of the block's bottom handle, open it with the new end; only blocks whose actions hold EDIT change.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DocumentListSchema,
  EntitySummaryListSchema,
  type Reservation,
  ReservationDetailSchema,
  ReservationSchema,
  RoomListSchema,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

const MINE: Reservation = {
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
  participants: 30,
  commentaire: null,
  etat: 'DC',
  idPlanning: null,
  actions: ['INFOS', 'EDIT', 'CANCEL_CREATION'],
};
// Another lodge's booking: seen without its label, never offered to move.
const THEIRS: Reservation = {
  ...MINE,
  id: 43,
  idEntite: 6,
  entite: 'La Fraternité',
  date: '2099-12-09',
  type: undefined,
  libelle: undefined,
  participants: undefined,
  commentaire: undefined,
  etat: 'CR',
  actions: ['INFOS'],
};

function serve(more: Reservation[] = []) {
  const handlers = {
    'GET /api/reservation/search/2099-12-07': reply(WeekSchema, {
      debut: '2099-12-07',
      fin: '2099-12-13',
      reservations: [MINE, THEIRS, ...more],
      fermetures: [],
      gestion: false,
      regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
    }),
    // The client's one GET for the XSRF cookie before a first write: only the cookie of its answer is read.
    'GET /api/parametres/droits': noContent(200),
    'GET /api/reservation/42/infos': reply(ReservationDetailSchema, { ...MINE, historique: [] }),
    'GET /api/document/all?idReservation=42&type=V': reply(DocumentListSchema, {
      total: 0,
      documents: [],
      publication: [],
      tailleMax: 20_000_000,
    }),
    'GET /api/parametres/salles': reply(RoomListSchema, [
      { id: 1, nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500, active: true },
    ]),
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
    'PUT /api/reservation?action=EDIT': reply(ReservationSchema, {
      ...MINE,
      heureDebut: '19:30',
      heureFin: '21:30',
    }),
  };
  const calls = mockApi(handlers);
  onTestFinished(() => {
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((c) => !(c in handlers))).toEqual([]);
  });
  return calls;
}

describe('moving a block of the week', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Shift and the arrows open one’s own request moved, sent as its modification', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du/ });
    const mine = await within(grid).findByRole('button', { name: /Les Chevaliers du Rhône/ });
    const theirs = within(grid).getByRole('button', { name: /La Fraternité/ });
    expect(mine).toHaveAttribute('aria-keyshortcuts', expect.stringContaining('Shift+ArrowDown'));
    expect(mine).toHaveAttribute('draggable', 'true');
    expect(theirs).not.toHaveAttribute('aria-keyshortcuts');
    expect(theirs).not.toHaveAttribute('draggable');

    // Another lodge's block does not move: Shift and an arrow only walk the grid.
    theirs.focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(screen.queryByRole('dialog', { name: 'Modifier la réservation' })).toBeNull();

    mine.focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('19:30');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('21:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({
      id: 42,
      date: '2099-12-08',
      heureDebut: '19:30',
      heureFin: '21:30',
    });
  });

  it('a block dragged to another day opens its request there, with the same length', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du/ });
    const mine = await within(grid).findByRole('button', { name: /Les Chevaliers du Rhône/ });
    fireEvent.dragStart(mine, { dataTransfer: { setData: () => undefined } });
    const target = within(grid).getByRole('gridcell', { name: /^Jeu\.? 10 déc\.?, 14:00 à 14:30/ });
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(within(dialog).getByRole('button', { name: /Date/ })).toHaveTextContent(/10 décembre 2099/);
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('14:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('16:00');
  });
});

/** The live region after the grid, where the new hours are said. */
const said = () => document.querySelector('.week-grid ~ [aria-live="polite"]');

describe('resizing a block of the week', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Shift, Alt and Down or Up open one’s own request with its end one half-hour later or earlier', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du/ });
    const mine = await within(grid).findByRole('button', { name: /Les Chevaliers du Rhône/ });
    const theirs = within(grid).getByRole('button', { name: /La Fraternité/ });
    expect(mine).toHaveAttribute('aria-keyshortcuts', expect.stringContaining('Shift+Alt+ArrowDown'));
    expect(mine).toHaveAccessibleDescription(/Maj, Alt et haut ou bas pour changer sa fin/);

    // Another lodge's block keeps its end.
    theirs.focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowDown}{/Alt}{/Shift}');
    expect(screen.queryByRole('dialog', { name: 'Modifier la réservation' })).toBeNull();

    // With Alt, Left and Right do not move it (they walk the grid).
    mine.focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowRight}{/Alt}{/Shift}');
    expect(screen.queryByRole('dialog', { name: 'Modifier la réservation' })).toBeNull();

    mine.focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowDown}{/Alt}{/Shift}');
    let dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(said()).toHaveTextContent('Nouveaux horaires : 19:00 à 21:30, dans la demande de modification.');
    expect(within(dialog).getByRole('button', { name: /Date/ })).toHaveTextContent(/8 décembre 2099/);
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('19:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('21:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    mine.focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowUp}{/Alt}{/Shift}');
    dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(said()).toHaveTextContent('Nouveaux horaires : 19:00 à 20:30');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('19:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('20:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toMatchObject({
      id: 42,
      date: '2099-12-08',
      heureDebut: '19:00',
      heureFin: '20:30',
    });
  });

  it('never ends before its start plus half an hour nor after 23:00, and says so', async () => {
    signInAs(['USER', 'PLANNING']);
    const short: Reservation = {
      ...MINE,
      id: 44,
      date: '2099-12-10',
      heureDebut: '14:00',
      heureFin: '14:30',
    };
    const late: Reservation = { ...MINE, id: 45, date: '2099-12-11', heureDebut: '22:00', heureFin: '23:00' };
    serve([short, late]);
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du/ });
    (await within(grid).findByRole('button', { name: /14:00 à 14:30, Les Chevaliers/ })).focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowUp}{/Alt}{/Shift}');
    expect(said()).toHaveTextContent('14:00 à 14:30 : la réservation dure au moins 30 minutes.');
    within(grid)
      .getByRole('button', { name: /22:00 à 23:00, Les Chevaliers/ })
      .focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowDown}{/Alt}{/Shift}');
    expect(said()).toHaveTextContent('22:00 à 23:00 : la réservation ne peut pas finir après 23:00.');
    expect(screen.queryByRole('dialog', { name: 'Modifier la réservation' })).toBeNull();
  });

  it('the bottom handle follows the pointer by half-hours, within bounds, and opens the request', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du/ });
    const mine = await within(grid).findByRole('button', { name: /Les Chevaliers du Rhône/ });
    // Only a block one may change has a handle, hidden from screen readers (they have the keys).
    expect(grid.querySelector('[data-resize="43"]')).toBeNull();
    const handle = grid.querySelector<HTMLElement>('[data-resize="42"]')!;
    expect(handle).toHaveAttribute('aria-hidden', 'true');

    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 300 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 300 + 2 * 26 + 5 });
    expect(mine).toHaveTextContent('19:00–22:00');
    expect(said()).toHaveTextContent('Fin à 22:00');
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 300 - 20 * 26 });
    expect(mine).toHaveTextContent('19:00–19:30');
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 300 + 20 * 26 });
    expect(mine).toHaveTextContent('19:00–23:00');
    expect(screen.queryByRole('dialog', { name: 'Modifier la réservation' })).toBeNull();
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 300 + 20 * 26 });
    fireEvent.click(handle);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(said()).toHaveTextContent('Nouveaux horaires : 19:00 à 23:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('19:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('23:00');
    // The click that ends the drag does not also open the block; the block shows its own end again.
    expect(screen.queryByRole('dialog', { name: 'Réservation' })).toBeNull();
    expect(mine).toHaveTextContent('19:00–21:00');
  });

  it('a tap on the handle without a drag opens the block, as a tap on the block does', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = serve();
    renderApp('/app/reservations?date=2099-12-08&vue=semaine&salle=1');
    const grid = await screen.findByRole('grid', { name: /Semaine du/ });
    await within(grid).findByRole('button', { name: /Les Chevaliers du Rhône/ });
    const handle = grid.querySelector<HTMLElement>('[data-resize="42"]')!;
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 300 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 300 });
    fireEvent.click(handle);
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/reservation/42/infos'));
    expect(await screen.findByRole('dialog', { name: 'Réservation' })).toHaveTextContent(
      'Tenue au 1er degré',
    );
    expect(screen.queryByRole('dialog', { name: 'Modifier la réservation' })).toBeNull();
  });
});

describe('resizing a block of the day', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes one’s own booking’s end by the keys or its handle, into its modification request', async () => {
    signInAs(['USER', 'PLANNING']);
    serve();
    renderApp('/app/reservations?date=2099-12-08&vue=jour&salle=1');
    const mine = await screen.findByRole('button', {
      name: /^Tenue au 1er degré, Les Chevaliers du Rhône, 19:00/,
    });
    expect(mine).toHaveAttribute('aria-keyshortcuts', 'Shift+Alt+ArrowUp Shift+Alt+ArrowDown');
    expect(mine).toHaveAccessibleDescription('Maj, Alt et haut ou bas pour changer sa fin');
    const region = () => document.querySelector('.day-scroll ~ [aria-live="polite"]');

    mine.focus();
    await userEvent.keyboard('{Shift>}{Alt>}{ArrowDown}{/Alt}{/Shift}');
    let dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(region()).toHaveTextContent('Nouveaux horaires : 19:00 à 21:30, dans la demande de modification.');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('21:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const handle = document.querySelector<HTMLElement>('.day-room [data-resize="42"]')!;
    expect(handle).toHaveAttribute('aria-hidden', 'true');
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 300 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 300 - 26 });
    expect(mine).toHaveTextContent('19:00–20:30');
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 300 - 26 });
    fireEvent.click(handle);
    dialog = await screen.findByRole('dialog', { name: 'Modifier la réservation' });
    expect(within(dialog).getByRole('textbox', { name: 'Heure de début' })).toHaveValue('19:00');
    expect(within(dialog).getByRole('textbox', { name: 'Heure de fin' })).toHaveValue('20:30');
    expect(screen.queryByRole('dialog', { name: 'Réservation' })).toBeNull();
  });
});
