/**
 * The restaurant through the HTTP API: meals, dishes, orders and their payment, 401 → 412 → 403 → 404 →
 * success for each call; the ledger (balance = sum, adjustments, reversals); the recap PDF read back.
 */
import type { Habilitation, Meal, MealOrder, MealWeek, MyCard } from '@union/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  cardMovements,
  cards,
  emailOutbox,
  mealOrders,
  meals,
  userPayments,
  users,
} from '../src/db/schema';
import { addDays } from '@union/contract';
import { builders, named, type Builders, type MealFields, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { pdfAnswerText } from './pdf-text';

let t: TestContext;
let b: Builders;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let lodge: number;
let chef: Person;

/** Registers a person under their identifiant, for the calls made by name. */
function known<P extends Person>(person: P): P {
  tokens[person.identifiant] = person.token;
  ids[person.identifiant] = person.id;
  return person;
}

const EATS: Habilitation[] = ['USER', 'RESTAURATION', 'PAYMENT'];

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  const chevaliers = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    members: [
      named('membre', EATS, { restauration: true, carteLoge: true }),
      named('agapes', EATS, { restauration: true }),
    ],
  });
  const tolerance = await b.aLodgeWithMembers({
    nom: 'Tolérance et Progrès',
    members: [named('autre', EATS)],
  });
  lodge = chevaliers.id;
  chef = await b.aUser(named('chef', ['USER', 'MENUS']));
  for (const person of [
    ...chevaliers.members,
    ...tolerance.members,
    chef,
    await b.aUser(named('simple', ['USER'])),
  ]) {
    known(person);
  }
  await t.db.update(users).set({ notificationRestauration: true }).where(eq(users.identifiant, 'membre'));
});
afterAll(() => t.close());

/**
 * A member of the lodge of their own who orders and pays: their card starts at 0 € whatever the other
 * tests paid or credited. Answers the identifiant they are known by.
 */
async function aPayer(): Promise<string> {
  return known(await b.aMember(lodge, { habilitations: EATS, flags: { restauration: true } })).identifiant;
}

const mealInput = (over: Record<string, unknown> = {}) => {
  const date = b.aDay();
  return {
    date,
    type: 'M',
    titre: 'Blanquette de veau',
    places: 40,
    limite: `${date}T10:00`,
    ouvert: true,
    ...over,
  };
};

async function createMeal(over: Record<string, unknown> = {}): Promise<Meal> {
  const response = await t.call({
    method: 'POST',
    url: '/api/repas',
    token: tokens.chef,
    payload: mealInput(over),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function addDish(mealId: number, type: string, libelle: string, prix: number) {
  const response = await t.call({
    method: 'POST',
    url: `/api/repas/${mealId}/plat`,
    token: tokens.chef,
    payload: { type, libelle, prix },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** A meal with a menu at 18 € and a coffee at 1,50 €. */
async function mealWithMenu(over: MealFields = {}) {
  const { meal, dishes } = await b.aMeal({ chef, ...over });
  return { meal, menu: dishes[0]!, cafe: dishes[1]! };
}

const order = (who: string, mealId: number, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/repas/${mealId}/commande`, token: tokens[who], payload });

async function ordered(who: string, mealId: number, payload: Record<string, unknown>): Promise<MealOrder> {
  const response = await order(who, mealId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Credits a user's card directly in the ledger (what a validated top-up does; tested in payments). */
async function credit(userId: number, cents: number) {
  await t.db.insert(cards).values({ userId }).onConflictDoNothing();
  const [card] = await t.db.select().from(cards).where(eq(cards.userId, userId));
  await t.db.insert(cardMovements).values({ cardId: card!.id, type: 'R', montant: cents, libelle: 'test' });
}

async function balanceOf(who: string): Promise<number> {
  const response = await t.call({ method: 'GET', url: '/api/user/payments', token: tokens[who] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyCard>().solde;
}

describe('POST /api/repas', () => {
  it('401 without a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/repas', payload: mealInput() })).statusCode).toBe(401);
  });

  it.each([
    ['no title', { titre: ' ' }, /Titre/],
    ['zero seats', { places: 0 }, /Places/],
    ['an unknown type', { type: 'X' }, /type/],
    ['a malformed deadline', { limite: '2026-03-03 10:00' }, /date limite/i],
    ['a deadline after the meal', { date: '2030-01-10', limite: '2030-01-11T10:00' }, /Date limite/],
    ['a date that does not exist', { date: '2030-02-30', limite: '2030-02-01T10:00' }, /n'existe pas/],
  ])('412 with %s', async (_, over, message) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/repas',
      token: tokens.chef,
      payload: mealInput(over),
    });
    expect(response.statusCode, response.body).toBe(412);
    expect(response.json().message).toMatch(message);
  });

  it('403 without MENUS', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/repas',
      token: tokens.membre,
      payload: mealInput(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('201: the meal with its deadline in Paris time, and an audit entry', async () => {
    const meal = await createMeal({ limite: undefined, date: '2030-06-12' }).catch(() => null);
    expect(meal).toBeNull();
    const created = await createMeal({ date: '2030-06-12', limite: '2030-06-12T10:30' });
    expect(created).toMatchObject({ date: '2030-06-12', limite: '2030-06-12T10:30', placesRestantes: 40 });
    expect(created.actions).toEqual(['EDIT', 'DELETE', 'NOTIFY', 'RECAP']);
    const [row] = await t.db.select().from(meals).where(eq(meals.id, created.id));
    // 10:30 in Paris in June is 08:30 UTC.
    expect(row!.limite.toISOString()).toBe('2030-06-12T08:30:00.000Z');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'meal'), eq(auditLog.recordId, created.id)));
    expect(entries.map((e) => e.action)).toEqual(['meal_created']);
  });
});

describe('PUT and DELETE /api/repas', () => {
  it('401, 412, 403, 404, then success', async () => {
    const meal = await createMeal();
    const body = { ...mealInput(), id: meal.id, titre: 'Choucroute' };
    expect((await t.call({ method: 'PUT', url: '/api/repas', payload: body })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'PUT', url: '/api/repas', token: tokens.chef, payload: { ...body, id: -1 } }))
        .statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'PUT', url: '/api/repas', token: tokens.membre, payload: body })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/repas',
          token: tokens.chef,
          payload: { ...body, id: 999999 },
        })
      ).statusCode,
    ).toBe(404);
    const updated = await t.call({ method: 'PUT', url: '/api/repas', token: tokens.chef, payload: body });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Meal>().titre).toBe('Choucroute');

    expect((await t.call({ method: 'DELETE', url: `/api/repas/${meal.id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/repas/abc', token: tokens.chef })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'DELETE', url: `/api/repas/${meal.id}`, token: tokens.membre })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/repas/999999', token: tokens.chef })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/repas/${meal.id}`, token: tokens.chef })).statusCode,
    ).toBe(204);
  });

  it('seats cannot drop below those already ordered', async () => {
    const { meal, menu } = await mealWithMenu({ places: 10 });
    await ordered('membre', meal.id, { invites: 4, lignes: [{ idPlat: menu, quantite: 5 }] });
    const response = await t.call({
      method: 'PUT',
      url: '/api/repas',
      token: tokens.chef,
      payload: { ...mealInput(), date: meal.date, limite: meal.limite, id: meal.id, places: 4 },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/5 places sont déjà commandées/);
  });

  it('a meal with a paid order cannot be deleted (412, nothing removed); unpaid orders go with it', async () => {
    const { meal, menu } = await mealWithMenu();
    const o = await ordered('membre', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    await t.call({
      method: 'POST',
      url: `/api/repas/${meal.id}/commande/${o.id}/payer/B`,
      token: tokens.chef,
    });
    const refused = await t.call({ method: 'DELETE', url: `/api/repas/${meal.id}`, token: tokens.chef });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({ error: 'meal_has_paid_orders' });
    expect(await t.db.select().from(meals).where(eq(meals.id, meal.id))).toHaveLength(1);

    await t.call({
      method: 'DELETE',
      url: `/api/repas/${meal.id}/commande/${o.id}/paiement`,
      token: tokens.chef,
    });
    const deleted = await t.call({ method: 'DELETE', url: `/api/repas/${meal.id}`, token: tokens.chef });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.db.select().from(mealOrders).where(eq(mealOrders.mealId, meal.id))).toHaveLength(0);
  });
});

describe('dishes', () => {
  it('POST: 401, 412, 403, 404, 201', async () => {
    const meal = await createMeal();
    const url = `/api/repas/${meal.id}/plat`;
    const payload = { type: 'P', libelle: 'Quenelles', prix: 1250 };
    expect((await t.call({ method: 'POST', url, payload })).statusCode).toBe(401);
    const bad = await t.call({
      method: 'POST',
      url,
      token: tokens.chef,
      payload: { ...payload, prix: 12.5 },
    });
    expect(bad.statusCode).toBe(412);
    expect(bad.json().message).toMatch(/centimes/);
    expect((await t.call({ method: 'POST', url, token: tokens.membre, payload })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/repas/999999/plat', token: tokens.chef, payload }))
        .statusCode,
    ).toBe(404);
    const created = await t.call({ method: 'POST', url, token: tokens.chef, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(payload);
  });

  it('PUT and DELETE: 401, 412, 403, 404, success; an ordered dish cannot be deleted', async () => {
    const { meal, menu, cafe } = await mealWithMenu();
    const url = `/api/repas/${meal.id}/plat`;
    const payload = { id: cafe, type: 'C', libelle: 'Café serré', prix: 200 };
    expect((await t.call({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'PUT', url, token: tokens.chef, payload: { ...payload, type: 'Z' } }))
        .statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'PUT', url, token: tokens.membre, payload })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url, token: tokens.chef, payload: { ...payload, id: 999999 } }))
        .statusCode,
    ).toBe(404);
    const updated = await t.call({ method: 'PUT', url, token: tokens.chef, payload });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ libelle: 'Café serré', prix: 200 });

    await ordered('membre', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    expect((await t.call({ method: 'DELETE', url: `${url}/${menu}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `${url}/0`, token: tokens.chef })).statusCode).toBe(412);
    expect((await t.call({ method: 'DELETE', url: `${url}/${menu}`, token: tokens.membre })).statusCode).toBe(
      403,
    );
    expect((await t.call({ method: 'DELETE', url: `${url}/999999`, token: tokens.chef })).statusCode).toBe(
      404,
    );
    const ordered412 = await t.call({ method: 'DELETE', url: `${url}/${menu}`, token: tokens.chef });
    expect(ordered412.statusCode).toBe(412);
    expect(ordered412.json()).toMatchObject({ error: 'dish_ordered' });
    expect((await t.call({ method: 'DELETE', url: `${url}/${cafe}`, token: tokens.chef })).statusCode).toBe(
      204,
    );
  });
});

describe('GET /api/repas/search/{date}', () => {
  it('401, 412, 403, then the week with dishes, seats left, my orders and my actions', async () => {
    const { meal, menu } = await mealWithMenu({ places: 12 });
    await ordered('membre', meal.id, { invites: 2, lignes: [{ idPlat: menu, quantite: 3 }] });
    await ordered('autre', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const url = `/api/repas/search/${meal.date}`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/repas/search/2026-13-01', token: tokens.membre })).statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'GET', url, token: tokens.simple })).statusCode).toBe(403);

    const week = (await t.call({ method: 'GET', url, token: tokens.membre })).json<MealWeek>();
    expect(week.gestion).toBe(false);
    expect(week.entites).toEqual([{ id: lodge, nom: 'Les Chevaliers du Rhône', carteLoge: true }]);
    const seen = week.repas.find((r) => r.id === meal.id)!;
    expect(seen).toMatchObject({ placesRestantes: 8, commandable: true, actions: ['ORDER'] });
    expect(seen.plats.map((p) => p.libelle)).toEqual(['Menu du jour', 'Café']);
    // A member sees their own order, never another member's.
    expect(seen.mesCommandes.map((o) => o.personne.id)).toEqual([ids.membre]);
    expect(seen.bar).toBeNull();
    expect(seen.mesCommandes[0]!.actions).toEqual(['EDIT', 'DELETE', 'PAY_CARD']);

    const staff = (await t.call({ method: 'GET', url, token: tokens.chef })).json<MealWeek>();
    expect(staff.gestion).toBe(true);
    const all = staff.repas.find((r) => r.id === meal.id)!;
    // The week carries the bar's counts only; the orders come when the manager opens the meal.
    expect(all).not.toHaveProperty('commandes');
    const bar = `/api/repas/${meal.id}/commandes`;
    expect((await t.call({ method: 'GET', url: bar })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: bar, token: tokens.membre })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/repas/999999/commandes', token: tokens.chef })).statusCode,
    ).toBe(404);
    const orders = (await t.call({ method: 'GET', url: bar, token: tokens.chef })).json<MealOrder[]>();
    expect(orders).toHaveLength(2);
    expect(orders[0]!.actions).toEqual(['EDIT', 'DELETE', 'PAY', 'REFUSE']);
    expect(orders[0]!.soldeCarte).toBe(0);
    expect(all.bar).toEqual({
      commandes: 2,
      montant: orders.reduce((n, o) => n + o.montant, 0),
      offertes: 0,
      offert: 0,
    });
    expect(all.bar!.montant).toBeGreaterThan(0);
  });
});

describe('orders', () => {
  it('POST: 401, 412, 403, 404, 201 with the amount computed from the menu', async () => {
    const { meal, menu, cafe } = await mealWithMenu();
    const url = `/api/repas/${meal.id}/commande`;
    const payload = {
      invites: 1,
      lignes: [
        { idPlat: menu, quantite: 2 },
        { idPlat: cafe, quantite: 2 },
      ],
    };
    expect((await t.call({ method: 'POST', url, payload })).statusCode).toBe(401);
    for (const [bad, message] of [
      [{ lignes: [] }, /au moins un plat/],
      [{ lignes: [{ idPlat: menu, quantite: 0 }] }, /Quantité/],
      [{ invites: -1, lignes: [{ idPlat: menu, quantite: 1 }] }, /Invités/],
    ] as const) {
      const response = await t.call({ method: 'POST', url, token: tokens.membre, payload: bad });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(message);
    }
    expect((await t.call({ method: 'POST', url, token: tokens.simple, payload })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url, token: tokens.autre, payload: { ...payload, idEntite: lodge } }))
        .statusCode,
    ).toBe(403);
    expect((await order('membre', 999999, payload)).statusCode).toBe(404);
    const notOnMenu = await order('membre', meal.id, { lignes: [{ idPlat: 999999, quantite: 1 }] });
    expect(notOnMenu.statusCode).toBe(412);
    expect(notOnMenu.json()).toMatchObject({ error: 'dish_not_on_menu' });

    const created = await ordered('membre', meal.id, payload);
    expect(created).toMatchObject({ montant: 2 * 1800 + 2 * 150, etat: 'C', moyen: null, invites: 1 });
    // A second order for the same meal changes the first (200), never a second row.
    const again = await order('membre', meal.id, { ...payload, invites: 0 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, invites: 0 });
    // For the lodge (flag restauration), a second order of the same person is allowed.
    const forLodge = await ordered('membre', meal.id, { ...payload, idEntite: lodge });
    expect(forLodge).toMatchObject({ idEntite: lodge, entite: 'Les Chevaliers du Rhône' });
  });

  it('orders close at the deadline and when the seats are taken', async () => {
    const past = addDays(t.clock.today(), -1);
    const {
      meal: closed,
      dishes: [dish],
    } = await b.aMeal({
      chef,
      day: past,
      limite: `${past}T10:00`,
      dishes: [{ type: 'M', libelle: 'Menu', prix: 1000 }],
    });
    const late = await order('membre', closed.id, { lignes: [{ idPlat: dish!, quantite: 1 }] });
    expect(late.statusCode).toBe(412);
    expect(late.json()).toMatchObject({ error: 'meal_closed' });
    expect(late.json().message).toMatch(/Commandes closes : la date limite était le/);

    const { meal, menu } = await mealWithMenu({ places: 3 });
    const tooMany = await order('membre', meal.id, { invites: 3, lignes: [{ idPlat: menu, quantite: 4 }] });
    expect(tooMany.statusCode).toBe(412);
    expect(tooMany.json().message).toMatch(/il reste 3 places/);
    await ordered('membre', meal.id, { invites: 2, lignes: [{ idPlat: menu, quantite: 3 }] });
    const full = await order('agapes', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    expect(full.statusCode).toBe(412);
    expect(full.json().message).toMatch(/toutes les places/);
    const week = (
      await t.call({ method: 'GET', url: `/api/repas/search/${meal.date}`, token: tokens.agapes })
    ).json<MealWeek>();
    expect(week.repas.find((r) => r.id === meal.id)).toMatchObject({
      placesRestantes: 0,
      commandable: false,
      actions: [],
    });
  });

  it('PUT and DELETE: 401, 412, 403, 404, success; seats follow the guests', async () => {
    const { meal, menu } = await mealWithMenu({ places: 10 });
    const o = await ordered('membre', meal.id, { invites: 1, lignes: [{ idPlat: menu, quantite: 2 }] });
    const url = `/api/repas/${meal.id}/commande`;
    const body = { id: o.id, invites: 4, lignes: [{ idPlat: menu, quantite: 5 }] };
    expect((await t.call({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'PUT', url, token: tokens.membre, payload: { ...body, invites: 'x' } }))
        .statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'PUT', url, token: tokens.autre, payload: body })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url, token: tokens.membre, payload: { ...body, id: 999999 } }))
        .statusCode,
    ).toBe(404);
    const updated = await t.call({ method: 'PUT', url, token: tokens.membre, payload: body });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<MealOrder>().montant).toBe(5 * 1800);
    const [row] = await t.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(row!.placesPrises).toBe(5);

    const del = `${url}/${o.id}`;
    expect((await t.call({ method: 'DELETE', url: del })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `${url}/x`, token: tokens.membre })).statusCode).toBe(412);
    expect((await t.call({ method: 'DELETE', url: del, token: tokens.autre })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `${url}/999999`, token: tokens.membre })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'DELETE', url: del, token: tokens.membre })).statusCode).toBe(204);
    const [after] = await t.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(after!.placesPrises).toBe(0);
  });

  it('GET /api/user/commandes: 401, 403, then my orders only, newest first', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/commandes' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/commandes', token: tokens.simple })).statusCode,
    ).toBe(403);
    const mine = (await t.call({ method: 'GET', url: '/api/user/commandes', token: tokens.agapes })).json<
      MealOrder[]
    >();
    const { meal, menu } = await mealWithMenu();
    await ordered('agapes', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const after = (await t.call({ method: 'GET', url: '/api/user/commandes', token: tokens.agapes })).json<
      MealOrder[]
    >();
    expect(after).toHaveLength(mine.length + 1);
    expect(after.every((o) => o.personne.id === ids.agapes)).toBe(true);
    expect(after[0]!.idRepas).toBe(meal.id);
  });
});

describe('payment of an order', () => {
  const pay = (who: string | undefined, mealId: number, orderId: number, moyen: string, query = '') =>
    t.call({
      method: 'POST',
      url: `/api/repas/${mealId}/commande/${orderId}/payer/${moyen}${query}`,
      token: who ? tokens[who] : undefined,
    });

  it('401, 412, 403, 404, then paid at the bar', async () => {
    const { meal, menu } = await mealWithMenu();
    const o = await ordered('agapes', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    expect((await pay(undefined, meal.id, o.id, 'B')).statusCode).toBe(401);
    expect((await pay('chef', meal.id, o.id, 'Z')).statusCode).toBe(412);
    expect((await pay('chef', meal.id, o.id, 'C', '?solde=-5')).statusCode).toBe(412);
    expect((await pay('autre', meal.id, o.id, 'B')).statusCode).toBe(403);
    // The author pays only by card, never "at the bar" on their own say-so.
    expect((await pay('agapes', meal.id, o.id, 'B')).statusCode).toBe(403);
    expect((await pay('chef', meal.id, 999999, 'B')).statusCode).toBe(404);
    const paid = await pay('chef', meal.id, o.id, 'B');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ etat: 'P', moyen: 'B', actions: ['UNDO_PAYMENT'] });
    const twice = await pay('chef', meal.id, o.id, 'B');
    expect(twice.statusCode).toBe(412);
  });

  it('by card: an insufficient balance is refused with the balance and the amount; then debited once', async () => {
    const agapes = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(agapes, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const refused = await pay(agapes, meal.id, o.id, 'C');
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({ error: 'card_insufficient_balance' });
    expect(refused.json().message).toMatch(/solde de 0,00\s€ pour un montant de 18,00\s€/);

    await credit(ids[agapes]!, 2000);
    expect(await balanceOf(agapes)).toBe(2000);
    const paid = await pay(agapes, meal.id, o.id, 'C');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(agapes)).toBe(200);
    const card = (
      await t.call({ method: 'GET', url: '/api/user/payments', token: tokens[agapes] })
    ).json<MyCard>();
    expect(card.mouvements[0]).toMatchObject({ type: 'P', montant: -1800 });
  });

  it('by card: a top-up paid but waiting for validation is named, to the member with a link, to staff too', async () => {
    const agapes = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(agapes, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    // Paid online (P), not yet validated: not on the card's ledger. An expired one (E) never counts.
    const topUp = { userId: ids[agapes]!, transDay: '2026-11-28', transDate: '20261128100000' };
    await t.db.insert(userPayments).values([
      { ...topUp, montant: 2500, etat: 'P', transId: '900001' },
      { ...topUp, montant: 700, etat: 'E', transId: '900002' },
    ]);
    const mine = await pay(agapes, meal.id, o.id, 'C');
    expect(mine.statusCode).toBe(412);
    expect(mine.json()).toMatchObject({ error: 'card_top_up_awaiting_validation' });
    expect(mine.json().message).toMatch(
      /solde de 0,00\s€ pour un montant de 18,00\s€\. Un rechargement de 25,00\s€ attend la validation du trésorier/,
    );
    const atTheBar = await pay('chef', meal.id, o.id, 'C');
    expect(atTheBar.statusCode).toBe(412);
    expect(atTheBar.json()).toMatchObject({ error: 'card_insufficient_balance' });
    expect(atTheBar.json().message).toMatch(/Un rechargement de 25,00\s€ attend la validation/);
    expect(await balanceOf(agapes)).toBe(0);
  });

  it('undo: the card is re-credited by a reversing movement, never by deleting one', async () => {
    const agapes = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(agapes, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    await credit(ids[agapes]!, 1800);
    const before = await balanceOf(agapes);
    expect((await pay('chef', meal.id, o.id, 'C')).statusCode).toBe(200);
    expect(await balanceOf(agapes)).toBe(before - 1800);
    const url = `/api/repas/${meal.id}/commande/${o.id}/paiement`;
    expect((await t.call({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `/api/repas/${meal.id}/commande/0/paiement`,
          token: tokens.chef,
        })
      ).statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'DELETE', url, token: tokens[agapes] })).statusCode).toBe(403);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `/api/repas/${meal.id}/commande/999999/paiement`,
          token: tokens.chef,
        })
      ).statusCode,
    ).toBe(404);
    const undone = await t.call({ method: 'DELETE', url, token: tokens.chef });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ etat: 'C', moyen: null });
    expect(await balanceOf(agapes)).toBe(before);
    const movements = await t.db
      .select()
      .from(cardMovements)
      .where(eq(cardMovements.orderId, o.id))
      .orderBy(asc(cardMovements.id));
    expect(movements.map((m) => [m.type, m.montant])).toEqual([
      ['P', -1800],
      ['A', 1800],
    ]);
    expect((await t.call({ method: 'DELETE', url, token: tokens.chef })).statusCode).toBe(412);
  });

  it("the lodge's card (L) needs carteLoge; a differing `solde` writes an adjustment in the ledger and the audit log", async () => {
    // A lodge of its own, whose card no other test has paid with.
    const ownLodge = await b.aLodgeWithMembers({
      nom: 'Les Amis de la Vérité',
      members: [
        { habilitations: EATS, flags: { restauration: true, carteLoge: true } },
        { habilitations: EATS, flags: { restauration: true } },
      ],
    });
    const [membre, agapes] = ownLodge.members.map((m) => known(m).identifiant) as [string, string];
    const { meal, menu } = await mealWithMenu();
    const withoutCard = await ordered(agapes, meal.id, {
      idEntite: ownLodge.id,
      lignes: [{ idPlat: menu, quantite: 1 }],
    });
    expect((await pay(agapes, meal.id, withoutCard.id, 'L')).statusCode).toBe(403);
    const bar = await pay('chef', meal.id, withoutCard.id, 'L');
    expect(bar.statusCode).toBe(412);
    expect(bar.json()).toMatchObject({ error: 'meal_order_no_lodge_card' });
    // « des Amis de la Vérité », never « de Les Amis… ».
    expect(bar.json().message).toMatch(/n'a pas la carte Union des Amis de la Vérité\.$/);
    const own = await ordered(membre, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    expect((await pay('chef', meal.id, own.id, 'L')).json()).toMatchObject({
      error: 'meal_order_not_for_lodge',
    });

    const o = await ordered(membre, meal.id, {
      idEntite: ownLodge.id,
      invites: 1,
      lignes: [{ idPlat: menu, quantite: 2 }],
    });
    // The staff read 50 € on the lodge's physical card; the ledger says 0 €.
    const paid = await pay('chef', meal.id, o.id, 'L', '?solde=5000');
    expect(paid.statusCode, paid.body).toBe(200);
    const [card] = await t.db.select().from(cards).where(eq(cards.entityId, ownLodge.id));
    const movements = await t.db
      .select()
      .from(cardMovements)
      .where(eq(cardMovements.cardId, card!.id))
      .orderBy(asc(cardMovements.id));
    expect(movements.map((m) => [m.type, m.montant])).toEqual([
      ['J', 5000],
      ['P', -3600],
    ]);
    const [adjusted] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card_adjusted'), eq(auditLog.recordId, card!.id)));
    expect(adjusted).toMatchObject({
      actorId: ids.chef,
      details: { registre: 0, lu: 5000, difference: 5000 },
    });
  });

  it('refuse: 401, 412, 403, 404, then R with the day noted; I (invitation) pays nothing on the card', async () => {
    const agapes = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(agapes, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const url = `/api/repas/${meal.id}/commande/${o.id}/refuser`;
    expect((await t.call({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${url}?date=2`, token: tokens.chef })).statusCode).toBe(412);
    expect((await t.call({ method: 'POST', url, token: tokens[agapes] })).statusCode).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/repas/${meal.id}/commande/999999/refuser`,
          token: tokens.chef,
        })
      ).statusCode,
    ).toBe(404);
    const refused = await t.call({ method: 'POST', url: `${url}?date=1`, token: tokens.chef });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ etat: 'R', dateRefus: t.clock.today() });
    const before = await balanceOf(agapes);
    const invited = await pay('chef', meal.id, o.id, 'I');
    expect(invited.json()).toMatchObject({ etat: 'P', moyen: 'I' });
    expect(await balanceOf(agapes)).toBe(before);
  });
});

describe("a card-read balance (`solde`) is the restaurant staff's word alone (issue 17)", () => {
  const pay = (who: string, mealId: number, orderId: number, moyen: string, query = '') =>
    t.call({
      method: 'POST',
      url: `/api/repas/${mealId}/commande/${orderId}/payer/${moyen}${query}`,
      token: tokens[who],
    });
  const cardId = async (owner: { userId: number } | { entityId: number }) => {
    const [card] = await t.db
      .select()
      .from(cards)
      .where('userId' in owner ? eq(cards.userId, owner.userId) : eq(cards.entityId, owner.entityId));
    return card?.id;
  };
  /** What a refused call must leave as it was: the card's movements, the order, the adjustments logged. */
  const snapshot = async (owner: { userId: number } | { entityId: number }, orderId: number) => {
    const id = await cardId(owner);
    return {
      movements: id ? await t.db.select().from(cardMovements).where(eq(cardMovements.cardId, id)) : [],
      order: (await t.db.select().from(mealOrders).where(eq(mealOrders.id, orderId)))[0],
      adjustments: (await t.db.select().from(auditLog).where(eq(auditLog.action, 'card_adjusted'))).length,
    };
  };

  it("the order's owner paying by card with `?solde=1000000`: 403 in French, and nothing written", async () => {
    const membre = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(membre, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const before = await snapshot({ userId: ids[membre]! }, o.id);
    const response = await pay(membre, meal.id, o.id, 'C', '?solde=1000000');
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(
      'Solde : seul le personnel du restaurant (habilitation MENUS) peut indiquer le solde lu sur une carte.',
    );
    expect(await snapshot({ userId: ids[membre]! }, o.id)).toEqual(before);
    expect(await balanceOf(membre)).toBe(0);
    // A motif alone is the same word on the card: refused too.
    expect((await pay(membre, meal.id, o.id, 'C', '?motif=Oubli')).statusCode).toBe(403);
  });

  it("a lodge officer paying with the lodge's card (L) with `?solde=`: 403, the lodge's card unchanged", async () => {
    const ownLodge = await b.aLodgeWithMembers({
      members: [{ habilitations: EATS, flags: { restauration: true, carteLoge: true } }],
    });
    const officer = known(ownLodge.members[0]!).identifiant;
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(officer, meal.id, {
      idEntite: ownLodge.id,
      lignes: [{ idPlat: menu, quantite: 1 }],
    });
    const before = await snapshot({ entityId: ownLodge.id }, o.id);
    const response = await pay(officer, meal.id, o.id, 'L', '?solde=1000000');
    expect(response.statusCode, response.body).toBe(403);
    expect(await snapshot({ entityId: ownLodge.id }, o.id)).toEqual(before);
  });

  it('staff: bounded to 0..10 000 €; over 500 € of difference a motif is asked (412), then the ledger shows it and its author', async () => {
    const membre = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(membre, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const before = await snapshot({ userId: ids[membre]! }, o.id);
    expect((await pay('chef', meal.id, o.id, 'C', '?solde=1000001')).statusCode).toBe(412);
    expect((await pay('chef', meal.id, o.id, 'C', '?solde=-1')).statusCode).toBe(412);
    // A solde means nothing at the bar; a motif without a solde explains nothing.
    expect((await pay('chef', meal.id, o.id, 'B', '?solde=5000')).statusCode).toBe(412);
    expect((await pay('chef', meal.id, o.id, 'C', '?motif=Oubli')).statusCode).toBe(412);
    const asked = await pay('chef', meal.id, o.id, 'C', '?solde=50001');
    expect(asked.statusCode, asked.body).toBe(412);
    expect(asked.json()).toMatchObject({ error: 'card_adjustment_reason_required' });
    expect(asked.json().message).toMatch(
      /^Motif : un ajustement de plus de 500,00\s€ demande un motif\. Le solde lu sur la carte \(500,01\s€\) s'écarte de 500,01\s€ du registre \(0,00\s€\)/,
    );
    // A blank motif is none.
    expect((await pay('chef', meal.id, o.id, 'C', '?solde=50001&motif=%20%20')).statusCode).toBe(412);
    expect(await snapshot({ userId: ids[membre]! }, o.id)).toEqual(before);

    const paid = await pay(
      'chef',
      meal.id,
      o.id,
      'C',
      `?solde=1000000&motif=${encodeURIComponent('Carte créditée à la caisse')}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(membre)).toBe(1_000_000 - 1800);
    const card = (
      await t.call({ method: 'GET', url: '/api/user/payments', token: tokens[membre] })
    ).json<MyCard>();
    expect(card.mouvements[1]).toMatchObject({
      type: 'J',
      montant: 1_000_000,
      auteur: { id: ids.chef, prenom: expect.any(String), nom: expect.any(String) },
    });
    expect(card.mouvements[1]!.libelle).toMatch(
      /^Ajustement : solde lu sur la carte 10\s000,00\s€, registre 0,00\s€ – motif : Carte créditée à la caisse$/,
    );
    expect(card.mouvements[0]).toMatchObject({ type: 'P', auteur: { id: ids.chef } });
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'card_adjusted'),
          eq(auditLog.recordId, (await cardId({ userId: ids[membre]! }))!),
        ),
      );
    expect(logged).toMatchObject({ actorId: ids.chef, details: { motif: 'Carte créditée à la caisse' } });
  });

  it('an adjustment of exactly 500 € needs no motif; the member paying themselves is the author of their debit', async () => {
    const membre = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(membre, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    expect((await pay('chef', meal.id, o.id, 'C', '?solde=50000')).statusCode).toBe(200);
    const mine = (
      await t.call({ method: 'GET', url: '/api/user/payments', token: tokens[membre] })
    ).json<MyCard>();
    expect(mine.mouvements.map((m) => [m.type, m.montant])).toEqual([
      ['P', -1800],
      ['J', 50000],
    ]);
    expect(mine.mouvements[1]!.libelle).not.toMatch(/motif/);
    expect(mine.mouvements.map((m) => m.auteur?.id)).toEqual([ids.chef, ids.chef]);

    // Paid by the member from their own card: the debit is theirs.
    const other = await mealWithMenu();
    const own = await ordered(membre, other.meal.id, { lignes: [{ idPlat: other.menu, quantite: 1 }] });
    expect((await pay(membre, other.meal.id, own.id, 'C')).statusCode).toBe(200);
    const after = (
      await t.call({ method: 'GET', url: '/api/user/payments', token: tokens[membre] })
    ).json<MyCard>();
    expect(after.mouvements[0]).toMatchObject({ type: 'P', auteur: { id: ids[membre] } });
  });

  it("refuse with `?solde=` or `?date=1` is MENUS only: the order's owner gets 403 and nothing moves", async () => {
    const membre = await aPayer();
    const { meal, menu } = await mealWithMenu();
    const o = await ordered(membre, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    const before = await snapshot({ userId: ids[membre]! }, o.id);
    for (const query of ['?solde=1000000', '?date=1', '?solde=5000&motif=x']) {
      const response = await t.call({
        method: 'POST',
        url: `/api/repas/${meal.id}/commande/${o.id}/refuser${query}`,
        token: tokens[membre],
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(403);
    }
    expect(await snapshot({ userId: ids[membre]! }, o.id)).toEqual(before);
    const staff = await t.call({
      method: 'POST',
      url: `/api/repas/${meal.id}/commande/${o.id}/refuser?solde=2500`,
      token: tokens.chef,
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(await balanceOf(membre)).toBe(2500);
  });
});

describe('notify and recap', () => {
  it('notify: 401, 412, 403, 404; e-mails the menu once, again only after a change', async () => {
    const { meal } = await mealWithMenu();
    const url = `/api/repas/${meal.id}/notifier`;
    expect((await t.call({ method: 'POST', url })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/repas/-3/notifier', token: tokens.chef })).statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'POST', url, token: tokens.membre })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/repas/999999/notifier', token: tokens.chef })).statusCode,
    ).toBe(404);
    const before = (await t.db.select().from(emailOutbox)).length;
    // The count asked before sending: the same recipients, nothing written; a member may not ask it.
    expect((await t.call({ method: 'GET', url, token: tokens.membre })).statusCode).toBe(403);
    const preview = await t.call({ method: 'GET', url, token: tokens.chef });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ destinataires: 1 });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(before);
    const sent = await t.call({ method: 'POST', url, token: tokens.chef });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ destinataires: 1 });
    const mails = await t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ destinataire: 'membre@exemple.fr' });
    expect(mails.at(-1)!.texte).toMatch(/Menu du jour \(18,00\s€\)/);
    const again = await t.call({ method: 'POST', url, token: tokens.chef });
    expect(again.statusCode).toBe(412);
    expect(again.json()).toMatchObject({ error: 'meal_already_notified' });
    expect((await t.call({ method: 'GET', url, token: tokens.chef })).json()).toMatchObject({
      error: 'meal_already_notified',
    });
    await addDish(meal.id, 'D', 'Tarte aux pralines', 500);
    expect((await t.call({ method: 'POST', url, token: tokens.chef })).statusCode).toBe(200);
  });

  it('recap: 401, 412, 403, 404, then a PDF whose text holds the dishes, lodges and names', async () => {
    const { meal, menu, cafe } = await mealWithMenu();
    await ordered('membre', meal.id, {
      idEntite: lodge,
      invites: 2,
      lignes: [{ idPlat: menu, quantite: 3 }],
    });
    await ordered('agapes', meal.id, {
      lignes: [
        { idPlat: menu, quantite: 1 },
        { idPlat: cafe, quantite: 1 },
      ],
    });
    const url = `/api/repas/${meal.id}/document/recap`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/repas/x/document/recap', token: tokens.chef })).statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'GET', url, token: tokens.membre })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/repas/999999/document/recap', token: tokens.chef }))
        .statusCode,
    ).toBe(404);
    const response = await t.call({ method: 'GET', url, token: tokens.chef });
    const text = await pdfAnswerText(response);
    expect(text).toContain('Récapitulatif du repas – Blanquette de veau');
    expect(text).toContain('4 × Menu du jour');
    expect(text).toContain('1 × Café');
    expect(text).toContain('Les Chevaliers du Rhône');
    expect(text).toContain('membre MEMBRE + 2 invités');
    expect(text).toContain('Commandes individuelles');
    expect(text).toContain('agapes AGAPES');
    expect(text).toContain('Invités : 2');
  });
});

describe('GDPR export', () => {
  it("includes the person's meal orders and card movements", async () => {
    const agapes = await aPayer();
    const { meal, menu } = await mealWithMenu();
    await ordered(agapes, meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });
    await credit(ids[agapes]!, 500);
    const response = await t.call({
      method: 'GET',
      url: '/api/user/donnees-personnelles',
      token: tokens[agapes],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{
      commandesRepas: { repas: string; montant: number }[];
      carte: { mouvements: { type: string }[] };
    }>();
    expect(data.commandesRepas[0]).toMatchObject({ repas: 'Blanquette de veau', montant: 1800 });
    expect(data.carte.mouvements.length).toBeGreaterThan(0);
  });
});
