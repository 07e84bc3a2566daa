/**
 * Authorization rows of the restaurant and the cards: RESTAURATION (and anyone signed in) sees the week;
 * MENUS (admin, restaurant) runs meals, dishes, the bar and the recap; an order belongs to its orderer;
 * PAYMENT holders have a card; COMPTA_SAISIE (admin, tresorier) validates top-ups; the provider's
 * notification and the simulator are public (the signature authenticates them).
 */
import { eq } from 'drizzle-orm';
import { userPayments } from '../../src/db/schema';
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
    route: 'DELETE /api/repas/:id',
    request: async (w) => ({ url: `/api/repas/${(await meal(w)).id}` }),
    expect: menus(204),
  },
  {
    route: 'POST /api/repas/:id/notifier',
    request: async (w) => ({ url: `/api/repas/${(await meal(w)).id}/notifier` }),
    expect: menus(200),
  },
  {
    route: 'POST /api/repas/:id/plat',
    request: async (w) => ({
      url: `/api/repas/${(await meal(w)).id}/plat`,
      payload: { type: 'C', libelle: 'Café', prix: 150 },
    }),
    expect: menus(201),
  },
  {
    route: 'PUT /api/repas/:id/plat',
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
    request: async (w) => {
      const m = await meal(w);
      return { url: `/api/repas/${m.id}/commande`, payload: { idEntite: w.lodge, ...orderLine(m.dish) } };
    },
    expect: allow({ admin: 403, venerable: 201 }),
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
    route: 'POST /api/repas/:id/commande/:commandeId/refuser',
    request: async (w) => {
      const o = await order(w);
      return { url: `/api/repas/${o.meal}/commande/${o.order}/refuser` };
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
    route: 'GET /api/repas/:id/document/recap',
    request: async (w) => ({ url: `/api/repas/${(await order(w)).meal}/document/recap` }),
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
    route: 'POST /api/payment/:id/:action',
    scope: 'validate a paid top-up',
    request: async (w) => ({ url: `/api/payment/${await topUp(w, 'P')}/validate` }),
    expect: allow({ admin: 200, tresorier: 200 }),
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
