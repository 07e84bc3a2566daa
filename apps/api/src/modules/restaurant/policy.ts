/**
 * Who may do what in the restaurant and with the cards (DECISIONS §5): RESTAURATION sees the meals and
 * orders, MENUS manages meals, dishes, payments at the bar and the recap, PAYMENT is one's own card,
 * COMPTA_SAISIE validates top-ups. Orders for a lodge need its `restauration` flag; paying one with the
 * lodge's card needs `carteLoge`. Stating the balance read on a physical card (`solde`, with its
 * `motif`) is MENUS only, whoever else may make the call it rides on (DECISIONS §5, issue 17). Pure
 * functions over a context loaded once per request (context.ts), one small rule per action.
 */
import type { MealAction, MealOrderAction, TopUpAction } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface RestaurantContext {
  caller: Caller;
  /** Entities the caller may order for (current membership with `restauration`). */
  restaurationEntityIds: ReadonlySet<number>;
  /** Entities whose card the caller may use (current membership with `carteLoge`). */
  carteLogeEntityIds: ReadonlySet<number>;
  /** Entities the caller orders for or manages (`restauration` or `gestion`): their agapes come first. */
  agapesEntityIds: ReadonlySet<number>;
}

/** The fields of an order the rules read. */
export interface OrderFacts {
  userId: number;
  entityId: number | null;
  /** The meal still takes changes from its members: switched on and before its deadline. */
  mealOpen: boolean;
}

const has = (ctx: RestaurantContext, h: Parameters<typeof hasHabilitation>[1]) =>
  hasHabilitation(ctx.caller, h);
export const isMenus = (ctx: RestaurantContext) => has(ctx, 'MENUS');

/** A meal's actions (nothing of the meal itself plays a part), and READ, MANAGE and MY_ORDERS on no meal. */
export type MealPolicyAction = MealAction | 'READ' | 'MANAGE' | 'MY_ORDERS';

const MEAL_RULES: Record<MealPolicyAction, (ctx: RestaurantContext) => boolean> = {
  READ: (ctx) => has(ctx, 'RESTAURATION') || isMenus(ctx),
  MANAGE: isMenus,
  // One's own orders (GET /api/user/commandes): whoever orders.
  MY_ORDERS: (ctx) => has(ctx, 'RESTAURATION'),
  ORDER: (ctx) => has(ctx, 'RESTAURATION'),
  EDIT: isMenus,
  DELETE: isMenus,
  NOTIFY: isMenus,
  RECAP: isMenus,
};

export const mayMeal: May<RestaurantContext, unknown, MealPolicyAction> = (ctx, action) =>
  MEAL_RULES[action](ctx);

/** An order's actions, and CREATE on the order as it would be (for oneself, or for a lodge). */
export type OrderPolicyAction = MealOrderAction | 'CREATE';

/** The 403 of CREATE says what would be allowed. */
export const ORDER_REFUSED =
  'Vous ne pouvez commander que pour vous-même ou pour une loge dont vous êtes chargé de la restauration.';

/** The order is the caller's own, and they order meals. */
const ownOrder = (ctx: RestaurantContext, order: OrderFacts) =>
  order.userId === ctx.caller.id && has(ctx, 'RESTAURATION');

const ORDER_RULES: Record<OrderPolicyAction, (ctx: RestaurantContext, order: OrderFacts) => boolean> = {
  CREATE: (ctx, order) =>
    ownOrder(ctx, order) && (order.entityId === null || ctx.restaurationEntityIds.has(order.entityId)),
  EDIT: (ctx, order) => isMenus(ctx) || (ownOrder(ctx, order) && order.mealOpen),
  DELETE: (ctx, order) => isMenus(ctx) || (ownOrder(ctx, order) && order.mealOpen),
  PAY: isMenus,
  REFUSE: isMenus,
  UNDO_PAYMENT: isMenus,
  // The member pays their own order from their card, or their lodge's with its `carteLoge` flag.
  PAY_CARD: (ctx, order) =>
    ownOrder(ctx, order) &&
    has(ctx, 'PAYMENT') &&
    (order.entityId === null || ctx.carteLogeEntityIds.has(order.entityId)),
};

export const mayOrder: May<RestaurantContext, OrderFacts, OrderPolicyAction> = (ctx, action, order) =>
  ORDER_RULES[action](ctx, order);

/** Whether a meal tied to this lodge's session is « my lodge's agapes » for the caller (listed first). */
export const ownsAgapes = (ctx: RestaurantContext, entityId: number) => ctx.agapesEntityIds.has(entityId);

/**
 * A card's own actions, on no record: USE is one's own card (see it, ask a top-up and pay it: PAYMENT).
 * STATE_BALANCE is sending the balance read on the physical card (query `solde`, and its `motif`), which
 * rewrites the ledger by an adjustment. Only the restaurant's staff read cards: the member who pays, the
 * lodge officer and the treasurer who validates a top-up without MENUS are refused (403), since a balance
 * they state would be money they give themselves.
 */
export type CardPolicyAction = 'USE' | 'STATE_BALANCE';

/** The 403 of STATE_BALANCE says who may. */
export const STATE_BALANCE_REFUSED =
  'Solde : seul le personnel du restaurant (habilitation MENUS) peut indiquer le solde lu sur une carte.';

type CallerContext = Pick<RestaurantContext, 'caller'>;

const CARD_RULES: Record<CardPolicyAction, (ctx: CallerContext) => boolean> = {
  USE: (ctx) => hasHabilitation(ctx.caller, 'PAYMENT'),
  STATE_BALANCE: (ctx) => hasHabilitation(ctx.caller, 'MENUS'),
};

export const mayCard: May<CallerContext, unknown, CardPolicyAction> = (ctx, action) =>
  CARD_RULES[action](ctx);

/** A card top-up's actions, and SEARCH on no top-up: nothing of the top-up plays a part (COMPTA_SAISIE). */
export type TopUpPolicyAction = TopUpAction | 'SEARCH';

export const mayTopUp: May<CallerContext, unknown, TopUpPolicyAction> = (ctx) =>
  hasHabilitation(ctx.caller, 'COMPTA_SAISIE');

/**
 * The card desk (issue 21): the restaurant's staff (MENUS) open and close till sessions and record
 * credits and bar sales (OPERATE); they and the treasurer (COMPTA_LECTURE) read the sessions and the
 * receipts (READ); the total of the cards' balances at a date is the treasurer's (BALANCES).
 */
export type DeskPolicyAction = 'OPERATE' | 'READ' | 'BALANCES';

const DESK_RULES: Record<DeskPolicyAction, (ctx: CallerContext) => boolean> = {
  OPERATE: (ctx) => hasHabilitation(ctx.caller, 'MENUS'),
  READ: (ctx) => hasHabilitation(ctx.caller, 'MENUS') || hasHabilitation(ctx.caller, 'COMPTA_LECTURE'),
  BALANCES: (ctx) => hasHabilitation(ctx.caller, 'COMPTA_LECTURE'),
};

export const mayDesk: May<CallerContext, unknown, DeskPolicyAction> = (ctx, action) =>
  DESK_RULES[action](ctx);
