/**
 * The kitchen and the ordering (issue 21): a member's second order for a meal is an edit of the first
 * (one row, seats follow), « Commander » is offered only while someone is left to order for, a meal
 * without dishes is its managers' alone (the week and the order say 404 to members), a meal is created
 * with its dishes in one call, and the recap separates what is paid from what is offered.
 */
import type { Habilitation, Meal, MealOrder, MealWeek } from '@union/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealOrders, meals } from '../src/db/schema';
import { builders, named, type Builders, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { pdfAnswerText } from './pdf-text';

let t: TestContext;
let b: Builders;
let chef: Person;
let solo: Person;
let officer: Person;
let lodge: number;

const EATS: Habilitation[] = ['USER', 'RESTAURATION', 'PAYMENT'];

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  chef = await b.aUser(named('chef', ['USER', 'MENUS']));
  solo = await b.aUser(named('solo', EATS));
  const chevaliers = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    members: [named('officier', EATS, { restauration: true })],
  });
  lodge = chevaliers.id;
  officer = chevaliers.members[0]!;
});
afterAll(() => t.close());

const order = (who: Person, mealId: number, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/repas/${mealId}/commande`, token: who.token, payload });

const weekOf = async (who: Person, day: string) => {
  const response = await t.call({ method: 'GET', url: `/api/repas/search/${day}`, token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MealWeek>();
};

describe('a second order is an edit of the first', () => {
  it('POST again: 200, the same order changed, seats follow; no second row', async () => {
    const { meal, dishes } = await b.aMeal({ chef, places: 10 });
    const first = await order(solo, meal.id, { lignes: [{ idPlat: dishes[0]!, quantite: 1 }] });
    expect(first.statusCode, first.body).toBe(201);
    const second = await order(solo, meal.id, {
      invites: 1,
      lignes: [{ idPlat: dishes[0]!, quantite: 2 }],
      commentaire: 'Allergie sévère aux fruits à coque',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<MealOrder>()).toMatchObject({
      id: first.json<MealOrder>().id,
      invites: 1,
      montant: 3600,
      commentaire: 'Allergie sévère aux fruits à coque',
    });
    const rows = await t.db
      .select()
      .from(mealOrders)
      .where(and(eq(mealOrders.mealId, meal.id), eq(mealOrders.userId, solo.id)));
    expect(rows).toHaveLength(1);
    const [row] = await t.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(row!.placesPrises).toBe(2);
  });

  it('« Commander » stays offered only while someone is left to order for', async () => {
    const { meal, dishes } = await b.aMeal({ chef });
    const offered = async (who: Person) =>
      (await weekOf(who, meal.date)).repas.find((r) => r.id === meal.id)!.actions.includes('ORDER');
    expect(await offered(solo)).toBe(true);
    await order(solo, meal.id, { lignes: [{ idPlat: dishes[0]!, quantite: 1 }] });
    expect(await offered(solo)).toBe(false);
    // The lodge's officer orders for himself, then for his lodge: nothing is left after both.
    await order(officer, meal.id, { lignes: [{ idPlat: dishes[0]!, quantite: 1 }] });
    expect(await offered(officer)).toBe(true);
    const forLodge = await order(officer, meal.id, {
      idEntite: lodge,
      lignes: [{ idPlat: dishes[0]!, quantite: 4 }],
    });
    expect(forLodge.statusCode, forLodge.body).toBe(201);
    expect(await offered(officer)).toBe(false);
  });
});

describe('a meal without dishes is not published', () => {
  it('members do not see it in the week and cannot order it (404); its managers see it', async () => {
    const { meal } = await b.aMeal({ chef, dishes: [] });
    expect((await weekOf(solo, meal.date)).repas.map((r) => r.id)).not.toContain(meal.id);
    expect((await weekOf(chef, meal.date)).repas.map((r) => r.id)).toContain(meal.id);
    const response = await order(solo, meal.id, { lignes: [{ idPlat: 1, quantite: 1 }] });
    expect(response.statusCode).toBe(404);
  });

  it('POST /api/repas takes its first dishes in the same call (412 on a bad one, nothing created)', async () => {
    const day = b.aDay();
    const payload = {
      date: day,
      type: 'S',
      titre: 'Pot-au-feu',
      places: 30,
      limite: `${day}T10:00`,
      plats: [
        { type: 'M', libelle: 'Menu pot-au-feu', prix: 2000 },
        { type: 'D', libelle: 'Tarte Tatin', prix: 500 },
      ],
    };
    const bad = await t.call({
      method: 'POST',
      url: '/api/repas',
      token: chef.token,
      payload: { ...payload, plats: [{ type: 'M', libelle: '', prix: 2000 }] },
    });
    expect(bad.statusCode).toBe(412);
    expect(bad.json().message).toMatch(/Libellé/);
    const created = await t.call({ method: 'POST', url: '/api/repas', token: chef.token, payload });
    expect(created.statusCode, created.body).toBe(201);
    const meal = created.json<Meal>();
    expect(meal.plats.map((p) => [p.libelle, p.prix])).toEqual([
      ['Menu pot-au-feu', 2000],
      ['Tarte Tatin', 500],
    ]);
    expect((await weekOf(solo, day)).repas.map((r) => r.id)).toContain(meal.id);
  });
});

describe('the recap', () => {
  it('separates what is paid from what is offered, and shows the remarks', async () => {
    const { meal, dishes } = await b.aMeal({ chef });
    const guest = await b.aUser(named('invite', EATS));
    const paid = await order(solo, meal.id, {
      lignes: [{ idPlat: dishes[0]!, quantite: 1 }],
      commentaire: 'Allergie sévère aux fruits à coque',
    });
    const offered = await order(guest, meal.id, { lignes: [{ idPlat: dishes[0]!, quantite: 1 }] });
    await order(officer, meal.id, { lignes: [{ idPlat: dishes[1]!, quantite: 2 }] });
    const url = (o: typeof paid, moyen: string) =>
      `/api/repas/${meal.id}/commande/${o.json<MealOrder>().id}/payer/${moyen}`;
    expect((await t.call({ method: 'POST', url: url(paid, 'B'), token: chef.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: url(offered, 'I'), token: chef.token })).statusCode).toBe(
      200,
    );
    const text = await pdfAnswerText(
      await t.call({ method: 'GET', url: `/api/repas/${meal.id}/document/recap`, token: chef.token }),
    );
    expect(text).toContain('Remarque : Allergie sévère aux fruits à coque');
    // 18 € paid at the bar and 3 € of coffees to collect; the invitation's 18 € stand apart.
    expect(text).toContain('Total payant : 21,00 € (2 commandes)');
    expect(text).toContain('payé : 18,00 € ; à encaisser : 3,00 €');
    expect(text).toContain('Offert (invitation) : 18,00 € (1 commande), hors total payant');
    // The week's bar header agrees with the recap: the offered order is counted apart, not in the total.
    const week = await weekOf(chef, meal.date);
    expect(week.repas.find((r) => r.id === meal.id)!.bar).toEqual({
      commandes: 3,
      montant: 2100,
      offertes: 1,
      offert: 1800,
    });
  });
});
