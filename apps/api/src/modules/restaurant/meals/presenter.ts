/**
 * Meal rows → contract DTOs, with the actions the caller may take now (policy × machine): their dishes,
 * their agapes, the caller's orders and, for MENUS, the bar's counts. Pure: what it shapes was read by
 * the services (meals/reads.ts).
 */
import {
  hhmmOf,
  type Dish,
  type Meal,
  type MealBar,
  type MealOrder,
  type MealSession,
} from '@union/contract';
import { allowedActions } from '../../../lib/policy';
import { mealMachine, mealState } from '../machine';
import { mayMeal, ownsAgapes, type MealPolicyAction, type RestaurantContext } from '../policy';
import type { DishRecord, MealRow, SessionRow } from '../repository';

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

/** What the meal views need besides the rows, read by the services (meals/reads.ts). */
export interface MealParts {
  plats: DishRecord[];
  agapes: ReadonlyMap<number, SessionRow>;
  /** The caller's orders in these meals, already shaped. */
  mine: MealOrder[];
  /** MENUS's counts by meal; null for anyone else. */
  bar: Map<number, MealBar> | null;
}

/** Meals with their dishes, their agapes, the caller's orders and, for MENUS, the bar's counts. */
export const presentMeals = (rctx: RestaurantContext, rows: MealRow[], now: Date, facts: MealParts): Meal[] =>
  rows.map((row) =>
    presentMeal(rctx, row, now, {
      plats: facts.plats,
      mine: facts.mine,
      bar: facts.bar,
      agapes: facts.agapes.get(row.meal.id) ?? null,
    }),
  );
