/**
 * Meal rows → contract DTOs, with the actions the caller may take now (policy × machine), and the view of
 * meals: their dishes, their agapes, the caller's orders and, for MENUS, every order with balances.
 */
import { hhmmOf, type Dish, type Meal, type MealOrder, type MealSession } from '@union/contract';
import type { Executor } from '../../../db/client';
import type { RequestContext } from '../../../lib/context';
import { allowedActions } from '../../../lib/policy';
import { mealAcceptsChanges, mealMachine, mealState } from '../machine';
import { presentMealOrders, presentOrders } from '../orders/presenter';
import { mealOrdersRepository, type OrderRow } from '../orders/repository';
import { isMenus, mayMeal, ownsAgapes, type RestaurantContext } from '../policy';
import { mealsRepository, type DishRecord, type MealRow, type SessionRow } from '../repository';

export const presentDish = (d: DishRecord): Dish => ({
  id: d.id,
  type: d.type,
  libelle: d.libelle,
  prix: d.prix,
});

export const presentSession = (s: SessionRow): MealSession => ({
  idReservation: s.id,
  idEntite: s.entityId,
  entite: s.entite,
  type: s.type,
  libelle: s.libelle,
  debut: hhmmOf(s.debut),
  fin: hhmmOf(s.fin),
  salle: s.salle,
});

export function presentMeal(
  ctx: RestaurantContext,
  row: MealRow,
  now: Date,
  parts: { plats: DishRecord[]; mine: MealOrder[]; all: MealOrder[]; agapes: SessionRow | null },
): Meal {
  const m = row.meal;
  const state = mealState(row, now);
  return {
    id: m.id,
    date: m.jour,
    type: m.type,
    titre: m.titre,
    places: m.places,
    placesRestantes: m.places - m.placesPrises,
    limite: row.limiteLocale,
    ouvert: m.ouvert,
    commandable: state === 'O',
    notifie: m.notifiedAt !== null && m.notifiedAt >= m.updatedAt,
    agapes: parts.agapes && presentSession(parts.agapes),
    mesAgapes: parts.agapes !== null && ownsAgapes(ctx, parts.agapes.entityId),
    plats: parts.plats.filter((d) => d.mealId === m.id).map(presentDish),
    mesCommandes: parts.mine.filter((o) => o.idRepas === m.id),
    commandes: parts.all.filter((o) => o.idRepas === m.id),
    actions: allowedActions(mealMachine, state, (a) => mayMeal(ctx, a, m)),
  };
}

/** Meals with their dishes, their agapes, the caller's orders and, for MENUS, every order with balances. */
export async function presentMeals(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  rows: MealRow[],
): Promise<Meal[]> {
  const now = ctx.clock.now();
  const ids = rows.map((r) => r.meal.id);
  const openById = new Map(rows.map((r) => [r.meal.id, mealAcceptsChanges(r, now)]));
  const openOf = (o: OrderRow) => openById.get(o.order.mealId) ?? false;
  const plats = await mealsRepository.dishesOf(ctx.db, ids);
  const agapes = await mealsRepository.agapesOf(ctx.db, ids);
  let mine: MealOrder[];
  let all: MealOrder[] = [];
  if (isMenus(rctx)) {
    // The caller's own orders are among every order, presented alike: no second read.
    all = await presentMealOrders(ctx.db, rctx, ids, openOf);
    mine = all.filter((o) => o.personne.id === ctx.caller.id);
  } else {
    mine = await presentOrders(
      ctx.db,
      rctx,
      await mealOrdersRepository.ordersOfUserInMeals(ctx.db, ctx.caller.id, ids),
      openOf,
    );
  }
  return rows.map((row) =>
    presentMeal(rctx, row, now, { plats, mine, all, agapes: agapes.get(row.meal.id) ?? null }),
  );
}

/** One meal as it now is (read again by the use case after its change). */
export async function presentOneMeal(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  row: MealRow,
): Promise<Meal> {
  const [meal] = await presentMeals(ctx, rctx, [row]);
  return meal!;
}
