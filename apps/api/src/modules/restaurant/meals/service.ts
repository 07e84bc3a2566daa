/**
 * The meals' use cases (DECISIONS §5): the week, meals and their dishes, the menu's e-mail and the
 * kitchen's recap. Each change runs in one transaction: load → authorize (policy, 403) → transition
 * (machine, 412) → persist, audit and e-mails.
 */
import {
  deEntite,
  type Dish,
  type DishInput,
  type DishUpdate,
  type Meal,
  type MealInput,
  type MealOrder,
  type MealSession,
  type MealUpdate,
  type MealWeek,
  ReservationState,
  weekOf,
} from '@union/contract';
import type { Executor } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { notFound, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import { mailRepository } from '../../mail/repository';
import { activeAccountRepository } from '../../users/active-account-repository';
import { loadRestaurantContext } from '../context';
import { mealMachine, mealState } from '../machine';
import { unsubscribeSigner } from '../../documents/mails';
import { menuEmails } from '../mails';
import { mealOrdersRepository } from '../orders/repository';
import { isMenus, mayMeal } from '../policy';
import { presentDish, presentSession } from './presenter';
import { barOrdersOf, mealAsItIs, mealsAsTheyAre } from './reads';
import { buildRecap } from './recap';
import { loadMeal, SEATS_REFUSAL } from '../meal';
import { AGAPES_STATES, mealsRepository, type MealRow } from '../repository';

/**
 * The session a meal is to be the agapes of: an existing reservation, confirmed (CR, DS), on the meal's
 * day. A meal of its own (null) needs nothing.
 */
async function checkSession(db: Executor, input: MealInput): Promise<void> {
  if (input.idReservation === null) return;
  const session = await mealsRepository.findSession(db, input.idReservation);
  if (!session) {
    throw refused(
      'meal_session_unknown',
      `Tenue : la réservation n° ${input.idReservation} n'existe pas ; choisissez une tenue du ${frenchDate(input.date)}.`,
    );
  }
  const what = `« ${session.libelle} » ${deEntite(session.entite)}`;
  if (!(AGAPES_STATES as readonly string[]).includes(session.etat)) {
    throw refused(
      'meal_session_not_confirmed',
      `Tenue : ${what} n'est pas une tenue confirmée (${ReservationState.labels[session.etat].toLowerCase()}) ; les agapes se rattachent à une tenue confirmée.`,
    );
  }
  if (session.jour !== input.date) {
    throw refused(
      'meal_session_other_day',
      `Tenue : ${what} a lieu le ${frenchDate(session.jour)}, pas le jour du repas (${frenchDate(input.date)}).`,
    );
  }
}

/** The meal's columns as the editor sends them (creation and edition write the same ones). */
const mealColumns = (input: MealInput) => ({
  jour: input.date,
  type: input.type,
  titre: input.titre,
  places: input.places,
  limite: input.limite,
  ouvert: input.ouvert,
  reservationId: input.idReservation,
});

/** The deadline is a moment of the meal's day or before it. */
function checkDeadline(input: MealInput): void {
  if (input.limite.slice(0, 10) > input.date) {
    throw refused(
      'meal_deadline_after_meal',
      `Date limite : elle doit être au plus tard le jour du repas (${frenchDate(input.date)}).`,
    );
  }
}

/**
 * The meal « Notifier » may e-mail now, locked: the manager's right, the state machine's NOTIFY, and a menu
 * not sent already unchanged. Shared by the sending and its count, so the count asks exactly what it does.
 */
async function notifiableMeal(tx: TxContext, id: number): Promise<MealRow> {
  const rctx = await loadRestaurantContext(tx);
  authorize(mayMeal(rctx, 'MANAGE', null));
  const meal = await loadMeal(tx.db, id, true);
  decide(mealMachine, mealState(meal, tx.clock.now()), 'NOTIFY', mayMeal(rctx, 'NOTIFY', meal));
  if (meal.meal.notifiedAt && meal.meal.notifiedAt >= meal.meal.updatedAt) {
    throw refused(
      'meal_already_notified',
      "Ce menu a déjà été notifié et n'a pas changé depuis : il n'est pas renvoyé.",
    );
  }
  return meal;
}

/**
 * One change to a meal's dishes, the same rule whether a dish is added, changed or removed: the
 * managers only, the meal locked while it changes, then marked changed, and the change audited with the
 * dish it touched.
 */
async function changeMenu<T>(
  ctx: RequestContext,
  mealId: number,
  action: 'dish_created' | 'dish_updated' | 'dish_deleted',
  change: (db: Executor) => Promise<{ dishId: number; result: T }>,
): Promise<T> {
  return inTransaction(ctx, async (tx) => {
    const rctx = await loadRestaurantContext(tx);
    authorize(mayMeal(rctx, 'MANAGE', null));
    await loadMeal(tx.db, mealId, true);
    const { dishId, result } = await change(tx.db);
    await mealsRepository.touchMeal(tx.db, mealId);
    await audit.record(tx, { action, recordType: 'meal', recordId: mealId, details: { dish: dishId } });
    return result;
  });
}

export const mealsService = {
  /** The week (Monday to Sunday) containing `day`. */
  async week(ctx: RequestContext, day: string): Promise<MealWeek> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'READ', null));
    const { debut, fin } = weekOf(day);
    const rows = await mealsRepository.mealsBetween(ctx.db, debut, fin);
    // A meal without dishes is not published yet: only its managers see it (and add the dishes).
    const repas = (await mealsAsTheyAre(ctx, rctx, rows)).filter((m) => isMenus(rctx) || m.plats.length > 0);
    // The agapes of the caller's lodges first, then the week in date order (the sort is stable).
    repas.sort((a, b) => Number(b.mesAgapes) - Number(a.mesAgapes));
    return {
      debut,
      fin,
      repas,
      gestion: isMenus(rctx),
      entites: rctx.restauration.map((e) => ({
        id: e.id,
        nom: e.nom,
        carteLoge: rctx.carteLogeEntityIds.has(e.id),
      })),
    };
  },

  /** GET /api/repas/{id}/commandes: every order of one meal, when the manager opens its bar (MENUS). */
  async barOrders(ctx: RequestContext, mealId: number): Promise<MealOrder[]> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'MANAGE', null));
    return barOrdersOf(ctx, rctx, await loadMeal(ctx.db, mealId));
  },

  /** The confirmed sessions of a day, for the meal editor to tie a meal to (MENUS). */
  async sessions(ctx: RequestContext, day: string): Promise<MealSession[]> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'MANAGE', null));
    return (await mealsRepository.sessionsOfDay(ctx.db, day)).map(presentSession);
  },

  async createMeal(ctx: RequestContext, input: MealInput & { plats?: DishInput[] }): Promise<Meal> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      checkDeadline(input);
      await checkSession(tx.db, input);
      const id = await mealsRepository.insertMeal(tx.db, mealColumns(input), tx.clock.now());
      const plats = input.plats ?? [];
      for (const dish of plats) await mealsRepository.insertDish(tx.db, { mealId: id, ...dish });
      await audit.record(tx, {
        action: 'meal_created',
        recordType: 'meal',
        recordId: id,
        details:
          input.idReservation === null && plats.length === 0
            ? undefined
            : {
                ...(input.idReservation === null ? {} : { reservation: input.idReservation }),
                ...(plats.length > 0 ? { plats: plats.length } : {}),
              },
      });
      return mealAsItIs(tx, rctx, await loadMeal(tx.db, id));
    });
  },

  async updateMeal(ctx: RequestContext, input: MealUpdate): Promise<Meal> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      const meal = await loadMeal(tx.db, input.id, true);
      decide(mealMachine, mealState(meal, tx.clock.now()), 'EDIT', mayMeal(rctx, 'EDIT', meal));
      checkDeadline(input);
      await checkSession(tx.db, input);
      if (input.places < meal.meal.placesPrises) {
        throw refused(
          'meal_seats_below_orders',
          `Places : ${meal.meal.placesPrises} places sont déjà commandées ; indiquez au moins ${meal.meal.placesPrises}.`,
        );
      }
      await guardConstraint(
        () => mealsRepository.updateMeal(tx.db, input.id, mealColumns(input), tx.clock.now()),
        SEATS_REFUSAL,
      );
      await audit.record(tx, {
        action: 'meal_updated',
        recordType: 'meal',
        recordId: input.id,
        details:
          input.idReservation === meal.meal.reservationId ? undefined : { reservation: input.idReservation },
      });
      return mealAsItIs(tx, rctx, await loadMeal(tx.db, input.id));
    });
  },

  /** Refused once the meal has paid orders; otherwise its dishes and unpaid orders go with it. */
  async deleteMeal(ctx: RequestContext, id: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      const meal = await loadMeal(tx.db, id, true);
      decide(mealMachine, mealState(meal, tx.clock.now()), 'DELETE', mayMeal(rctx, 'DELETE', meal));
      const paid = await mealOrdersRepository.countPaidOrders(tx.db, id);
      if (paid > 0) {
        throw refused(
          'meal_has_paid_orders',
          `Ce repas a ${paid} commande${paid > 1 ? 's' : ''} payée${paid > 1 ? 's' : ''} : annulez d'abord ${paid > 1 ? 'leurs paiements' : 'son paiement'} pour le supprimer.`,
        );
      }
      await mealOrdersRepository.deleteOfMeal(tx.db, id);
      await mealsRepository.deleteMeal(tx.db, id);
      await audit.record(tx, { action: 'meal_deleted', recordType: 'meal', recordId: id });
    });
  },

  /** E-mails the menu once; again only when the meal or its dishes changed since. */
  /**
   * How many people « Notifier » would e-mail now, asked before it (issue 21): the same checks and the same
   * recipients' query as the sending itself, nothing written.
   */
  async notifyPreview(ctx: RequestContext, id: number): Promise<{ destinataires: number }> {
    return inTransaction(ctx, async (tx) => {
      await notifiableMeal(tx, id);
      return {
        destinataires: (await activeAccountRepository.restaurantNotificationRecipients(tx.db)).length,
      };
    });
  },

  async notify(ctx: RequestContext, id: number): Promise<{ destinataires: number }> {
    return inTransaction(ctx, async (tx) => {
      const meal = await notifiableMeal(tx, id);
      const plats = await mealsRepository.dishesOf(tx.db, [id]);
      const recipients = await activeAccountRepository.restaurantNotificationRecipients(tx.db);
      // Each with its own unsubscribe link (the menus only), as every e-mail sent to many people.
      const sign = await unsubscribeSigner(tx.db, 'restaurant');
      await mailRepository.enqueueMany(
        tx.db,
        menuEmails(meal, plats, recipients, tx.publicUrl, sign),
        tx.clock.now(),
      );
      await mealsRepository.markNotified(tx.db, id);
      await audit.record(tx, {
        action: 'meal_notified',
        recordType: 'meal',
        recordId: id,
        details: { destinataires: recipients.length },
      });
      return { destinataires: recipients.length };
    });
  },

  async createDish(ctx: RequestContext, mealId: number, input: DishInput): Promise<Dish> {
    return changeMenu(ctx, mealId, 'dish_created', async (db) => {
      const dish = await mealsRepository.insertDish(db, { mealId, ...input });
      return { dishId: dish.id, result: presentDish(dish) };
    });
  },

  /** A new price applies to new orders; orders already taken keep theirs. */
  async updateDish(ctx: RequestContext, mealId: number, input: DishUpdate): Promise<Dish> {
    return changeMenu(ctx, mealId, 'dish_updated', async (db) => {
      if (!(await mealsRepository.findDish(db, mealId, input.id))) throw notFound("Ce plat n'existe pas.");
      const dish = await mealsRepository.updateDish(db, input.id, {
        type: input.type,
        libelle: input.libelle,
        prix: input.prix,
      });
      return { dishId: dish.id, result: presentDish(dish) };
    });
  },

  async deleteDish(ctx: RequestContext, mealId: number, dishId: number): Promise<void> {
    await changeMenu(ctx, mealId, 'dish_deleted', async (db) => {
      const dish = await mealsRepository.findDish(db, mealId, dishId);
      if (!dish) throw notFound("Ce plat n'existe pas.");
      await guardConstraint(() => mealsRepository.deleteDish(db, dishId), {
        meal_order_lines_dish_id_dishes_id_fk: {
          code: 'dish_ordered',
          message: `« ${dish.libelle} » figure déjà dans des commandes : modifiez-le plutôt que de le supprimer.`,
        },
      });
      return { dishId, result: undefined };
    });
  },

  /** The kitchen's recap of a meal, as a PDF. */
  async recap(ctx: RequestContext, mealId: number): Promise<{ pdf: Buffer; fileName: string }> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'MANAGE', null));
    const meal = await loadMeal(ctx.db, mealId);
    decide(mealMachine, mealState(meal, ctx.clock.now()), 'RECAP', mayMeal(rctx, 'RECAP', meal));
    const orders = await mealOrdersRepository.ordersOfMeals(ctx.db, [mealId]);
    const lines = await mealOrdersRepository.linesOfMeals(ctx.db, [mealId]);
    const plats = await mealsRepository.dishesOf(ctx.db, [mealId]);
    const agapes = (await mealsRepository.agapesOf(ctx.db, [mealId])).get(mealId) ?? null;
    const pdf = await buildRecap(meal, plats, orders, lines, agapes);
    return { pdf, fileName: `recapitulatif-repas-${meal.meal.jour}-${meal.meal.id}.pdf` };
  },
};
