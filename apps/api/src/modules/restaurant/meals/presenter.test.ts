/**
 * The meal and order presenters shape what the services read, without a database: rows and their parts
 * in, contract objects out.
 */
import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { linesByOrder, presentOrders } from '../orders/presenter';
import type { LineRow, OrderRow } from '../orders/repository';
import type { RestaurantContext } from '../policy';
import type { DishRecord, MealRow, SessionRow } from '../repository';
import { presentMeals } from './presenter';

const NOW = new Date('2026-03-02T09:00:00Z');
const at = new Date('2026-03-01T09:00:00Z');

const rctx = (habilitations: Habilitation[], lodges: number[] = []): RestaurantContext => ({
  caller: { id: 1, habilitations } as RestaurantContext['caller'],
  restaurationEntityIds: new Set(lodges),
  carteLogeEntityIds: new Set(lodges),
  agapesEntityIds: new Set(lodges),
});
const member = rctx(['USER', 'RESTAURATION', 'PAYMENT'], [7]);
const menus = rctx(['USER', 'MENUS']);

const meal = (id: number, over: Partial<MealRow['meal']> = {}): MealRow => ({
  meal: {
    id,
    jour: '2026-03-03',
    type: 'M',
    titre: `Repas ${id}`,
    places: 40,
    placesPrises: 10,
    limite: new Date('2026-03-03T10:00:00Z'),
    ouvert: true,
    reservationId: null,
    notifiedAt: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  },
  limiteLocale: '2026-03-03T11:00',
});

const dish = (id: number, mealId: number, prix: number): DishRecord =>
  ({ id, mealId, type: 'P', libelle: `Plat ${id}`, prix }) as DishRecord;

const order = (id: number, mealId: number, userId: number, entityId: number | null): OrderRow => ({
  order: {
    id,
    mealId,
    userId,
    entityId,
    invites: 0,
    montant: 2500,
    etat: 'C',
    moyen: null,
    commentaire: null,
    dateRefus: null,
  },
  nom: 'Martin',
  prenom: 'Jean',
  entite: entityId === null ? null : 'Les Chevaliers du Rhône',
  jour: '2026-03-03',
  titre: `Repas ${mealId}`,
});

const line = (orderId: number, dishId: number, quantite: number): LineRow => ({
  orderId,
  dishId,
  quantite,
  prixUnitaire: 1250,
  libelle: `Plat ${dishId}`,
  type: 'P',
});

describe('the order presenter', () => {
  it('gives each order its own lines and the balance of the card it would be paid with', () => {
    const rows = [order(1, 10, 1, null), order(2, 10, 1, 7), order(3, 10, 2, null)];
    const lines = linesByOrder([line(1, 100, 2), line(2, 100, 1), line(1, 101, 1)]);
    const balances = { users: new Map([[1, 4000]]), entities: new Map([[7, 90000]]) };
    const shaped = presentOrders(member, rows, { lines, balances }, () => true);
    expect(shaped.map((o) => [o.id, o.lignes.map((l) => [l.idPlat, l.quantite]), o.soldeCarte])).toEqual([
      [
        1,
        [
          [100, 2],
          [101, 1],
        ],
        4000,
      ],
      [2, [[100, 1]], 90000],
      [3, [], 0],
    ]);
    // The member may change their own order and their lodge's while the meal is open, not another's.
    expect(shaped[0]!.actions).toContain('EDIT');
    expect(shaped[2]!.actions).not.toContain('EDIT');
    expect(presentOrders(member, rows, { lines, balances: null }, () => false)[0]).toMatchObject({
      soldeCarte: null,
    });
  });
});

describe('the meal presenter', () => {
  it('gives each meal its dishes, agapes and the caller’s orders, and offers to order while someone is left', () => {
    const agapes: SessionRow = {
      id: 5,
      jour: '2026-03-03',
      etat: 'CR',
      entityId: 7,
      entite: 'Les Chevaliers du Rhône',
      type: 'T',
      libelle: 'Tenue',
      debut: '19:00:00',
      fin: '21:00:00',
      salle: 'Grand Temple',
    } as unknown as SessionRow;
    const orders = presentOrders(
      member,
      [order(1, 10, 1, null)],
      { lines: new Map(), balances: null },
      () => true,
    );
    const [first, second] = presentMeals(member, [meal(10), meal(11, { ouvert: false })], NOW, {
      plats: [dish(100, 10, 1250), dish(101, 11, 900)],
      agapes: new Map([[10, agapes]]),
      mine: orders,
      bar: null,
    });
    expect(first).toMatchObject({
      id: 10,
      placesRestantes: 30,
      commandable: true,
      plats: [{ id: 100, prix: 1250 }],
      mesCommandes: [{ id: 1 }],
      agapes: { idReservation: 5, idEntite: 7 },
      mesAgapes: true,
      bar: null,
    });
    // Ordered for themself, the member still has their lodge to order for.
    expect(first!.actions).toContain('ORDER');
    expect(second).toMatchObject({ id: 11, commandable: false, plats: [{ id: 101 }], mesCommandes: [] });
    expect(second!.agapes).toBeNull();
  });

  it('gives MENUS the bar’s counts, zero for a meal without orders', () => {
    const count = { commandes: 3, montant: 7500, offertes: 1, offert: 2500 };
    const shaped = presentMeals(menus, [meal(10), meal(11)], NOW, {
      plats: [],
      agapes: new Map(),
      mine: [],
      bar: new Map([[10, count]]),
    });
    expect(shaped.map((m) => m.bar)).toEqual([count, { commandes: 0, montant: 0, offertes: 0, offert: 0 }]);
    expect(shaped[0]!.actions).toEqual(expect.arrayContaining(['EDIT', 'NOTIFY']));
  });
});
