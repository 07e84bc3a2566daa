/**
 * The restaurant's use cases (DECISIONS §5): meals, dishes, orders and their payment at the bar. Each runs
 * in one transaction: load → authorize (policy, 403) → transition (machine, 412) → persist, ledger, audit
 * and e-mails. Seats are taken under the meal's row lock and by a CHECKed counter; card debits under the
 * card's row lock (ledger.ts).
 */
import {
  type MealOrderInputSchema,
  type Dish,
  type DishInput,
  type DishUpdate,
  type Meal,
  type MealInput,
  type MealOrder,
  type MealOrderAction,
  type MealUpdate,
  type SoldeQuery,
  type PaymentMeans,
  type MealWeek,
  type MealSession,
  ReservationState,
  weekOf,
} from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { guardConstraint, type Refusal } from '../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { invalid, notFound, refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { entitiesRepository } from '../entities/repository';
import { mailRepository } from '../mail/repository';
import { frenchDate } from '../../lib/dates';
import { usersRepository } from '../users/repository';
import { debit, openCard, statedBalance } from './ledger';
import { mealMachine, orderMachine } from './machine';
import { menuEmails } from './mails';
import { ORDER_REFUSED, isMenus, mayMeal, mayOrder, type RestaurantContext } from './policy';
import {
  linesByOrder,
  mealAcceptsChanges,
  mealState,
  presentDish,
  presentMeal,
  presentOrder,
  presentSession,
  type Balances,
} from './presenter';
import { buildRecap } from './recap';
import { AGAPES_STATES, restaurantRepository, type MealRow, type OrderRow } from './repository';

type OrderInput = z.output<typeof MealOrderInputSchema>;

/**
 * Who the caller is for the restaurant: habilitations, the lodges they order for, pay with or manage
 * (whose agapes they see first), and the names of those they order for (the week's order form).
 */
export async function loadRestaurantContext(
  ctx: RequestContext<Executor>,
): Promise<RestaurantContext & { restauration: { id: number; nom: string }[] }> {
  // One read for the three purposes (every call of the module starts here).
  const entities = await entitiesRepository.purposesOfUser(ctx.db, ctx.caller.id, ctx.clock.today());
  const ids = (keep: (e: (typeof entities)[number]) => boolean) =>
    new Set(entities.filter(keep).map((e) => e.id));
  return {
    caller: ctx.caller,
    restaurationEntityIds: ids((e) => e.restauration),
    carteLogeEntityIds: ids((e) => e.carteLoge),
    agapesEntityIds: ids((e) => e.restauration || e.gestion),
    restauration: entities.filter((e) => e.restauration).map((e) => ({ id: e.id, nom: e.nom })),
  };
}

const MEAL_NOT_FOUND = "Ce repas n'existe pas.";
const ORDER_NOT_FOUND = "Cette commande n'existe pas.";

async function loadMeal(db: Executor, id: number, lock = false): Promise<MealRow> {
  const row = lock
    ? await restaurantRepository.lockMeal(db, id)
    : await restaurantRepository.findMeal(db, id);
  if (!row) throw notFound(MEAL_NOT_FOUND);
  return row;
}

/** `lock`: the order's row stays locked until the transaction ends (payments of one order queue). */
async function loadOrder(db: Executor, mealId: number, orderId: number, lock = false): Promise<OrderRow> {
  const row = await restaurantRepository.findOrder(db, mealId, orderId, lock);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** Orders with their lines and, for the bar, the balance of the card each would be paid with. */
async function presentOrders(
  db: Executor,
  rctx: RestaurantContext,
  rows: OrderRow[],
  openOf: (row: OrderRow) => boolean,
  withBalances: boolean,
): Promise<MealOrder[]> {
  const lines = await restaurantRepository.linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  let balances: Balances | null = null;
  if (withBalances) {
    balances = await restaurantRepository.balancesOf(
      db,
      [...new Set(rows.map((r) => r.order.userId))],
      [...new Set(rows.flatMap((r) => (r.order.entityId === null ? [] : [r.order.entityId])))],
    );
  }
  const grouped = linesByOrder(lines);
  return rows.map((row) => presentOrder(rctx, row, grouped, balances, openOf(row)));
}

/**
 * Every order of these meals (MENUS), with lines and card balances: three reads by meal whatever the
 * number of orders (the week of 2,000 orders, bench/restaurant.bench.ts).
 */
async function presentMealOrders(
  db: Executor,
  rctx: RestaurantContext,
  mealIds: number[],
  openOf: (row: OrderRow) => boolean,
): Promise<MealOrder[]> {
  const rows = await restaurantRepository.ordersOfMeals(db, mealIds);
  const lines = linesByOrder(await restaurantRepository.linesOfMeals(db, mealIds));
  const balances = await restaurantRepository.balancesOfMeals(db, mealIds);
  return rows.map((row) => presentOrder(rctx, row, lines, balances, openOf(row)));
}

/** Meals with their dishes, their agapes, the caller's orders and, for MENUS, every order with balances. */
async function presentMeals(
  ctx: RequestContext<Executor>,
  rctx: RestaurantContext,
  rows: MealRow[],
): Promise<Meal[]> {
  const now = ctx.clock.now();
  const ids = rows.map((r) => r.meal.id);
  const openById = new Map(rows.map((r) => [r.meal.id, mealAcceptsChanges(r, now)]));
  const openOf = (o: OrderRow) => openById.get(o.order.mealId) ?? false;
  const plats = await restaurantRepository.dishesOf(ctx.db, ids);
  const agapes = await restaurantRepository.agapesOf(ctx.db, ids);
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
      await restaurantRepository.ordersOfUserInMeals(ctx.db, ctx.caller.id, ids),
      openOf,
      true,
    );
  }
  return rows.map((row) =>
    presentMeal(rctx, row, now, { plats, mine, all, agapes: agapes.get(row.meal.id) ?? null }),
  );
}

async function presentOneMeal(ctx: TxContext, rctx: RestaurantContext, id: number): Promise<Meal> {
  const [meal] = await presentMeals(ctx, rctx, [await loadMeal(ctx.db, id)]);
  return meal!;
}

/** The order as it now is; `meal` was read by the use case (its opening does not change in it). */
async function presentOneOrder(ctx: TxContext, rctx: RestaurantContext, meal: MealRow, orderId: number) {
  const open = mealAcceptsChanges(meal, ctx.clock.now());
  const [order] = await presentOrders(
    ctx.db,
    rctx,
    [await loadOrder(ctx.db, meal.meal.id, orderId)],
    () => open,
    true,
  );
  return order!;
}

/**
 * The session a meal is to be the agapes of: an existing reservation, confirmed (CR, DS), on the meal's
 * day. A meal of its own (null) needs nothing.
 */
async function checkSession(db: Executor, input: MealInput): Promise<void> {
  if (input.idReservation === null) return;
  const session = await restaurantRepository.findSession(db, input.idReservation);
  if (!session) {
    throw refused(
      'meal_session_unknown',
      `Tenue : la réservation n° ${input.idReservation} n'existe pas ; choisissez une tenue du ${frenchDate(input.date)}.`,
    );
  }
  const what = `« ${session.libelle} » de ${session.entite}`;
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

/** The deadline is a moment of the meal's day or before it. */
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

function checkDeadline(input: MealInput): void {
  if (input.limite.slice(0, 10) > input.date) {
    throw refused(
      'meal_deadline_after_meal',
      `Date limite : elle doit être au plus tard le jour du repas (${frenchDate(input.date)}).`,
    );
  }
}

/** Seats are never oversold: the CHECK on the meal's counter refuses what a race would let through. */
const SEATS_REFUSAL = {
  meals_seats_not_oversold: {
    code: 'meal_full',
    message: 'Places : il ne reste plus assez de places pour ce repas.',
  },
} satisfies Record<string, Refusal>;

/** The closing rules a member meets (MENUS may still correct orders after the deadline). */
function checkOpenFor(rctx: RestaurantContext, meal: MealRow, now: Date): void {
  if (isMenus(rctx)) return;
  if (!meal.meal.ouvert)
    throw refused('meal_closed', 'Commandes closes : ce repas ne prend plus de commandes.');
  if (now >= meal.meal.limite) {
    const [day, time] = meal.limiteLocale.split('T');
    throw refused('meal_closed', `Commandes closes : la date limite était le ${frenchDate(day!)} à ${time}.`);
  }
}

/** Takes `delta` seats on the locked meal, or refuses naming the seats left. */
async function takeSeats(db: Executor, meal: MealRow, delta: number): Promise<void> {
  if (delta === 0) return;
  const left = meal.meal.places - meal.meal.placesPrises;
  if (delta > left) {
    throw refused(
      'meal_full',
      left === 0
        ? 'Commandes closes : toutes les places de ce repas sont prises.'
        : `Places : il reste ${left} place${left > 1 ? 's' : ''} pour ce repas, la commande en demande ${delta}.`,
    );
  }
  await guardConstraint(() => restaurantRepository.takeSeats(db, meal.meal.id, delta), SEATS_REFUSAL);
}

/** The lines of an order priced from the meal's dishes; 412 naming a dish not on its menu. */
async function priceLines(db: Executor, mealId: number, input: OrderInput) {
  const dishes = new Map((await restaurantRepository.dishesOf(db, [mealId])).map((d) => [d.id, d]));
  const seen = new Set<number>();
  const lines = input.lignes.map((l) => {
    const dish = dishes.get(l.idPlat);
    if (!dish)
      throw refused('dish_not_on_menu', `Plats : le plat n° ${l.idPlat} n'est pas au menu de ce repas.`);
    if (seen.has(l.idPlat)) throw refused('dish_twice', `Plats : « ${dish.libelle} » figure deux fois.`);
    seen.add(l.idPlat);
    return { dishId: l.idPlat, quantite: l.quantite, prixUnitaire: dish.prix };
  });
  return { lines, montant: lines.reduce((sum, l) => sum + l.quantite * l.prixUnitaire, 0) };
}

const seatsOf = (invites: number) => 1 + invites;

export const restaurantService = {
  /** The week (Monday to Sunday) containing `day`. */
  async week(ctx: RequestContext, day: string): Promise<MealWeek> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'READ', null));
    const { debut, fin } = weekOf(day);
    const rows = await restaurantRepository.mealsBetween(ctx.db, debut, fin);
    const repas = await presentMeals(ctx, rctx, rows);
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

  /** The confirmed sessions of a day, for the meal editor to tie a meal to (MENUS). */
  async sessions(ctx: RequestContext, day: string): Promise<MealSession[]> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'MANAGE', null));
    return (await restaurantRepository.sessionsOfDay(ctx.db, day)).map(presentSession);
  },

  async createMeal(ctx: RequestContext, input: MealInput): Promise<Meal> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      checkDeadline(input);
      await checkSession(tx.db, input);
      const id = await restaurantRepository.insertMeal(tx.db, mealColumns(input), tx.clock.now());
      await audit.record(tx, {
        action: 'meal_created',
        recordType: 'meal',
        recordId: id,
        details: input.idReservation === null ? undefined : { reservation: input.idReservation },
      });
      return presentOneMeal(tx, rctx, id);
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
        () => restaurantRepository.updateMeal(tx.db, input.id, mealColumns(input), tx.clock.now()),
        SEATS_REFUSAL,
      );
      await audit.record(tx, {
        action: 'meal_updated',
        recordType: 'meal',
        recordId: input.id,
        details:
          input.idReservation === meal.meal.reservationId ? undefined : { reservation: input.idReservation },
      });
      return presentOneMeal(tx, rctx, input.id);
    });
  },

  /** Refused once the meal has paid orders; otherwise its dishes and unpaid orders go with it. */
  async deleteMeal(ctx: RequestContext, id: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      const meal = await loadMeal(tx.db, id, true);
      decide(mealMachine, mealState(meal, tx.clock.now()), 'DELETE', mayMeal(rctx, 'DELETE', meal));
      const paid = await restaurantRepository.countPaidOrders(tx.db, id);
      if (paid > 0) {
        throw refused(
          'meal_has_paid_orders',
          `Ce repas a ${paid} commande${paid > 1 ? 's' : ''} payée${paid > 1 ? 's' : ''} : annulez d'abord ${paid > 1 ? 'leurs paiements' : 'son paiement'} pour le supprimer.`,
        );
      }
      await restaurantRepository.deleteMeal(tx.db, id);
      await audit.record(tx, { action: 'meal_deleted', recordType: 'meal', recordId: id });
    });
  },

  /** E-mails the menu once; again only when the meal or its dishes changed since. */
  async notify(ctx: RequestContext, id: number): Promise<{ destinataires: number }> {
    return inTransaction(ctx, async (tx) => {
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
      const plats = await restaurantRepository.dishesOf(tx.db, [id]);
      const recipients = await usersRepository.restaurantNotificationEmails(tx.db);
      for (const email of menuEmails(meal, plats, recipients, tx.publicUrl))
        await mailRepository.enqueue(tx.db, email, tx.clock.now());
      await restaurantRepository.markNotified(tx.db, id);
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
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      await loadMeal(tx.db, mealId, true);
      const dish = await restaurantRepository.insertDish(tx.db, { mealId, ...input });
      await restaurantRepository.touchMeal(tx.db, mealId);
      await audit.record(tx, {
        action: 'dish_created',
        recordType: 'meal',
        recordId: mealId,
        details: { dish: dish.id },
      });
      return presentDish(dish);
    });
  },

  /** A new price applies to new orders; orders already taken keep theirs. */
  async updateDish(ctx: RequestContext, mealId: number, input: DishUpdate): Promise<Dish> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      await loadMeal(tx.db, mealId, true);
      if (!(await restaurantRepository.findDish(tx.db, mealId, input.id)))
        throw notFound("Ce plat n'existe pas.");
      const dish = await restaurantRepository.updateDish(tx.db, input.id, {
        type: input.type,
        libelle: input.libelle,
        prix: input.prix,
      });
      await restaurantRepository.touchMeal(tx.db, mealId);
      await audit.record(tx, {
        action: 'dish_updated',
        recordType: 'meal',
        recordId: mealId,
        details: { dish: dish.id },
      });
      return presentDish(dish);
    });
  },

  async deleteDish(ctx: RequestContext, mealId: number, dishId: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'MANAGE', null));
      await loadMeal(tx.db, mealId, true);
      const dish = await restaurantRepository.findDish(tx.db, mealId, dishId);
      if (!dish) throw notFound("Ce plat n'existe pas.");
      await guardConstraint(() => restaurantRepository.deleteDish(tx.db, dishId), {
        meal_order_lines_dish_id_dishes_id_fk: {
          code: 'dish_ordered',
          message: `« ${dish.libelle} » figure déjà dans des commandes : modifiez-le plutôt que de le supprimer.`,
        },
      });
      await restaurantRepository.touchMeal(tx.db, mealId);
      await audit.record(tx, {
        action: 'dish_deleted',
        recordType: 'meal',
        recordId: mealId,
        details: { dish: dishId },
      });
    });
  },

  async createOrder(ctx: RequestContext, mealId: number, input: OrderInput): Promise<MealOrder> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      // The meal's deadline is checked once it is loaded (checkOpenFor).
      const order = { userId: rctx.caller.id, entityId: input.idEntite, mealOpen: true };
      authorize(mayOrder(rctx, 'CREATE', order), ORDER_REFUSED);
      // The meal's row lock queues the orders of one meal: the seats left are read and taken under it.
      const meal = await loadMeal(tx.db, mealId, true);
      checkOpenFor(rctx, meal, tx.clock.now());
      const { lines, montant } = await priceLines(tx.db, mealId, input);
      await takeSeats(tx.db, meal, seatsOf(input.invites));
      const id = await guardConstraint(
        () =>
          restaurantRepository.insertOrder(
            tx.db,
            {
              mealId,
              userId: tx.caller.id,
              entityId: input.idEntite,
              invites: input.invites,
              montant,
              commentaire: input.commentaire ?? null,
            },
            tx.clock.now(),
          ),
        {
          meal_orders_one_per_person: {
            code: 'meal_order_exists',
            message:
              input.idEntite === null
                ? 'Vous avez déjà une commande pour ce repas : modifiez-la plutôt.'
                : 'Vous avez déjà une commande pour cette loge à ce repas : modifiez-la plutôt.',
          },
        },
      );
      await restaurantRepository.replaceLines(tx.db, id, lines);
      await audit.record(tx, {
        action: 'meal_order_created',
        recordType: 'meal_order',
        recordId: id,
        details: { meal: mealId, montant },
      });
      return presentOneOrder(tx, rctx, meal, id);
    });
  },

  async updateOrder(
    ctx: RequestContext,
    mealId: number,
    input: OrderInput & { id: number },
  ): Promise<MealOrder> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId, true);
      const row = await loadOrder(tx.db, mealId, input.id);
      const o = row.order;
      const facts = { userId: o.userId, entityId: o.entityId, mealOpen: true };
      authorize(mayOrder(rctx, 'EDIT', facts));
      checkOpenFor(rctx, meal, tx.clock.now());
      decide(orderMachine, o.etat, 'EDIT', true);
      if (input.idEntite !== o.entityId) {
        throw refused(
          'meal_order_entity_fixed',
          'Pour : une commande reste pour la personne ou la loge choisie ; supprimez-la et commandez à nouveau.',
        );
      }
      const { lines, montant } = await priceLines(tx.db, mealId, input);
      await takeSeats(tx.db, meal, seatsOf(input.invites) - seatsOf(o.invites));
      await restaurantRepository.updateOrder(
        tx.db,
        o.id,
        {
          invites: input.invites,
          montant,
          commentaire: input.commentaire ?? null,
        },
        tx.clock.now(),
      );
      await restaurantRepository.replaceLines(tx.db, o.id, lines);
      await audit.record(tx, {
        action: 'meal_order_updated',
        recordType: 'meal_order',
        recordId: o.id,
        details: { montant },
      });
      return presentOneOrder(tx, rctx, meal, o.id);
    });
  },

  async deleteOrder(ctx: RequestContext, mealId: number, orderId: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId, true);
      const o = (await loadOrder(tx.db, mealId, orderId)).order;
      authorize(mayOrder(rctx, 'DELETE', { userId: o.userId, entityId: o.entityId, mealOpen: true }));
      checkOpenFor(rctx, meal, tx.clock.now());
      decide(orderMachine, o.etat, 'DELETE', true);
      await takeSeats(tx.db, meal, -seatsOf(o.invites));
      await restaurantRepository.deleteOrder(tx.db, o.id);
      await audit.record(tx, {
        action: 'meal_order_deleted',
        recordType: 'meal_order',
        recordId: o.id,
        details: { meal: mealId },
      });
    });
  },

  /**
   * Pays an order: at the bar (MENUS, any means) or by its author from their card (C) or their lodge's
   * (L, with `carteLoge`). The card is debited in the same transaction as the state change. A card-read
   * balance (`solde`, MENUS only) adjusts the card first; it means nothing for B or I (412).
   */
  async pay(
    ctx: RequestContext,
    mealId: number,
    orderId: number,
    moyen: PaymentMeans,
    query: SoldeQuery,
  ): Promise<MealOrder> {
    const stated = statedBalance(ctx, query);
    if (stated && moyen !== 'C' && moyen !== 'L') {
      throw invalid(
        'Solde : le solde lu sur la carte ne sert qu’à un paiement par carte (C ou L) ; retirez-le pour ce moyen.',
      );
    }
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId);
      // The order's row locked first: two payments of one order queue, the second sees it paid (412).
      const row = await loadOrder(tx.db, mealId, orderId, true);
      const o = row.order;
      const facts = { userId: o.userId, entityId: o.entityId, mealOpen: true };
      const action: MealOrderAction = isMenus(rctx) ? 'PAY' : 'PAY_CARD';
      const byCard = moyen === 'C' || moyen === 'L';
      decide(
        orderMachine,
        o.etat,
        action,
        mayOrder(rctx, action, facts) && (action === 'PAY' || byCard),
        action === 'PAY_CARD'
          ? 'Vous ne pouvez payer vous-même une commande qu’avec votre carte Union (ou celle de votre loge si vous en avez la charge).'
          : undefined,
      );
      if (moyen === 'C' && action === 'PAY_CARD' && o.entityId !== null) {
        throw refused(
          'meal_order_lodge_card',
          'Moyen de paiement : une commande pour une loge se paie avec la carte de la loge (L).',
        );
      }
      const libelle = `Repas du ${frenchDate(row.jour)} – ${row.titre}`;
      if (moyen === 'C') {
        const card = await openCard(tx, { userId: o.userId }, stated, {
          action: 'meal_order_paid',
          recordType: 'meal_order',
          recordId: o.id,
        });
        await debit(tx, card, o.montant, { orderId: o.id, libelle, carte: 'la carte Union' });
      } else if (moyen === 'L') {
        if (o.entityId === null) {
          throw refused(
            'meal_order_not_for_lodge',
            "Moyen de paiement : cette commande n'est pas pour une loge ; choisissez un autre moyen.",
          );
        }
        const holders = await entitiesRepository.forUser(tx.db, o.userId, 'carte_loge', tx.clock.today());
        if (!holders.some((e) => e.id === o.entityId)) {
          throw refused(
            'meal_order_no_lodge_card',
            `Moyen de paiement : ${row.prenom} ${row.nom} n'a pas la carte Union de ${row.entite}.`,
          );
        }
        const card = await openCard(tx, { entityId: o.entityId }, stated, {
          action: 'meal_order_paid',
          recordType: 'meal_order',
          recordId: o.id,
        });
        await debit(tx, card, o.montant, {
          orderId: o.id,
          libelle,
          carte: `la carte Union de ${row.entite}`,
        });
      }
      await restaurantRepository.updateOrder(
        tx.db,
        o.id,
        {
          etat: 'P',
          moyen,
          paidById: tx.caller.id,
          paidAt: tx.clock.now(),
          dateRefus: null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'meal_order_paid',
        recordType: 'meal_order',
        recordId: o.id,
        details: { moyen, montant: moyen === 'I' ? 0 : o.montant },
      });
      return presentOneOrder(tx, rctx, meal, o.id);
    });
  },

  /**
   * Refuses the payment (MENUS): optionally noting the day (date=1) or the balance read on the card
   * (`solde`, which may adjust the card it would have been paid with).
   */
  async refuse(
    ctx: RequestContext,
    mealId: number,
    orderId: number,
    query: SoldeQuery & { date?: '1' },
  ): Promise<MealOrder> {
    const stated = statedBalance(ctx, query);
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId);
      const o = (await loadOrder(tx.db, mealId, orderId, true)).order;
      decide(
        orderMachine,
        o.etat,
        'REFUSE',
        mayOrder(rctx, 'REFUSE', { userId: o.userId, entityId: o.entityId, mealOpen: true }),
      );
      if (stated !== undefined) {
        const owner = o.entityId !== null ? { entityId: o.entityId } : { userId: o.userId };
        await openCard(tx, owner, stated, {
          action: 'meal_order_refused',
          recordType: 'meal_order',
          recordId: o.id,
        });
      }
      await restaurantRepository.updateOrder(
        tx.db,
        o.id,
        {
          etat: 'R',
          dateRefus: query.date === '1' ? tx.clock.today() : null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'meal_order_refused',
        recordType: 'meal_order',
        recordId: o.id,
        details: { date: query.date === '1' },
      });
      return presentOneOrder(tx, rctx, meal, o.id);
    });
  },

  /** Undoes a payment (MENUS): the card is re-credited by a reversing movement, never by deleting one. */
  async undoPayment(ctx: RequestContext, mealId: number, orderId: number): Promise<MealOrder> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId);
      const row = await loadOrder(tx.db, mealId, orderId, true);
      const o = row.order;
      decide(
        orderMachine,
        o.etat,
        'UNDO_PAYMENT',
        mayOrder(rctx, 'UNDO_PAYMENT', { userId: o.userId, entityId: o.entityId, mealOpen: true }),
      );
      if (o.moyen === 'C' || o.moyen === 'L') {
        const paid = await restaurantRepository.lastDebitOf(tx.db, o.id);
        if (paid) {
          const owner =
            o.moyen === 'L' && o.entityId !== null ? { entityId: o.entityId } : { userId: o.userId };
          const card = await openCard(tx, owner, undefined, {
            action: 'meal_order_payment_undone',
            recordType: 'meal_order',
            recordId: o.id,
          });
          await restaurantRepository.insertMovement(
            tx.db,
            {
              cardId: card.cardId,
              type: 'A',
              montant: -paid.montant,
              orderId: o.id,
              authorId: tx.caller.id,
              libelle: `Paiement annulé : repas du ${frenchDate(row.jour)} – ${row.titre}`,
            },
            tx.clock.now(),
          );
        }
      }
      await restaurantRepository.updateOrder(
        tx.db,
        o.id,
        {
          etat: 'C',
          moyen: null,
          paidById: null,
          paidAt: null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'meal_order_payment_undone',
        recordType: 'meal_order',
        recordId: o.id,
        details: { moyen: o.moyen, montant: o.montant },
      });
      return presentOneOrder(tx, rctx, meal, o.id);
    });
  },

  /** The kitchen's recap of a meal, as a PDF. */
  async recap(ctx: RequestContext, mealId: number): Promise<{ pdf: Buffer; fileName: string }> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'MANAGE', null));
    const meal = await loadMeal(ctx.db, mealId);
    decide(mealMachine, mealState(meal, ctx.clock.now()), 'RECAP', mayMeal(rctx, 'RECAP', meal));
    const orders = await restaurantRepository.ordersOfMeals(ctx.db, [mealId]);
    const lines = await restaurantRepository.linesOfMeals(ctx.db, [mealId]);
    const plats = await restaurantRepository.dishesOf(ctx.db, [mealId]);
    const agapes = (await restaurantRepository.agapesOf(ctx.db, [mealId])).get(mealId) ?? null;
    const pdf = await buildRecap(meal, plats, orders, lines, agapes);
    return { pdf, fileName: `recapitulatif-repas-${meal.meal.jour}-${meal.meal.id}.pdf` };
  },

  /** GET /api/user/commandes: the caller's orders, newest first. */
  async myOrders(ctx: RequestContext): Promise<MealOrder[]> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(rctx.caller.habilitations.includes('RESTAURATION'));
    const rows = await restaurantRepository.ordersOfUser(ctx.db, ctx.caller.id);
    const now = ctx.clock.now();
    // One read for every meal ordered (not one per meal).
    const meals = await restaurantRepository.mealsByIds(ctx.db, [
      ...new Set(rows.map((r) => r.order.mealId)),
    ]);
    const open = new Map(meals.map((m) => [m.meal.id, mealAcceptsChanges(m, now)]));
    return presentOrders(ctx.db, rctx, rows, (r) => open.get(r.order.mealId) ?? false, true);
  },
};
