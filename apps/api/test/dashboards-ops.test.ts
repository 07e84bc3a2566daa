/**
 * The restaurant manager's and the Union staff's dashboards (issue 33): GET /api/repas/tableau-de-bord
 * (MENUS) and GET /api/reservation/tableau-de-bord (Union staff), on rows written directly with exact
 * figures, the clock on Sunday 15 November 2026 (season 2026: 1 September 2026 – 31 August 2027).
 */
import type { PlanningDashboard, RestaurantDashboard } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardMovements,
  cards,
  closures,
  dishes,
  mealOrderLines,
  mealOrders,
  meals,
  reservations,
  tillSessions,
} from '../src/db/schema';
import { rate } from '../src/modules/reservations/dashboard/presenter';
import { builders, type Builders, type Person } from './builders';
import {
  createEntity,
  createRoom,
  createTestContext,
  createUser,
  movableClock,
  type TestContext,
} from './helpers';

let t: TestContext;
let b: Builders;
let chef: Person;
let staff: Person;

beforeAll(async () => {
  t = await createTestContext({}, { clock: movableClock('2026-11-15T10:00:00Z') });
  b = builders(t);
  chef = await b.aUser({ habilitations: ['USER', 'RESTAURATION', 'MENUS'] });
  staff = (await b.theUnion()).member;
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.call({ method: 'GET', url, token: who?.token });
const at = (iso: string) => new Date(iso);

describe('GET /api/repas/tableau-de-bord', () => {
  it('401 without a token, 403 without MENUS', async () => {
    const member = await b.aUser({ habilitations: ['USER', 'RESTAURATION', 'PAYMENT'] });
    expect((await get('/api/repas/tableau-de-bord')).statusCode).toBe(401);
    expect((await get('/api/repas/tableau-de-bord', member)).statusCode).toBe(403);
  });

  it('counts covers per meal, dishes, takings by means and top-ups per Paris week, and the next meal', async () => {
    const db = t.db;
    const alice = await createUser(db, { identifiant: 'alice.dash', prenom: 'Alice', nom: 'Martin' });
    const bob = await createUser(db, { identifiant: 'bob.dash', prenom: 'Bob', nom: 'Durand' });
    const lodge = await createEntity(db, { code: 'DASHR', nom: 'Loge Aurore' });
    const meal = async (jour: string, type: 'M' | 'S', places: number, placesPrises: number) =>
      (
        await db
          .insert(meals)
          .values({
            jour,
            type,
            titre: `Repas du ${jour}`,
            places,
            placesPrises,
            limite: at(`${jour}T09:00:00Z`),
          })
          .returning()
      )[0]!;
    const dish = async (mealId: number, type: 'M' | 'P' | 'D' | 'C', libelle: string, prix: number) =>
      (await db.insert(dishes).values({ mealId, type, libelle, prix }).returning())[0]!;
    const order = async (
      values: typeof mealOrders.$inferInsert,
      lines: [{ id: number; prix: number }, number][],
    ) => {
      const [row] = await db.insert(mealOrders).values(values).returning();
      await db
        .insert(mealOrderLines)
        .values(
          lines.map(([d, quantite]) => ({ orderId: row!.id, dishId: d.id, quantite, prixUnitaire: d.prix })),
        );
      return row!;
    };

    const october = await meal('2026-10-06', 'M', 40, 6);
    const menu = await dish(october.id, 'M', 'Menu du jour', 1800);
    const coffee = await dish(october.id, 'C', 'Café', 200);
    await order(
      {
        mealId: october.id,
        userId: alice.id,
        invites: 2,
        montant: 5600,
        etat: 'P',
        moyen: 'C',
        paidAt: at('2026-10-06T12:00:00Z'),
      },
      [
        [menu, 3],
        [coffee, 1],
      ],
    );
    await order(
      {
        mealId: october.id,
        userId: bob.id,
        montant: 1800,
        etat: 'P',
        moyen: 'B',
        paidAt: at('2026-10-07T10:00:00Z'),
      },
      [[menu, 1]],
    );
    await order({ mealId: october.id, userId: bob.id, entityId: lodge.id, invites: 1, montant: 3600 }, [
      [menu, 2],
    ]);
    // Last season: neither its covers nor its dishes nor its payment count.
    const august = await meal('2026-08-20', 'M', 40, 1);
    const oldMenu = await dish(august.id, 'M', 'Menu du jour', 1800);
    await order(
      {
        mealId: august.id,
        userId: alice.id,
        montant: 9000,
        etat: 'P',
        moyen: 'C',
        paidAt: at('2026-08-20T12:00:00Z'),
      },
      [[oldMenu, 5]],
    );
    const next = await meal('2026-11-20', 'S', 30, 3);
    const main = await dish(next.id, 'P', 'Blanquette', 1500);
    const dessert = await dish(next.id, 'D', 'Tarte', 500);
    await dish(next.id, 'C', 'Café', 200);
    await order(
      {
        mealId: next.id,
        userId: alice.id,
        invites: 1,
        montant: 3500,
        commentaire: ' Allergie aux arachides ',
      },
      [
        [main, 2],
        [dessert, 1],
      ],
    );
    await order({ mealId: next.id, userId: bob.id, montant: 1500, commentaire: '  ' }, [[main, 1]]);

    const [card] = await db.insert(cards).values({ userId: alice.id }).returning();
    const [lodgeCard] = await db.insert(cards).values({ entityId: lodge.id }).returning();
    const [till] = await db
      .insert(tillSessions)
      .values({ caisse: 'B', fondInitial: 0, openedBy: chef.id, openedAt: at('2026-10-01T08:00:00Z') })
      .returning();
    const move = (values: Omit<typeof cardMovements.$inferInsert, 'libelle'>) =>
      db.insert(cardMovements).values({ libelle: 'Mouvement', ...values });
    await move({ cardId: card!.id, type: 'R', montant: 3000, createdAt: at('2026-10-06T08:00:00Z') });
    await move({
      cardId: card!.id,
      type: 'G',
      moyen: 'E',
      montant: 2000,
      tillSessionId: till!.id,
      createdAt: at('2026-10-07T09:00:00Z'),
    });
    await move({ cardId: card!.id, type: 'P', montant: -5600, createdAt: at('2026-10-06T12:00:00Z') });
    // Sunday 23:30 UTC is Monday 00:30 in Paris: the next week.
    await move({
      cardId: lodgeCard!.id,
      type: 'G',
      moyen: 'C',
      montant: 5000,
      tillSessionId: till!.id,
      createdAt: at('2026-10-11T22:30:00Z'),
    });
    await move({ cardId: card!.id, type: 'R', montant: 1000, createdAt: at('2026-08-25T08:00:00Z') });

    const response = await get('/api/repas/tableau-de-bord', chef);
    expect(response.statusCode).toBe(200);
    const d = response.json<RestaurantDashboard>();
    expect(d.saison).toEqual({ annee: 2026, debut: '2026-09-01', fin: '2027-08-31' });
    expect(d.repas).toEqual([
      {
        id: october.id,
        date: '2026-10-06',
        type: 'M',
        titre: 'Repas du 2026-10-06',
        places: 40,
        commandes: 3,
        reserves: 6,
        payes: 4,
      },
      {
        id: next.id,
        date: '2026-11-20',
        type: 'S',
        titre: 'Repas du 2026-11-20',
        places: 30,
        commandes: 2,
        reserves: 3,
        payes: 0,
      },
    ]);
    expect(d.plats).toEqual([
      { type: 'M', libelle: 'Menu du jour', quantite: 6 },
      { type: 'P', libelle: 'Blanquette', quantite: 3 },
      { type: 'C', libelle: 'Café', quantite: 1 },
      { type: 'D', libelle: 'Tarte', quantite: 1 },
    ]);
    expect(d.encaissements).toEqual([
      { semaine: '2026-10-05', carte: 3000, especes: 2000, cheque: 0, bar: 1800, carteUnion: 5600 },
      { semaine: '2026-10-12', carte: 0, especes: 0, cheque: 5000, bar: 0, carteUnion: 0 },
    ]);
    expect(d.rechargements).toEqual([
      { semaine: '2026-10-05', enLigne: 1, guichet: 1, cartes: 1, montant: 5000 },
      { semaine: '2026-10-12', enLigne: 0, guichet: 1, cartes: 1, montant: 5000 },
    ]);
    expect(d.prochainRepas).toEqual({
      id: next.id,
      date: '2026-11-20',
      type: 'S',
      titre: 'Repas du 2026-11-20',
      places: 30,
      reserves: 3,
      plats: [
        { id: main.id, type: 'P', libelle: 'Blanquette', quantite: 3 },
        { id: dessert.id, type: 'D', libelle: 'Tarte', quantite: 1 },
        { id: expect.any(Number) as number, type: 'C', libelle: 'Café', quantite: 0 },
      ],
      remarques: [{ pour: 'Alice Martin', couverts: 2, remarque: 'Allergie aux arachides' }],
    });
  });
});

describe('GET /api/reservation/tableau-de-bord', () => {
  it('401 without a token, 403 for a lodge that only books', async () => {
    const lodge = await b.aLodgeWithMembers({
      members: [{ habilitations: ['USER', 'PLANNING'], flags: { reservation: true } }],
    });
    expect((await get('/api/reservation/tableau-de-bord')).statusCode).toBe(401);
    expect((await get('/api/reservation/tableau-de-bord', lodge.member)).statusCode).toBe(403);
    expect((await get('/api/reservation/tableau-de-bord', chef)).statusCode).toBe(403);
  });

  it('measures each room per month and weekday, lists the requests by age and the closed days ahead', async () => {
    const db = t.db;
    const lodge = await createEntity(db, { code: 'DASHP', nom: 'Loge Orion' });
    const hiram = await createRoom(db, { nom: 'Temple Hiram (tableau)' });
    const old = await createRoom(db, { nom: 'Salle ancienne (tableau)', active: false });
    const unused = await createRoom(db, { nom: 'Salle vide (tableau)', active: false });
    const book = async (
      roomId: number,
      jour: string,
      debut: number,
      fin: number,
      etat: 'DC' | 'CR' | 'DS' | 'SU',
      stamps: { createdAt?: Date; updatedAt?: Date } = {},
    ) =>
      (
        await db
          .insert(reservations)
          .values({
            roomId,
            entityId: lodge.id,
            jour,
            debut,
            fin,
            etat,
            type: 'TC',
            libelle: `Tenue ${jour}`,
            ...stamps,
          })
          .returning()
      )[0]!;
    await book(hiram.id, '2026-10-06', 1140, 1380, 'CR');
    const deletion = await book(hiram.id, '2026-10-13', 1080, 1320, 'DS', {
      updatedAt: at('2026-11-10T23:30:00Z'),
    });
    await book(hiram.id, '2026-11-07', 840, 1020, 'CR');
    const creation = await book(hiram.id, '2026-10-08', 600, 720, 'DC', {
      createdAt: at('2026-11-01T10:00:00Z'),
    });
    await book(hiram.id, '2026-10-09', 600, 720, 'SU');
    await book(hiram.id, '2026-08-20', 600, 720, 'CR');
    await book(old.id, '2026-12-04', 540, 720, 'CR');
    await db.insert(closures).values([
      { jour: '2026-10-20', motif: 'Travaux' },
      { jour: '2026-10-21', motif: 'Travaux' },
      { jour: '2026-11-11', motif: 'Armistice' },
      { jour: '2026-12-24', motif: 'Réveillon' },
      { jour: '2027-01-01', motif: 'Nouvel an' },
    ]);

    const response = await get('/api/reservation/tableau-de-bord', staff);
    expect(response.statusCode).toBe(200);
    const d = response.json<PlanningDashboard>();
    expect(d.saison).toEqual({ annee: 2026, debut: '2026-09-01', fin: '2027-08-31' });
    const ids = d.salles.map((s) => s.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(unused.id);
    const room = d.salles.find((s) => s.id === hiram.id)!;
    // October: 31 days less 2 closed, 900 minutes a day; the season: 365 days less 5 closed.
    expect(room.minutes).toBe(660);
    expect(room.taux).toBe(0.2);
    expect(rate(660, 360 * 900)).toBe(0.2);
    expect(room.mois.map((m) => m.mois)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
    ]);
    expect(room.mois[1]).toEqual({
      mois: '2026-10',
      minutes: 480,
      taux: 1.8,
    });
    expect(room.mois[2]).toEqual({
      mois: '2026-11',
      minutes: 180,
      taux: 0.7,
    });
    expect(room.mois[0]!.minutes).toBe(0);
    expect(room.jours).toEqual([0, 2, 0, 0, 0, 1, 0]);
    const retired = d.salles.find((s) => s.id === old.id)!;
    expect(retired.mois[3]).toEqual({ mois: '2026-12', minutes: 180, taux: 0.7 });
    expect(retired.jours).toEqual([0, 0, 0, 0, 1, 0, 0]);

    expect(d.demandesTotal).toBe(2);
    expect(d.demandes).toEqual([
      {
        id: creation.id,
        etat: 'DC',
        date: '2026-10-08',
        debut: '10:00',
        fin: '12:00',
        salle: 'Temple Hiram (tableau)',
        entite: 'Loge Orion',
        libelle: 'Tenue 2026-10-08',
        age: 14,
      },
      // Asked on 11 November in Paris (23:30 UTC on the 10th): 4 days.
      {
        id: deletion.id,
        etat: 'DS',
        date: '2026-10-13',
        debut: '18:00',
        fin: '22:00',
        salle: 'Temple Hiram (tableau)',
        entite: 'Loge Orion',
        libelle: 'Tenue 2026-10-13',
        age: 4,
      },
    ]);
    expect(d.fermetures).toEqual([
      { date: '2026-12-24', motif: 'Réveillon' },
      { date: '2027-01-01', motif: 'Nouvel an' },
    ]);
  });
});
