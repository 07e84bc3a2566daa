/**
 * The restaurant under load, the three figures of issue 9: the week of meals with 2,000 orders (p95: as
 * MENUS see it, every order with its lines and card balance; and as a member sees it), the recap PDF of a
 * meal with 300 orders, and 200 simultaneous card payments on 200 cards. One of the week's meals is a
 * lodge's agapes (its session in the planning, half its orders for the lodge), as in real weeks.
 * In process (bench/setup.ts): the load generator shares the server's event loop, so the week's figures
 * include reading 0.9 MB of JSON on the client side.
 */
import { eq } from 'drizzle-orm';
import {
  cardMovements,
  cards,
  dishes,
  entities,
  mealOrderLines,
  mealOrders,
  meals,
  memberships,
  reservations,
  rooms,
  users,
} from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { hashPassword } from '../src/lib/secrets';
import { addDays, weekOf } from '@union/contract';
import { measure, report } from './lib';
import { BENCH_PASSWORD, CLIENT_BASIC, startBenchApp } from './setup';

const ORDERS = 2000;
const MEALS = 5;
const RECAP_ORDERS = 300;
const PAYMENTS = 200;

export default async function restaurantBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  await db.insert(users).values({
    identifiant: 'chef',
    nom: 'Fourneau',
    prenom: 'Rémi',
    email: 'chef@exemple.fr',
    habilitations: ['USER', 'MENUS', 'RESTAURATION'],
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
  const memberHash = await hashPassword(BENCH_PASSWORD);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: ORDERS }, (_, i) => ({
        identifiant: `convive${i}`,
        nom: `Convive ${i}`,
        prenom: 'Jean',
        email: `convive${i}@exemple.fr`,
        habilitations: ['USER', 'RESTAURATION', 'PAYMENT'] as ['USER', 'RESTAURATION', 'PAYMENT'],
        // The first guest signs in for the member's view of the week.
        passwordHash: i === 0 ? memberHash : null,
      })),
    )
    .returning({ id: users.id });
  // A lodge whose orderer is the first guest, and its session in the planning on the second meal's day.
  const [lodge] = await db
    .insert(entities)
    .values({ code: 'AGAPES', nom: 'Les Chevaliers du Rhône', type: 'GODF' })
    .returning();
  await db.insert(memberships).values({ userId: people[0]!.id, entityId: lodge!.id, restauration: true });
  const [room] = await db
    .insert(rooms)
    .values({ nom: 'Temple Hiram', capacite: 80, couleur: '#1c7ed6', tarifHoraire: 3000 })
    .returning();

  // Two weeks ahead: five meals sharing 2,000 orders, then a meal of 300 orders for the recap and one
  // of 200 unpaid orders for the payments.
  const monday = weekOf(addDays(parisDay(), 14)).debut;
  const [session] = await db
    .insert(reservations)
    .values({
      roomId: room!.id,
      entityId: lodge!.id,
      jour: addDays(monday, 1),
      debut: 19 * 60 + 30,
      fin: 23 * 60,
      type: 'TC',
      libelle: 'Tenue régulière',
      etat: 'CR',
    })
    .returning();
  const mealRows = await db
    .insert(meals)
    .values(
      Array.from({ length: MEALS + 2 }, (_, i) => ({
        // The recap's and the payments' meals in the next week: the measured week holds 2,000 orders.
        jour: addDays(monday, i < MEALS ? i : 7 + i),
        type: 'M' as const,
        titre: `Repas ${i + 1}`,
        places: 1000,
        placesPrises: i < MEALS ? ORDERS / MEALS : i === MEALS ? RECAP_ORDERS : PAYMENTS,
        limite: new Date(`${addDays(monday, i < MEALS ? i : 7 + i)}T08:00:00Z`),
        reservationId: i === 1 ? session!.id : null,
      })),
    )
    .returning();
  const dishRows = await db
    .insert(dishes)
    .values(
      mealRows.flatMap((m) => [
        { mealId: m.id, type: 'M' as const, libelle: 'Menu du jour', prix: 1800 },
        { mealId: m.id, type: 'C' as const, libelle: 'Café', prix: 150 },
      ]),
    )
    .returning();
  const dishesOf = (mealId: number) => dishRows.filter((d) => d.mealId === mealId);
  /** `forLodge`: every other order is for the lodge (the agapes). */
  async function addOrders(mealId: number, from: number, count: number, forLodge = false) {
    const [menu, cafe] = dishesOf(mealId);
    for (let start = 0; start < count; start += 500) {
      const size = Math.min(500, count - start);
      const rows = await db
        .insert(mealOrders)
        .values(
          Array.from({ length: size }, (_, k) => ({
            mealId,
            userId: people[from + start + k]!.id,
            entityId: forLodge && (start + k) % 2 === 1 ? lodge!.id : null,
            invites: forLodge && (start + k) % 2 === 1 ? 1 : 0,
            montant: 1950,
          })),
        )
        .returning({ id: mealOrders.id });
      await db.insert(mealOrderLines).values(
        rows.flatMap((o) => [
          { orderId: o.id, dishId: menu!.id, quantite: 1, prixUnitaire: 1800 },
          { orderId: o.id, dishId: cafe!.id, quantite: 1, prixUnitaire: 150 },
        ]),
      );
    }
  }
  for (let i = 0; i < MEALS; i++)
    await addOrders(mealRows[i]!.id, i * (ORDERS / MEALS), ORDERS / MEALS, i === 1);
  await addOrders(mealRows[MEALS]!.id, 0, RECAP_ORDERS);
  await addOrders(mealRows[MEALS + 1]!.id, 0, PAYMENTS);
  // 200 cards, each holding exactly one meal.
  const cardRows = await db
    .insert(cards)
    .values(people.slice(0, PAYMENTS).map((p) => ({ userId: p.id })))
    .returning();
  await db
    .insert(cardMovements)
    .values(
      cardRows.map((c) => ({ cardId: c.id, type: 'R' as const, montant: 1950, libelle: 'Rechargement' })),
    );

  const signIn = async (username: string) =>
    (
      (await (
        await fetch(`${bench.url}/oauth/token`, {
          method: 'POST',
          headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'password', username, password: BENCH_PASSWORD }),
        })
      ).json()) as { access_token: string }
    ).access_token;
  const auth = { authorization: `Bearer ${await signIn('chef')}` };
  const memberAuth = { authorization: `Bearer ${await signIn('convive0')}` };

  type Week = {
    repas: { bar: { commandes: number } | null; mesCommandes: unknown[]; mesAgapes: boolean }[];
  };
  const week = await measure(
    `GET /api/repas/search (${ORDERS} commandes, vue MENUS)`,
    async () => {
      const response = await fetch(`${bench.url}/api/repas/search/${monday}`, { headers: auth });
      const body = (await response.json()) as Week;
      return (
        response.status === 200 && body.repas.reduce((n, r) => n + (r.bar?.commandes ?? 0), 0) === ORDERS
      );
    },
    { requests: 100, concurrency: 4, warmup: 5 },
  );
  // The same week for one MENUS user at a time: the service's own time, without queueing.
  const weekAlone = await measure(
    `GET /api/repas/search (${ORDERS} commandes, vue MENUS, un à la fois)`,
    async () => {
      const response = await fetch(`${bench.url}/api/repas/search/${monday}`, { headers: auth });
      const body = (await response.json()) as Week;
      return (
        response.status === 200 && body.repas.reduce((n, r) => n + (r.bar?.commandes ?? 0), 0) === ORDERS
      );
    },
    { requests: 50, concurrency: 1, warmup: 5 },
  );
  // A member on their phone: their own orders, their lodge's agapes first.
  const weekMember = await measure(
    `GET /api/repas/search (${ORDERS} commandes, vue membre)`,
    async () => {
      const response = await fetch(`${bench.url}/api/repas/search/${monday}`, { headers: memberAuth });
      const body = (await response.json()) as Week;
      return response.status === 200 && body.repas[0]!.mesAgapes && body.repas[0]!.bar === null;
    },
    { requests: 100, concurrency: 4, warmup: 5 },
  );

  // The manager opens one meal's bar: its 400 orders with lines, balances and actions.
  const bar = await measure(
    `GET /api/repas/{id}/commandes (${ORDERS / MEALS} commandes, vue MENUS, un à la fois)`,
    async () => {
      const response = await fetch(`${bench.url}/api/repas/${mealRows[0]!.id}/commandes`, { headers: auth });
      const body = (await response.json()) as unknown[];
      return response.status === 200 && body.length === ORDERS / MEALS;
    },
    { requests: 50, concurrency: 1, warmup: 5 },
  );
  const size = async (url: string) =>
    Math.round(
      (await (await fetch(`${bench.url}${url}`, { headers: auth })).arrayBuffer()).byteLength / 1024,
    );
  const weekKb = await size(`/api/repas/search/${monday}`);
  const barKb = await size(`/api/repas/${mealRows[0]!.id}/commandes`);

  const recap = await measure(
    `GET /api/repas/{id}/document/recap (${RECAP_ORDERS} commandes)`,
    async () => {
      const response = await fetch(`${bench.url}/api/repas/${mealRows[MEALS]!.id}/document/recap`, {
        headers: auth,
      });
      const pdf = Buffer.from(await response.arrayBuffer());
      return response.status === 200 && pdf.subarray(0, 5).toString() === '%PDF-';
    },
    { requests: 20, concurrency: 1, warmup: 2 },
  );

  const payMeal = mealRows[MEALS + 1]!.id;
  const orders = await db
    .select({ id: mealOrders.id })
    .from(mealOrders)
    .where(eq(mealOrders.mealId, payMeal));
  const mutating = { ...auth, cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };
  const payments = await measure(
    `POST …/payer/C (${PAYMENTS} cartes, toutes à la fois)`,
    async (i) => {
      const response = await fetch(`${bench.url}/api/repas/${payMeal}/commande/${orders[i]!.id}/payer/C`, {
        method: 'POST',
        headers: mutating,
      });
      return response.status === 200;
    },
    { requests: PAYMENTS, concurrency: PAYMENTS, warmup: 0 },
  );

  report(
    'Restauration et cartes',
    [week, weekAlone, weekMember, bar, recap, payments],
    [
      `Réponses (vue MENUS) : semaine ${weekKb} Ko, commandes d'un repas ${barKb} Ko.`,
      `Base : ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; chaque carte payée une fois (solde final 0).`,
    ],
  );
  await bench.close();
}
