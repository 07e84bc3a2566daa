/**
 * Meal order rows → contract DTOs, with the actions the caller may take now (policy × machine), and the
 * views of orders: their lines and, for the bar, the balance of the card each would be paid with.
 */
import type { MealOrder } from '@union/contract';
import type { Executor } from '../../../db/client';
import type { RequestContext } from '../../../lib/context';
import { allowedActions } from '../../../lib/policy';
import { cardsRepository, type Balances } from '../cards/repository';
import { mealAcceptsChanges, orderMachine } from '../machine';
import type { MealRow } from '../repository';
import { mayOrder, type RestaurantContext } from '../policy';
import { mealOrdersRepository, orderPayersOfMeals, type LineRow, type OrderRow } from './repository';

/** Lines grouped by order: a week of 2,000 orders must not scan every line for each order. */
export function linesByOrder(lines: LineRow[]): Map<number, LineRow[]> {
  const grouped = new Map<number, LineRow[]>();
  for (const line of lines) {
    const list = grouped.get(line.orderId);
    if (list) list.push(line);
    else grouped.set(line.orderId, [line]);
  }
  return grouped;
}

export function presentOrder(
  ctx: RestaurantContext,
  row: OrderRow,
  lines: ReadonlyMap<number, LineRow[]>,
  balances: Balances | null,
  mealOpen: boolean,
): MealOrder {
  const o = row.order;
  const facts = { userId: o.userId, entityId: o.entityId, mealOpen };
  const soldeCarte =
    balances === null
      ? null
      : o.entityId !== null
        ? (balances.entities.get(o.entityId) ?? 0)
        : (balances.users.get(o.userId) ?? 0);
  return {
    id: o.id,
    idRepas: o.mealId,
    date: row.jour,
    repas: row.titre,
    personne: { id: o.userId, nom: row.nom, prenom: row.prenom },
    idEntite: o.entityId,
    entite: row.entite,
    invites: o.invites,
    lignes: (lines.get(o.id) ?? []).map((l) => ({
      idPlat: l.dishId,
      libelle: l.libelle,
      type: l.type,
      quantite: l.quantite,
      prixUnitaire: l.prixUnitaire,
    })),
    montant: o.montant,
    etat: o.etat,
    moyen: o.moyen,
    commentaire: o.commentaire,
    dateRefus: o.dateRefus,
    soldeCarte,
    actions: allowedActions(orderMachine, o.etat, (a) => mayOrder(ctx, a, facts)),
  };
}

/** Orders with their lines and the balance of the card each would be paid with. */
export async function presentOrders(
  db: Executor,
  rctx: RestaurantContext,
  rows: OrderRow[],
  openOf: (row: OrderRow) => boolean,
): Promise<MealOrder[]> {
  const lines = await mealOrdersRepository.linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  const balances = await cardsRepository.balancesOf(
    db,
    [...new Set(rows.map((r) => r.order.userId))],
    [...new Set(rows.flatMap((r) => (r.order.entityId === null ? [] : [r.order.entityId])))],
  );
  const grouped = linesByOrder(lines);
  return rows.map((row) => presentOrder(rctx, row, grouped, balances, openOf(row)));
}

/**
 * Every order of these meals (MENUS), with lines and card balances: three reads by meal whatever the
 * number of orders (the week of 2,000 orders, bench/restaurant.bench.ts).
 */
export async function presentMealOrders(
  db: Executor,
  rctx: RestaurantContext,
  mealIds: number[],
  openOf: (row: OrderRow) => boolean,
): Promise<MealOrder[]> {
  const rows = await mealOrdersRepository.ordersOfMeals(db, mealIds);
  const lines = linesByOrder(await mealOrdersRepository.linesOfMeals(db, mealIds));
  const balances = await cardsRepository.balancesOfPayers(db, orderPayersOfMeals(db, mealIds));
  return rows.map((row) => presentOrder(rctx, row, lines, balances, openOf(row)));
}

/** The order as it now is; `meal` was read by the use case (its opening does not change in it). */
export async function presentOneOrder(
  ctx: RequestContext,
  rctx: RestaurantContext,
  meal: MealRow,
  row: OrderRow,
): Promise<MealOrder> {
  const open = mealAcceptsChanges(meal, ctx.clock.now());
  const [order] = await presentOrders(ctx.db, rctx, [row], () => open);
  return order!;
}
