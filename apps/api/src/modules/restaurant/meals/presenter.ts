/**
 * Meal rows → contract DTOs, with the actions the caller may take now (policy × machine), and the view of
 * meals: their dishes, their agapes, the caller's orders and, for MENUS, the bar's counts; one meal's
 * every order with balances is `presentBarOrders` (GET /api/repas/{id}/commandes).
 */
import {
  hhmmOf,
  type Dish,
  type Meal,
  type MealBar,
  type MealOrder,
  type MealSession,
} from '@union/contract';
import type { Executor } from '../../../db/client';
import type { RequestContext } from '../../../lib/context';
import { allowedActions } from '../../../lib/policy';
import { mealAcceptsChanges, mealMachine, mealState } from '../machine';
import { presentMealOrders, presentOrders } from '../orders/presenter';
import { mealOrdersRepository, type OrderRow } from '../orders/repository';
import { isMenus, mayMeal, ownsAgapes, type MealPolicyAction, type RestaurantContext } from '../policy';
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
  parts: {
    plats: DishRecord[];
    mine: MealOrder[];
    bar: Map<number, MealBar> | null;
    agapes: SessionRow | null;
  },
): Meal {
  const m = row.meal;
  const state = mealState(row, now);
  const mesCommandes = parts.mine.filter((o) => o.idRepas === m.id);
  // « Commander » is offered while the caller has someone left to order for (themself, or one of their
  // lodges) with no order yet: a second order would be an edit of the first (orders/service.ts).
  const ordered = new Set(mesCommandes.map((o) => o.idEntite ?? 0));
  const leftToOrderFor =
    (ordered.has(0) ? 0 : 1) + [...ctx.restaurationEntityIds].filter((id) => !ordered.has(id)).length;
  const allowed = (a: MealPolicyAction) => mayMeal(ctx, a, m) && (a !== 'ORDER' || leftToOrderFor > 0);
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
    mesCommandes,
    bar: parts.bar && (parts.bar.get(m.id) ?? { commandes: 0, montant: 0, offertes: 0, offert: 0 }),
    actions: allowedActions(mealMachine, state, allowed),
  };
}

/** Meals with their dishes, their agapes, the caller's orders and, for MENUS, the bar's counts. */
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
  const mine = await presentOrders(
    ctx.db,
    rctx,
    await mealOrdersRepository.ordersOfUserInMeals(ctx.db, ctx.caller.id, ids),
    openOf,
  );
  // MENUS gets counts here; every order (2,000 in a busy week, 0.9 MB) only for the meal opened at the bar.
  const bar = isMenus(rctx) ? await mealOrdersRepository.barOfMeals(ctx.db, ids) : null;
  return rows.map((row) =>
    presentMeal(rctx, row, now, { plats, mine, bar, agapes: agapes.get(row.meal.id) ?? null }),
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

/** Every order of one meal with the card balances and the actions allowed now (the bar, MENUS). */
export async function presentBarOrders(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  row: MealRow,
): Promise<MealOrder[]> {
  const open = mealAcceptsChanges(row, ctx.clock.now());
  return presentMealOrders(ctx.db, rctx, [row.meal.id], () => open);
}
