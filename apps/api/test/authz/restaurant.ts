/**
 * Authorization rows of the restaurant and the cards: RESTAURATION (and anyone signed in) sees the week;
 * MENUS (admin, restaurant) runs meals, dishes, the bar and the recap; an order belongs to its orderer;
 * PAYMENT holders have a card; COMPTA_SAISIE (admin, tresorier) validates top-ups; the provider's
 * notification and the simulator are public (the signature authenticates them).
 */
import { and, asc, eq } from 'drizzle-orm';
import { cardMovements, cards, mealOrders, reservations, userPayments } from '../../src/db/schema';
import { parisDay } from '../../src/lib/dates';
import { addDays } from '@union/contract';
import { allow, everyone, signedIn, type AuthzRow } from './rows';
import type { World } from './world';

const menus = (status: number) => allow({ admin: status, restaurant: status });
let offset = 0;

/** A new meal a month ahead, with one dish, made by the restaurant manager. */
async function meal(w: World): Promise<{ id: number; dish: number }> {
  const date = addDays(parisDay(), 30 + (++offset % 300));
  const call = (url: string, payload: unknown) =>
    w.t.call({ method: 'POST', url, token: w.tokens.restaurant, payload });
  const created = await call('/api/repas', {
    date,
    type: 'M',
    titre: `Repas ${w.unique()}`,
    places: 500,
    limite: `${date}T10:00`,
    ouvert: true,
  });
  const id = created.json<{ id: number }>().id;
  const dish = (await call(`/api/repas/${id}/plat`, { type: 'M', libelle: 'Menu', prix: 1800 })).json<{
    id: number;
  }>().id;
  return { id, dish };
}

/** A new order of membre's for a new meal. */
async function order(w: World): Promise<{ meal: number; dish: number; order: number }> {
  const m = await meal(w);
  const created = await w.t.call({
    method: 'POST',
    url: `/api/repas/${m.id}/commande`,
    token: w.tokens.membre,
    payload: { lignes: [{ idPlat: m.dish, quantite: 1 }] },
  });
  return { meal: m.id, dish: m.dish, order: created.json<{ id: number }>().id };
}

/** A top-up of membre's, in state C (just asked) or P (paid at the provider, to validate). */
async function topUp(w: World, etat: 'C' | 'P'): Promise<number> {
  const created = await w.t.call({
    method: 'POST',
    url: '/api/user/payments',
    token: w.tokens.membre,
    payload: { montant: 3000 },
  });
  const id = created.json<{ id: number }>().id;
  if (etat === 'P') await w.t.db.update(userPayments).set({ etat: 'P' }).where(eq(userPayments.id, id));
  return id;
}

/** A new order of venerable's for the lodge (venerable holds its `restauration` and `carteLoge` flags). */
async function lodgeOrder(w: World): Promise<{ meal: number; dish: number; order: number }> {
  const m = await meal(w);
  const created = await w.t.call({
    method: 'POST',
    url: `/api/repas/${m.id}/commande`,
    token: w.tokens.venerable,
    payload: { idEntite: w.lodge, lignes: [{ idPlat: m.dish, quantite: 1 }] },
  });
  return { meal: m.id, dish: m.dish, order: created.json<{ id: number }>().id };
}

/**
 * What a payment, a refusal or a top-up decision would change: the card's ledger (a user's or an
 * entity's), the order's state and the top-up's. A refused call must leave all of it as it was.
 */
function ledgerOf(
  w: World,
  owner: { userId: number } | { entityId: number },
  records: { order?: number; topUp?: number } = {},
) {
  return async () => {
    const db = w.t.db;
    const movements = await db
      .select({ id: cardMovements.id, montant: cardMovements.montant, type: cardMovements.type })
      .from(cardMovements)
      .innerJoin(cards, eq(cards.id, cardMovements.cardId))
      .where('userId' in owner ? eq(cards.userId, owner.userId) : eq(cards.entityId, owner.entityId))
      .orderBy(asc(cardMovements.id));
    const order =
      records.order === undefined
        ? null
        : (await db.select().from(mealOrders).where(eq(mealOrders.id, records.order)))[0];
    const topUp =
      records.topUp === undefined
        ? null
        : (await db.select().from(userPayments).where(eq(userPayments.id, records.topUp)))[0];
    return {
      movements,
      order: order && {
        etat: order.etat,
        moyen: order.moyen,
        entityId: order.entityId,
        dateRefus: order.dateRefus,
      },
      topUp: topUp?.etat ?? null,
    };
  };
}

/** A confirmed reservation of the lodge on a day of its own, for a meal to be its agapes. */
async function session(w: World): Promise<{ id: number; jour: string }> {
  const id = await w.fresh.reservation(w.lodge, 'CR');
  const [row] = await w.t.db
    .select({ jour: reservations.jour })
    .from(reservations)
    .where(and(eq(reservations.id, id)));
  return { id, jour: row!.jour };
}

const orderLine = (dish: number) => ({ lignes: [{ idPlat: dish, quantite: 2 }] });
const orderer = (status: number) => allow({ admin: status, restaurant: status, membre: status });

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/repas/search/:date',
    request: () => ({ url: `/api/repas/search/${parisDay()}` }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/repas/seances/:date',
    request: () => ({ url: `/api/repas/seances/${parisDay()}` }),
    expect: menus(200),
  },
  {
    route: 'POST /api/repas',
    request: (w) => {
      const date = addDays(parisDay(), 30 + (++offset % 300));
      return {
        url: '/api/repas',
        payload: { date, type: 'S', titre: `Dîner ${w.unique()}`, places: 10, limite: `${date}T10:00` },
      };
    },
    expect: menus(201),
  },
  {
    route: 'POST /api/repas',
    scope: 'a meal created with its dishes (issue 21)',
    tries: ['body.plats.prix'],
    request: (w) => {
      const date = addDays(parisDay(), 30 + (++offset % 300));
      return {
        url: '/api/repas',
        payload: {
          date,
          type: 'M',
          titre: `Déjeuner ${w.unique()}`,
          places: 10,
          limite: `${date}T10:00`,
          plats: [{ type: 'M', libelle: 'Menu du jour', prix: 1800 }],
        },
      };
    },
    expect: menus(201),
  },
  {
    route: 'POST /api/repas',
    scope: "the agapes of the lodge's session",
    tries: ['body.idReservation'],
    request: async (w) => {
      const { id, jour } = await session(w);
      return {
        url: '/api/repas',
        payload: {
          date: jour,
          type: 'S',
          titre: `Agapes ${w.unique()}`,
          places: 10,
          limite: `${jour}T10:00`,
          idReservation: id,
        },
      };
    },
    expect: menus(201),
  },
  {
    route: 'PUT /api/repas',
    request: async (w) => {
      const m = await meal(w);
      const date = addDays(parisDay(), 60);
      return {
        url: '/api/repas',
        payload: { id: m.id, date, type: 'M', titre: 'Modifié', places: 30, limite: `${date}T10:00` },
      };
    },
    expect: menus(200),
  },
  {
    route: 'PUT /api/repas',
    scope: "tied to the lodge's session",
    tries: ['body.idReservation'],
    request: async (w) => {
      const m = await meal(w);
      const { id, jour } = await session(w);
      return {
        url: '/api/repas',
        payload: {
          id: m.id,
          date: jour,
          type: 'S',
          titre: 'Agapes',
          places: 30,
          limite: `${jour}T10:00`,
          idReservation: id,
        },
      };
    },
    expect: menus(200),
  },
  {
    route: 'DELETE /api/repas/:id',
    request: async (w) => ({ url: `/api/repas/${(await meal(w)).id}` }),
    expect: menus(204),
  },
  {
    route: 'GET /api/repas/:id/notifier',
    request: async (w) => ({ url: `/api/repas/${(await meal(w)).id}/notifier` }),
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/notifier',
    request: async (w) => ({ url: `/api/repas/${(await meal(w)).id}/notifier` }),
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/plat',
    tries: ['body.prix'],
    request: async (w) => ({
      url: `/api/repas/${(await meal(w)).id}/plat`,
      payload: { type: 'C', libelle: 'Café', prix: 150 },
    }),
    expect: menus(201),
  },
  {
    route: 'PUT /api/repas/:id/plat',
    tries: ['body.prix'],
    request: async (w) => {
      const m = await meal(w);
      return {
        url: `/api/repas/${m.id}/plat`,
        payload: { id: m.dish, type: 'M', libelle: 'Menu du jour', prix: 1900 },
      };
    },
    expect: menus(200),
  },
  {
    route: 'DELETE /api/repas/:id/plat/:platId',
    request: async (w) => {
      const m = await meal(w);
      return { url: `/api/repas/${m.id}/plat/${m.dish}` };
    },
    expect: menus(204),
  },
  {
    route: 'POST /api/repas/:id/commande',
    scope: 'for oneself',
    request: async (w) => {
      const m = await meal(w);
      return { url: `/api/repas/${m.id}/commande`, payload: orderLine(m.dish) };
    },
    expect: signedIn(201),
  },
  {
    route: 'POST /api/repas/:id/commande',
    scope: 'for the own lodge (flag restauration)',
    tries: ['body.idEntite'],
    request: async (w) => {
      const m = await meal(w);
      return { url: `/api/repas/${m.id}/commande`, payload: { idEntite: w.lodge, ...orderLine(m.dish) } };
    },
    expect: allow({ admin: 403, venerable: 201 }),
  },
  {
    route: 'POST /api/repas/:id/commande',
    scope: 'for the other lodge',
    tries: ['body.idEntite'],
    request: async (w) => {
      const m = await meal(w);
      return {
        url: `/api/repas/${m.id}/commande`,
        payload: { idEntite: w.otherLodge, ...orderLine(m.dish) },
      };
    },
    expect: allow({}),
  },
  {
    route: 'PUT /api/repas/:id/commande',
    scope: "membre's order",
    request: async (w) => {
      const o = await order(w);
      return { url: `/api/repas/${o.meal}/commande`, payload: { id: o.order, ...orderLine(o.dish) } };
    },
    expect: orderer(200),
  },
  {
    route: 'PUT /api/repas/:id/commande',
    scope: "membre's order moved to the lodge (an order stays for whom it was made)",
    tries: ['body.idEntite'],
    request: async (w) => {
      const o = await order(w);
      return {
        url: `/api/repas/${o.meal}/commande`,
        payload: { id: o.order, idEntite: w.lodge, ...orderLine(o.dish) },
        watch: ledgerOf(w, { userId: w.ids.membre }, { order: o.order }),
      };
    },
    expect: orderer(412),
  },
  {
    route: 'DELETE /api/repas/:id/commande/:commandeId',
    scope: "membre's order",
    request: async (w) => {
      const o = await order(w);
      return { url: `/api/repas/${o.meal}/commande/${o.order}` };
    },
    expect: orderer(204),
  },
  {
    route: 'POST /api/repas/:id/commande/:commandeId/payer/:moyen',
    scope: 'at the bar',
    request: async (w) => {
      const o = await order(w);
      return { url: `/api/repas/${o.meal}/commande/${o.order}/payer/B` };
    },
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/commande/:commandeId/payer/:moyen',
    scope: "membre's order by membre's card, with a card-read balance",
    tries: ['query.solde'],
    request: async (w) => {
      const o = await order(w);
      return {
        url: `/api/repas/${o.meal}/commande/${o.order}/payer/C?solde=5000`,
        watch: ledgerOf(w, { userId: w.ids.membre }, { order: o.order }),
      };
    },
    // The order's owner may pay it by card, but not say what the card holds (issue 17).
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/commande/:commandeId/payer/:moyen',
    scope: "the lodge's order by the lodge's card, with a card-read balance and its reason",
    tries: ['query.solde', 'query.motif'],
    request: async (w) => {
      const o = await lodgeOrder(w);
      return {
        url: `/api/repas/${o.meal}/commande/${o.order}/payer/L?solde=5000&motif=Carte%20lue%20au%20bar`,
        watch: ledgerOf(w, { entityId: w.lodge }, { order: o.order }),
      };
    },
    // venerable holds the lodge's card (carteLoge) and pays with it, but does not state its balance.
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/commande/:commandeId/refuser',
    request: async (w) => {
      const o = await order(w);
      return { url: `/api/repas/${o.meal}/commande/${o.order}/refuser` };
    },
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/commande/:commandeId/refuser',
    scope: 'with the day noted',
    tries: ['query.date'],
    request: async (w) => {
      const o = await order(w);
      return {
        url: `/api/repas/${o.meal}/commande/${o.order}/refuser?date=1`,
        watch: ledgerOf(w, { userId: w.ids.membre }, { order: o.order }),
      };
    },
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/commande/:commandeId/refuser',
    scope: 'with a card-read balance and its reason',
    tries: ['query.solde', 'query.motif'],
    request: async (w) => {
      const o = await order(w);
      return {
        url: `/api/repas/${o.meal}/commande/${o.order}/refuser?solde=4000&motif=Carte%20lue`,
        watch: ledgerOf(w, { userId: w.ids.membre }, { order: o.order }),
      };
    },
    expect: menus(200),
  },
  {
    route: 'DELETE /api/repas/:id/commande/:commandeId/paiement',
    scope: 'an order paid at the bar',
    request: async (w) => {
      const o = await order(w);
      await w.t.call({
        method: 'POST',
        url: `/api/repas/${o.meal}/commande/${o.order}/payer/B`,
        token: w.tokens.restaurant,
      });
      return { url: `/api/repas/${o.meal}/commande/${o.order}/paiement` };
    },
    expect: menus(200),
  },
  {
    route: 'GET /api/repas/:id/commandes',
    request: async (w) => ({ url: `/api/repas/${(await order(w)).meal}/commandes` }),
    expect: menus(200),
  },
  {
    route: 'GET /api/repas/:id/document/recap',
    request: async (w) => ({ url: `/api/repas/${(await order(w)).meal}/document/recap` }),
    expect: menus(200),
  },
  {
    route: 'GET /api/repas/tableau-de-bord',
    request: () => ({ url: '/api/repas/tableau-de-bord' }),
    expect: menus(200),
  },
  {
    route: 'GET /api/repas/tableau-de-bord/excel',
    request: () => ({ url: '/api/repas/tableau-de-bord/excel' }),
    expect: menus(200),
  },
  {
    route: 'GET /api/user/commandes',
    request: () => ({ url: '/api/user/commandes' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/user/payments',
    request: () => ({ url: '/api/user/payments' }),
    expect: { ...signedIn(200), restaurant: 403 },
  },
  {
    route: 'POST /api/user/payments',
    tries: ['body.montant'],
    request: () => ({ url: '/api/user/payments', payload: { montant: 2000 } }),
    expect: { ...signedIn(201), restaurant: 403 },
  },
  {
    route: 'GET /api/user/payments/:id/systempay',
    scope: "membre's top-up",
    request: async (w) => ({ url: `/api/user/payments/${await topUp(w, 'C')}/systempay` }),
    expect: { ...signedIn(404), restaurant: 403, membre: 200 },
  },
  {
    route: 'POST /api/payment/search',
    request: () => ({ url: '/api/payment/search', payload: {} }),
    expect: allow({ admin: 200, tresorier: 200 }),
  },
  {
    // Issue 21: the portal's count of top-ups waiting, only for those who may validate them.
    route: 'GET /api/payment/en-attente',
    request: () => ({ url: '/api/payment/en-attente' }),
    expect: allow({ admin: 200, tresorier: 200 }),
  },
  {
    route: 'POST /api/payment/:id/:action',
    scope: 'validate a paid top-up',
    request: async (w) => ({ url: `/api/payment/${await topUp(w, 'P')}/validate` }),
    expect: allow({ admin: 200, tresorier: 200 }),
  },
  {
    route: 'POST /api/payment/:id/:action',
    scope: 'validate a paid top-up, with a card-read balance and its reason',
    tries: ['query.solde', 'query.motif'],
    request: async (w) => {
      const id = await topUp(w, 'P');
      return {
        url: `/api/payment/${id}/validate?solde=6000&motif=Carte%20lue`,
        watch: ledgerOf(w, { userId: w.ids.membre }, { topUp: id }),
      };
    },
    // The treasurer validates top-ups (COMPTA_SAISIE) but reads no card: only MENUS states a balance.
    expect: allow({ admin: 200 }),
  },
  {
    route: 'POST /api/payment/systempay/ipn',
    scope: 'an unsigned notification',
    request: () => ({
      url: '/api/payment/systempay/ipn',
      payload: 'vads_trans_id=000001&signature=faux',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: null,
      noXsrf: true,
    }),
    expect: everyone(412),
  },
  {
    route: 'POST /simulateur-paiement',
    scope: 'a form that is not ours',
    request: () => ({
      url: '/simulateur-paiement',
      payload: 'vads_amount=3000&signature=faux',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: null,
      noXsrf: true,
    }),
    expect: everyone(412),
  },
  {
    route: 'POST /simulateur-paiement/reponse',
    scope: 'a form that is not ours',
    request: () => ({
      url: '/simulateur-paiement/reponse',
      payload: 'vads_amount=3000&signature=faux&choix=payer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: null,
      noXsrf: true,
    }),
    expect: everyone(412),
  },
];
