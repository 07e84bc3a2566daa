/**
 * What the meal views read, for the services (the presenter only shapes it): the dishes, the agapes, the
 * caller's orders and, for MENUS, the bar's counts; one meal's every order with the card balances.
 */
import type { Meal, MealOrder } from '@union/contract';
import type { Executor } from '../../../db/client';
import type { RequestContext } from '../../../lib/context';
import { mealAcceptsChanges } from '../machine';
import { presentOrders } from '../orders/presenter';
import { ordersAsTheyAre, readMealOrders } from '../orders/reads';
import { mealOrdersRepository, type OrderRow } from '../orders/repository';
import { isMenus, type RestaurantContext } from '../policy';
import { mealsRepository, type MealRow } from '../repository';
import { presentMeals, type MealParts } from './presenter';

/** The facts of these meals as the caller sees them. */
export async function readMealParts(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  rows: MealRow[],
): Promise<MealParts> {
  const now = ctx.clock.now();
  const ids = rows.map((r) => r.meal.id);
  const openById = new Map(rows.map((r) => [r.meal.id, mealAcceptsChanges(r, now)]));
  const openOf = (o: OrderRow) => openById.get(o.order.mealId) ?? false;
  const plats = await mealsRepository.dishesOf(ctx.db, ids);
  const agapes = await mealsRepository.agapesOf(ctx.db, ids);
  const mine = await ordersAsTheyAre(
    ctx.db,
    rctx,
    await mealOrdersRepository.ordersOfUserInMeals(ctx.db, ctx.caller.id, ids),
    openOf,
  );
  // MENUS gets counts here; every order (2,000 in a busy week, 0.9 MB) only for the meal opened at the bar.
  const bar = isMenus(rctx) ? await mealOrdersRepository.barOfMeals(ctx.db, ids) : null;
  return { plats, agapes, mine, bar };
}

/** Meals read and shaped. */
export async function mealsAsTheyAre(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  rows: MealRow[],
): Promise<Meal[]> {
  return presentMeals(rctx, rows, ctx.clock.now(), await readMealParts(ctx, rctx, rows));
}

/** One meal as it now is (read again by the use case after its change). */
export async function mealAsItIs(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  row: MealRow,
): Promise<Meal> {
  const [meal] = await mealsAsTheyAre(ctx, rctx, [row]);
  return meal!;
}

/** Every order of one meal with the card balances and the actions allowed now (the bar, MENUS). */
export async function barOrdersOf(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  row: MealRow,
): Promise<MealOrder[]> {
  const open = mealAcceptsChanges(row, ctx.clock.now());
  const { rows, facts } = await readMealOrders(ctx.db, [row.meal.id]);
  return presentOrders(rctx, rows, facts, () => open);
}
