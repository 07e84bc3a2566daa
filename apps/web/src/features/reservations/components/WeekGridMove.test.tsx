/**
 * Moving a block of the week's time grid (issue 33): Shift and the arrows, or a drag, open the existing
 * modification request (EDIT) with the new day and hours filled; only blocks whose actions hold EDIT move.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntitySummaryListSchema,
  type Reservation,
  ReservationSchema,
  RoomListSchema,
  WeekSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

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

function serve() {
  return mockApi({
    'GET /api/reservation/search/2099-12-07': reply(WeekSchema, {
      debut: '2099-12-07',
      fin: '2099-12-13',
      reservations: [MINE, THEIRS],
      fermetures: [],
      gestion: false,
      regles: { preavisHeures: 0, premierCreneau: null, dernierJour: '2101-06-07' },
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
  });
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
