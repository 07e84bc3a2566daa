/**
 * What the order views read, for the services (the presenter only shapes it): the orders' lines and the
 * balances of the cards they would be paid with, in a few reads whatever the number of orders (the week
 * of 2,000 orders, bench/restaurant.bench.ts).
 */
import type { MealOrder } from '@union/contract';
import type { Executor } from '../../../db/client';
import type { RequestContext } from '../../../lib/context';
import { cardsRepository } from '../cards/repository';
import { mealAcceptsChanges } from '../machine';
import type { RestaurantContext } from '../policy';
import type { MealRow } from '../repository';
import { linesByOrder, presentOrders, type OrderLinesAndBalances } from './presenter';
import { mealOrdersRepository, orderPayersOfMeals, type OrderRow } from './repository';

/** The lines of these orders and the balances of their cards. */
export async function readLinesAndBalances(db: Executor, rows: OrderRow[]): Promise<OrderLinesAndBalances> {
  const lines = await mealOrdersRepository.linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  const balances = await cardsRepository.balancesOf(
    db,
    [...new Set(rows.map((r) => r.order.userId))],
    [...new Set(rows.flatMap((r) => (r.order.entityId === null ? [] : [r.order.entityId])))],
  );
  return { lines: linesByOrder(lines), balances };
}

/** Every order of these meals (MENUS, the bar) with their facts: three reads by meal. */
export async function readMealOrders(
  db: Executor,
  mealIds: number[],
): Promise<{ rows: OrderRow[]; facts: OrderLinesAndBalances }> {
  const rows = await mealOrdersRepository.ordersOfMeals(db, mealIds);
  const lines = linesByOrder(await mealOrdersRepository.linesOfMeals(db, mealIds));
  const balances = await cardsRepository.balancesOfPayers(db, orderPayersOfMeals(db, mealIds));
  return { rows, facts: { lines, balances } };
}

/** Orders read and shaped. */
export async function ordersAsTheyAre(
  db: Executor,
  rctx: RestaurantContext,
  rows: OrderRow[],
  openOf: (row: OrderRow) => boolean,
): Promise<MealOrder[]> {
  return presentOrders(rctx, rows, await readLinesAndBalances(db, rows), openOf);
}

/** The order as it now is; `meal` was read by the use case (its opening does not change in it). */
export async function orderAsItIs(
  ctx: RequestContext,
  rctx: RestaurantContext,
  meal: MealRow,
  row: OrderRow,
): Promise<MealOrder> {
  const open = mealAcceptsChanges(meal, ctx.clock.now());
  const [order] = await ordersAsTheyAre(ctx.db, rctx, [row], () => open);
  return order!;
}
