/**
 * Authorization rows of the card desk (issue 21): MENUS (admin, restaurant) opens and closes till
 * sessions, records credits and bar sales and finds cards; the treasurer (COMPTA_LECTURE: admin,
 * tresorier) reads the sessions and the receipts with them, and alone reads the cards' balances at a date.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import { cardMovements, tillSessions } from '../../src/db/schema';
import { parisDay } from '../../src/lib/dates';
import { allow } from './rows';
import type { AuthzRow } from './rows';
import type { World } from './world';

const menus = (status: number) => allow({ admin: status, restaurant: status });
const readers = (status: number) => allow({ admin: status, restaurant: status, tresorier: status });
const treasurer = (status: number) => allow({ admin: status, tresorier: status });

/** Closes whatever session is open (a row's earlier call may have opened one), straight in the database. */
async function freeTills(w: World) {
  await w.t.db
    .update(tillSessions)
    .set({ closedAt: new Date(), closedBy: w.ids.restaurant, attendu: 0, compte: 0, motif: 'matrice' })
    .where(isNull(tillSessions.closedAt));
}

/** A new open session of the bar's till, opened by the restaurant manager with no float. */
async function session(w: World): Promise<number> {
  await freeTills(w);
  const response = await w.t.call({
    method: 'POST',
    url: '/api/caisse/sessions',
    token: w.tokens.restaurant,
    payload: { caisse: 'B', fondInitial: 0 },
  });
  return response.json<{ id: number }>().id;
}

/** A cash credit of membre's card in a new session: its movement's id and the session's. */
async function credit(w: World, owner: { idUser: number } | { idEntite: number }) {
  const id = await session(w);
  const response = await w.t.call({
    method: 'POST',
    url: `/api/caisse/sessions/${id}/mouvements`,
    token: w.tokens.restaurant,
    payload: { type: 'G', ...owner, montant: 3000, moyen: 'E' },
  });
  return { session: id, movement: response.json<{ id: number }>().id };
}

/** What a desk call would change: the session and its movements. */
const sessionOf = (w: World, id: number) => async () => ({
  session: (await w.t.db.select().from(tillSessions).where(eq(tillSessions.id, id)))[0],
  movements: await w.t.db
    .select({ id: cardMovements.id })
    .from(cardMovements)
    .where(eq(cardMovements.tillSessionId, id))
    .orderBy(asc(cardMovements.id)),
});

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/caisse/sessions',
    request: () => ({ url: '/api/caisse/sessions?ouvertes=true' }),
    expect: readers(200),
  },
  {
    route: 'POST /api/caisse/sessions',
    scope: 'a till with no open session',
    request: async (w) => {
      await freeTills(w);
      return {
        url: '/api/caisse/sessions',
        payload: { caisse: 'A', fondInitial: 2000 },
        watch: () => w.t.db.select({ id: tillSessions.id }).from(tillSessions).orderBy(asc(tillSessions.id)),
      };
    },
    expect: menus(201),
  },
  {
    route: 'GET /api/caisse/sessions/:id',
    request: async (w) => ({ url: `/api/caisse/sessions/${await session(w)}` }),
    expect: readers(200),
  },
  {
    route: 'POST /api/caisse/sessions/:id/cloture',
    scope: 'an open session, counted without a difference',
    request: async (w) => {
      const id = await session(w);
      return { url: `/api/caisse/sessions/${id}/cloture`, payload: { compte: 0 }, watch: sessionOf(w, id) };
    },
    expect: menus(200),
  },
  {
    route: 'POST /api/caisse/sessions/:id/mouvements',
    scope: "a cash credit of membre's card",
    tries: ['body.montant', 'body.idUser'],
    request: async (w) => {
      const id = await session(w);
      return {
        url: `/api/caisse/sessions/${id}/mouvements`,
        payload: { type: 'G', idUser: w.ids.membre, montant: 1500, moyen: 'E' },
        watch: sessionOf(w, id),
      };
    },
    expect: menus(201),
  },
  {
    route: 'POST /api/caisse/sessions/:id/mouvements',
    scope: "a bar sale on the lodge's card",
    tries: ['body.montant', 'body.idEntite'],
    request: async (w) => {
      const { session: id } = await credit(w, { idEntite: w.lodge });
      return {
        url: `/api/caisse/sessions/${id}/mouvements`,
        payload: { type: 'V', idEntite: w.lodge, montant: 300, libelle: 'Deux cafés' },
        watch: sessionOf(w, id),
      };
    },
    expect: menus(201),
  },
  {
    route: 'GET /api/caisse/mouvements/:id/recu',
    request: async (w) => ({
      url: `/api/caisse/mouvements/${(await credit(w, { idUser: w.ids.membre })).movement}/recu`,
    }),
    expect: readers(200),
  },
  {
    route: 'GET /api/caisse/cartes',
    request: () => ({ url: '/api/caisse/cartes?q=loge' }),
    expect: menus(200),
  },
  {
    route: 'GET /api/cartes/soldes',
    request: () => ({ url: `/api/cartes/soldes?date=${parisDay()}` }),
    expect: treasurer(200),
  },
  {
    route: 'GET /api/cartes/soldes/excel',
    request: () => ({ url: `/api/cartes/soldes/excel?date=${parisDay()}` }),
    expect: treasurer(200),
  },
];
