/**
 * The meal orders' use cases (DECISIONS §5): a member's order for themself or their lodge, changed or
 * deleted while the meal is open (MENUS at any time), and the member's own orders. Each runs in one
 * transaction: load → authorize (policy, 403) → transition (machine, 412) → persist and audit. Seats are
 * taken under the meal's row lock and by a CHECKed counter.
 */
import type { MealOrder, MealOrderInputSchema } from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { notFound, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import { loadRestaurantContext } from '../context';
import { mealAcceptsChanges, orderMachine } from '../machine';
import { mealsRepository, type MealRow } from '../repository';
import { MEAL_NOT_FOUND, SEATS_REFUSAL, loadMeal } from '../meal';
import { ORDER_REFUSED, isMenus, mayMeal, mayOrder, type RestaurantContext } from '../policy';
import { orderAsItIs, ordersAsTheyAre } from './reads';
import { mealOrdersRepository, type OrderRow } from './repository';

type OrderInput = z.output<typeof MealOrderInputSchema>;

const ORDER_NOT_FOUND = "Cette commande n'existe pas.";

/** `lock`: the order's row stays locked until the transaction ends (payments of one order queue). */
export async function loadOrder(
  db: Executor,
  mealId: number,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  const row = await mealOrdersRepository.findOrder(db, mealId, orderId, lock);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

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
  await guardConstraint(() => mealsRepository.takeSeats(db, meal.meal.id, delta), SEATS_REFUSAL);
}

/**
 * The lines of an order priced from the meal's dishes; 412 naming a dish not on its menu. A meal without
 * dishes is not published: a member meets a 404, as the week does not list it for them.
 */
async function priceLines(db: Executor, rctx: RestaurantContext, meal: MealRow, input: OrderInput) {
  const dishes = new Map((await mealsRepository.dishesOf(db, [meal.meal.id])).map((d) => [d.id, d]));
  if (dishes.size === 0 && !isMenus(rctx)) throw notFound(MEAL_NOT_FOUND);
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

/**
 * Changes an order on its locked meal: the caller's right, the meal's deadline for members, the order's
 * state, then its lines, seats and amount (PUT, and a member's second POST for the same meal).
 */
async function editOrder(
  tx: RequestContext,
  rctx: RestaurantContext,
  meal: MealRow,
  row: OrderRow,
  input: OrderInput,
): Promise<void> {
  const o = row.order;
  authorize(mayOrder(rctx, 'EDIT', { userId: o.userId, entityId: o.entityId, mealOpen: true }));
  checkOpenFor(rctx, meal, tx.clock.now());
  decide(orderMachine, o.etat, 'EDIT', true);
  if (input.idEntite !== o.entityId) {
    throw refused(
      'meal_order_entity_fixed',
      'Pour : une commande reste pour la personne ou la loge choisie ; supprimez-la et commandez à nouveau.',
    );
  }
  const { lines, montant } = await priceLines(tx.db, rctx, meal, input);
  await takeSeats(tx.db, meal, seatsOf(input.invites) - seatsOf(o.invites));
  await mealOrdersRepository.updateOrder(
    tx.db,
    o.id,
    { invites: input.invites, montant, commentaire: input.commentaire ?? null },
    tx.clock.now(),
  );
  await mealOrdersRepository.replaceLines(tx.db, o.id, lines);
  await audit.record(tx, {
    action: 'meal_order_updated',
    recordType: 'meal_order',
    recordId: o.id,
    details: { montant },
  });
}

export const mealOrdersService = {
  /**
   * A person has one order per meal for themself and one per lodge (unique index): a second POST for the
   * same meal and the same « pour » changes the first (under the meal's row lock, so two clicks queue and
   * the second finds the first). `created` tells the route 201 from 200.
   */
  async createOrder(
    ctx: RequestContext,
    mealId: number,
    input: OrderInput,
  ): Promise<{ order: MealOrder; created: boolean }> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      // The meal's deadline is checked once it is loaded (checkOpenFor).
      const order = { userId: rctx.caller.id, entityId: input.idEntite, mealOpen: true };
      authorize(mayOrder(rctx, 'CREATE', order), ORDER_REFUSED);
      // The meal's row lock queues the orders of one meal: the seats left are read and taken under it.
      const meal = await loadMeal(tx.db, mealId, true);
      const existing = await mealOrdersRepository.findOwnOrder(tx.db, mealId, rctx.caller.id, input.idEntite);
      if (existing) {
        await editOrder(tx, rctx, meal, existing, input);
        return {
          order: await orderAsItIs(tx, rctx, meal, await loadOrder(tx.db, mealId, existing.order.id)),
          created: false,
        };
      }
      checkOpenFor(rctx, meal, tx.clock.now());
      const { lines, montant } = await priceLines(tx.db, rctx, meal, input);
      await takeSeats(tx.db, meal, seatsOf(input.invites));
      // The unique index stays the database's last word should a row escape the meal's lock.
      const id = await guardConstraint(
        () =>
          mealOrdersRepository.insertOrder(
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
      await mealOrdersRepository.replaceLines(tx.db, id, lines);
      await audit.record(tx, {
        action: 'meal_order_created',
        recordType: 'meal_order',
        recordId: id,
        details: { meal: mealId, montant },
      });
      return {
        order: await orderAsItIs(tx, rctx, meal, await loadOrder(tx.db, mealId, id)),
        created: true,
      };
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
      await editOrder(tx, rctx, meal, row, input);
      return orderAsItIs(tx, rctx, meal, await loadOrder(tx.db, mealId, row.order.id));
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
      await mealOrdersRepository.deleteOrder(tx.db, o.id);
      await audit.record(tx, {
        action: 'meal_order_deleted',
        recordType: 'meal_order',
        recordId: o.id,
        details: { meal: mealId },
      });
    });
  },

  /** GET /api/user/commandes: the caller's orders, newest first. */
  async myOrders(ctx: RequestContext): Promise<MealOrder[]> {
    const rctx = await loadRestaurantContext(ctx);
    authorize(mayMeal(rctx, 'MY_ORDERS', null));
    const rows = await mealOrdersRepository.ordersOfUser(ctx.db, ctx.caller.id);
    const now = ctx.clock.now();
    // One read for every meal ordered (not one per meal).
    const meals = await mealsRepository.mealsByIds(ctx.db, [...new Set(rows.map((r) => r.order.mealId))]);
    const open = new Map(meals.map((m) => [m.meal.id, mealAcceptsChanges(m, now)]));
    return ordersAsTheyAre(ctx.db, rctx, rows, (r) => open.get(r.order.mealId) ?? false);
  },
};
