/**
 * A meal as a lodge's agapes (issue 9): tied to a confirmed session of the planning on its day, chosen
 * among GET /api/repas/seances/{date}; the week lists a lodge's agapes first for those who order for it
 * or manage it; the kitchen recap groups that lodge's orders and guests under « Agapes de <loge> ».
 * Each call in the order 401 → 412 → 403 → 404 → success.
 */
import type { Habilitation, Meal, MealSession, MealWeek } from '@union/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, meals, reservations } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { addDays, weekOf } from '@union/contract';
import { builders, named, type Builders, type Lodge, type MealFields, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { pdfAnswerText } from './pdf-text';

let t: TestContext;
let b: Builders;
const tokens: Record<string, string> = {};
let chef: Person;
let chevaliers: Lodge;
let lodge: number;
let otherLodge: number;

/** A Monday well ahead: the week's Tuesday holds the lodge's session, its Thursday another lodge's. */
const monday = weekOf(addDays(parisDay(), 60)).debut;
const tuesday = addDays(monday, 1);
const thursday = addDays(monday, 3);
const session: Record<string, number> = {};

/** The lodge's secretary, last of its members: books its sessions. */
const BOOKS = { habilitations: ['USER', 'PLANNING'] as Habilitation[], flags: { reservation: true } };
const bookerOf = (entity: Lodge) => entity.members.at(-1)!;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  chevaliers = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    members: [
      // Orders for the lodge (its agapes come first for him).
      named('ordonnateur', ['USER', 'RESTAURATION', 'PAYMENT'], { restauration: true }),
      // Manages the lodge without ordering for it: its agapes come first too.
      named('venerable', ['USER', 'RESTAURATION'], { gestion: true }),
      named('frere', ['USER', 'RESTAURATION'], { restauration: true }),
      BOOKS,
    ],
  });
  const tolerance = await b.aLodgeWithMembers({
    nom: 'Tolérance et Progrès',
    // Orders for the other lodge only.
    members: [named('autre', ['USER', 'RESTAURATION'], { restauration: true }), BOOKS],
  });
  lodge = chevaliers.id;
  otherLodge = tolerance.id;
  chef = await b.aUser(named('chef', ['USER', 'MENUS']));
  for (const person of [
    ...chevaliers.members,
    ...tolerance.members,
    chef,
    await b.aUser(named('isole', ['USER', 'RESTAURATION'])),
  ]) {
    tokens[person.identifiant] = person.token;
  }

  const hiram = await b.aRoom({ nom: 'Temple Hiram' });
  const salomon = await b.aRoom({ nom: 'Temple Salomon' });
  const tenue = (entity: Lodge, day: string, start: string, end: string) => ({
    entity,
    by: bookerOf(entity),
    room: hiram,
    day,
    start,
    end,
    libelle: 'Tenue régulière',
  });
  const id = async (reservation: Promise<{ id: number }>) => (await reservation).id;
  session.lodge = await id(b.aReservation({ ...tenue(chevaliers, tuesday, '19:30', '22:30'), state: 'CR' }));
  // Its deletion only asked: still a confirmed session.
  session.otherDs = await id(
    b.aReservation({
      ...tenue(tolerance, tuesday, '18:00', '21:00'),
      room: salomon,
      libelle: 'Tenue blanche',
      state: 'DS',
    }),
  );
  session.pending = await id(
    b.aReservation({ ...tenue(tolerance, tuesday, '14:00', '17:00'), libelle: 'Collège des officiers' }),
  );
  session.deleted = await id(
    b.aReservation({
      ...tenue(tolerance, tuesday, '10:00', '13:00'),
      libelle: 'Réunion annulée',
      state: 'SU',
    }),
  );
  session.otherDay = await id(
    b.aReservation({ ...tenue(tolerance, thursday, '19:30', '22:30'), state: 'CR' }),
  );
});
afterAll(() => t.close());

const mealInput = (date: string, over: Record<string, unknown> = {}) => ({
  date,
  type: 'S',
  titre: 'Agapes',
  places: 60,
  limite: `${date}T12:00`,
  ouvert: true,
  ...over,
});

/** Agapes unless told otherwise: an evening meal for 60 whose orders close at noon, no dish yet. */
async function createMeal(date: string, over: Omit<MealFields, 'day'> = {}): Promise<Meal> {
  const { meal } = await b.aMeal({
    chef,
    day: date,
    type: 'S',
    titre: 'Agapes',
    places: 60,
    limite: `${date}T12:00`,
    dishes: [],
    ...over,
  });
  return meal;
}

async function order(who: string, mealId: number, payload: Record<string, unknown>) {
  const response = await t.call({
    method: 'POST',
    url: `/api/repas/${mealId}/commande`,
    token: tokens[who],
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The lodge's Tuesday session as the API describes it. */
const lodgeSession = (): MealSession => ({
  idReservation: session.lodge!,
  idEntite: lodge,
  entite: 'Les Chevaliers du Rhône',
  type: 'TC',
  libelle: 'Tenue régulière',
  debut: '19:30',
  fin: '22:30',
  salle: 'Temple Hiram',
});

const weekAs = async (who: string): Promise<MealWeek> => {
  const response = await t.call({ method: 'GET', url: `/api/repas/search/${monday}`, token: tokens[who] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/repas/seances/{date}', () => {
  it('401, 412, 403, then the confirmed sessions of the day in time order (none: an empty list)', async () => {
    const url = `/api/repas/seances/${tuesday}`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.call({ method: 'GET', url: '/api/repas/seances/2026-02-30', token: tokens.chef });
    expect(bad.statusCode).toBe(412);
    expect(bad.json().message).toMatch(/n'existe pas/);
    expect((await t.call({ method: 'GET', url, token: tokens.ordonnateur })).statusCode).toBe(403);

    const response = await t.call({ method: 'GET', url, token: tokens.chef });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MealSession[]>()).toEqual([
      {
        idReservation: session.otherDs,
        idEntite: otherLodge,
        entite: 'Tolérance et Progrès',
        type: 'TC',
        libelle: 'Tenue blanche',
        debut: '18:00',
        fin: '21:00',
        salle: 'Temple Salomon',
      },
      lodgeSession(),
    ]);
    const empty = await t.call({ method: 'GET', url: `/api/repas/seances/${monday}`, token: tokens.chef });
    expect(empty.json()).toEqual([]);
  });
});

describe('tying a meal to a session (POST and PUT /api/repas)', () => {
  it.each([
    ['a reservation that does not exist', () => 999_999, /Tenue : la réservation n° 999999 n'existe pas/],
    [
      'a session not confirmed (DC)',
      () => session.pending!,
      /n'est pas une tenue confirmée \(création demandée\)/,
    ],
    ['a deleted session (SU)', () => session.deleted!, /n'est pas une tenue confirmée \(supprimée\)/],
    ['a session of another day', () => session.otherDay!, /a lieu le .* pas le jour du repas/],
    ['an id that is not a number', () => 'x' as unknown as number, /identifiant/],
  ])('POST: 412 with %s, and nothing is created', async (_, id, message) => {
    const before = (await t.db.select().from(meals)).length;
    const response = await t.call({
      method: 'POST',
      url: '/api/repas',
      token: tokens.chef,
      payload: mealInput(tuesday, { idReservation: id() }),
    });
    expect(response.statusCode, response.body).toBe(412);
    expect(response.json().message).toMatch(message);
    expect((await t.db.select().from(meals)).length).toBe(before);
  });

  it('POST: 401 without a session, 403 without MENUS, then 201 with the agapes and an audit entry', async () => {
    const payload = mealInput(tuesday, { idReservation: session.lodge });
    expect((await t.call({ method: 'POST', url: '/api/repas', payload })).statusCode).toBe(401);
    const denied = await t.call({ method: 'POST', url: '/api/repas', token: tokens.ordonnateur, payload });
    expect(denied.statusCode).toBe(403);

    const meal = await createMeal(tuesday, { session: session.lodge });
    expect(meal.agapes).toEqual(lodgeSession());
    // MENUS do not order for the lodge: for them it is not « my lodge's agapes ».
    expect(meal.mesAgapes).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'meal_created'), eq(auditLog.recordId, meal.id)));
    expect(entry!.details).toEqual({ reservation: session.lodge });
  });

  it('PUT: 412 when the meal moves away from its session, 404 for no meal, then tied and untied', async () => {
    const meal = await createMeal(tuesday);
    expect(meal.agapes).toBeNull();
    const put = (token: string | undefined, payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/repas', token, payload });
    const tied = { ...mealInput(tuesday, { idReservation: session.lodge }), id: meal.id };
    expect((await put(undefined, tied)).statusCode).toBe(401);
    const moved = await put(tokens.chef, { ...tied, date: thursday, limite: `${thursday}T12:00` });
    expect(moved.statusCode).toBe(412);
    expect(moved.json().message).toMatch(/Tenue : « Tenue régulière » des Chevaliers du Rhône a lieu le/);
    expect((await put(tokens.ordonnateur, tied)).statusCode).toBe(403);
    expect((await put(tokens.chef, { ...tied, id: 999_999 })).statusCode).toBe(404);

    const done = await put(tokens.chef, tied);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Meal>().agapes?.entite).toBe('Les Chevaliers du Rhône');
    const untied = await put(tokens.chef, { ...tied, idReservation: null });
    expect(untied.json<Meal>().agapes).toBeNull();
    const [row] = await t.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(row!.reservationId).toBeNull();
  });
});

describe("the week: a lodge's agapes first for its orderers and managers", () => {
  it('lists the agapes first for the lodge, in date order for others; a deleted session unties', async () => {
    // Monday's lunch first by date, then Tuesday's agapes of the lodge.
    // With a dish each: members see a meal once it has one.
    const menu = [{ type: 'M', libelle: 'Menu', prix: 1500 }];
    const lunch = await createMeal(monday, {
      type: 'M',
      titre: 'Déjeuner',
      limite: `${monday}T10:00`,
      dishes: menu,
    });
    const agapes = await createMeal(tuesday, {
      titre: 'Agapes des Chevaliers',
      session: session.lodge,
      dishes: menu,
    });
    const positions = (week: MealWeek) =>
      week.repas.filter((r) => r.id === lunch.id || r.id === agapes.id).map((r) => r.id);

    for (const who of ['ordonnateur', 'venerable']) {
      const week = await weekAs(who);
      expect(positions(week), who).toEqual([agapes.id, lunch.id]);
      expect(week.repas[0]!.mesAgapes, who).toBe(true);
      expect(week.repas[0]!.agapes?.entite).toBe('Les Chevaliers du Rhône');
    }
    for (const who of ['autre', 'isole', 'chef']) {
      const week = await weekAs(who);
      expect(positions(week), who).toEqual([lunch.id, agapes.id]);
      const seen = week.repas.find((r) => r.id === agapes.id)!;
      // Everyone sees whose agapes they are; only the lodge's people see them first.
      expect(seen.agapes?.entite, who).toBe('Les Chevaliers du Rhône');
      expect(seen.mesAgapes, who).toBe(false);
    }

    // The session deleted (kept as SU): the tie no longer counts, the week is back in date order.
    await t.db.update(reservations).set({ etat: 'SU' }).where(eq(reservations.id, session.lodge!));
    try {
      const week = await weekAs('ordonnateur');
      expect(positions(week)).toEqual([lunch.id, agapes.id]);
      expect(week.repas.find((r) => r.id === agapes.id)!.agapes).toBeNull();
    } finally {
      await t.db.update(reservations).set({ etat: 'CR' }).where(eq(reservations.id, session.lodge!));
    }
  });

  it('a reservation removed from the database unties its meals (ON DELETE SET NULL)', async () => {
    const jour = addDays(monday, 4);
    const { id } = await b.aReservation({
      entity: chevaliers,
      by: bookerOf(chevaliers),
      day: jour,
      start: '12:00',
      end: '15:00',
      libelle: 'Tenue de midi',
      state: 'CR',
    });
    const meal = await createMeal(jour, { type: 'M', session: id, limite: `${jour}T10:00` });
    await t.db.delete(reservations).where(eq(reservations.id, id));
    const [row] = await t.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(row!.reservationId).toBeNull();
  });
});

describe('GET /api/repas/{id}/document/recap of agapes', () => {
  it("401, 412, 403, 404, then the lodge's orders and guests first under « Agapes de … »", async () => {
    const {
      meal,
      dishes: [menu],
    } = await b.aMeal({
      chef,
      day: tuesday,
      type: 'S',
      titre: 'Agapes de la tenue',
      places: 60,
      limite: `${tuesday}T12:00`,
      session: session.lodge,
      dishes: [{ type: 'M', libelle: 'Menu des agapes', prix: 2600 }],
    });
    await order('autre', meal.id, {
      idEntite: otherLodge,
      invites: 1,
      lignes: [{ idPlat: menu, quantite: 2 }],
    });
    await order('ordonnateur', meal.id, {
      idEntite: lodge,
      invites: 2,
      lignes: [{ idPlat: menu, quantite: 3 }],
    });
    await order('frere', meal.id, { idEntite: lodge, invites: 1, lignes: [{ idPlat: menu, quantite: 2 }] });
    // A member of the lodge ordering for himself is not the lodge's order.
    await order('isole', meal.id, { lignes: [{ idPlat: menu, quantite: 1 }] });

    const url = `/api/repas/${meal.id}/document/recap`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.call({ method: 'GET', url: '/api/repas/0/document/recap', token: tokens.chef });
    expect(bad.statusCode).toBe(412);
    expect((await t.call({ method: 'GET', url, token: tokens.ordonnateur })).statusCode).toBe(403);
    const missing = await t.call({
      method: 'GET',
      url: '/api/repas/999999/document/recap',
      token: tokens.chef,
    });
    expect(missing.statusCode).toBe(404);

    const response = await t.call({ method: 'GET', url, token: tokens.chef });
    const text = await pdfAnswerText(response);
    expect(text).toContain('Agapes des Chevaliers du Rhône : Tenue régulière, 19:30–22:30 (Temple Hiram)');
    expect(text).toContain('8 × Menu des agapes');
    // The lodge's group: two orders, three guests, five covers; then the other lodge, then individuals.
    expect(text).toContain('5 couverts : 2 commandes et 3 invités');
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, s).toBeGreaterThanOrEqual(0);
      return i;
    };
    const heading = at('Commandes (4)');
    const group = text.indexOf('Agapes des Chevaliers du Rhône', heading);
    expect(group).toBeGreaterThan(heading);
    expect(at('ordonnateur ORDONNATEUR + 2 invités')).toBeGreaterThan(group);
    expect(at('frere FRERE + 1 invité')).toBeGreaterThan(group);
    expect(at('Tolérance et Progrès')).toBeGreaterThan(at('frere FRERE'));
    expect(at('autre AUTRE + 1 invité')).toBeGreaterThan(at('Tolérance et Progrès'));
    expect(at('Commandes individuelles')).toBeGreaterThan(at('autre AUTRE'));
    expect(at('isole ISOLE')).toBeGreaterThan(at('Commandes individuelles'));
  });
});
