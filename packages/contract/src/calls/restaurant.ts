/** The restaurant (specification §7): meals and orders, the Union cards and their top-ups, the card desk. */
import { z } from 'zod';
import {
  CardBalancesQuerySchema,
  CardBalancesSchema,
  DeskCardListSchema,
  DeskCardQuerySchema,
  DeskMovementInputSchema,
  DeskMovementSchema,
  TillCloseSchema,
  TillOpenSchema,
  TillSessionDetailSchema,
  TillSessionListSchema,
  TillSessionQuerySchema,
} from '../desk';
import { RecordIdParamSchema } from '../ids';
import { IsoDateSchema } from '../reservations';
import {
  DishInputSchema,
  DishSchema,
  DishUpdateSchema,
  MealCreateSchema,
  MealNotificationResultSchema,
  MealOrderInputSchema,
  MealOrderListSchema,
  MealOrderSchema,
  MealOrderUpdateSchema,
  MealSchema,
  MealSessionListSchema,
  MealUpdateSchema,
  MealWeekSchema,
  MyCardSchema,
  PaymentMeans,
  ProviderFormSchema,
  RefuseQuerySchema,
  SoldeQuerySchema,
  TopUpInputSchema,
  TopUpListSchema,
  TopUpSchema,
  TopUpSearchSchema,
  TopUpWaitingSchema,
} from '../restaurant';
import { RestaurantDashboardSchema } from '../ops-dashboards';
import { API } from '../routes';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

const DateParamsSchema = z.object({ date: IsoDateSchema });
const DishParamsSchema = IdParamsSchema.extend({ platId: RecordIdParamSchema });
const OrderParamsSchema = IdParamsSchema.extend({ commandeId: RecordIdParamSchema });
const PayParamsSchema = OrderParamsSchema.extend({
  moyen: z.enum(PaymentMeans.codes, { message: 'Moyen de paiement : B, C, L ou I.' }),
});
const TopUpActionParamsSchema = IdParamsSchema.extend({
  action: z.enum(['validate', 'transfer', 'cancel'], {
    message: "Action : cette action de paiement n'existe pas.",
  }),
});

/** The meals, their dishes and the menu's e-mail; the orders and their payment at the bar. */
export const RESTAURANT_CALLS = {
  week: defineCall({
    method: 'GET',
    path: API.restaurant.search,
    params: DateParamsSchema,
    responses: { 200: MealWeekSchema },
  }),
  mealOrders: defineCall({
    method: 'GET',
    path: API.restaurant.mealOrders,
    params: IdParamsSchema,
    responses: { 200: MealOrderListSchema },
  }),
  sessions: defineCall({
    method: 'GET',
    path: API.restaurant.sessions,
    params: DateParamsSchema,
    responses: { 200: MealSessionListSchema },
  }),
  createMeal: defineCall({
    method: 'POST',
    path: API.restaurant.meals,
    body: MealCreateSchema,
    responses: { 201: MealSchema },
  }),
  updateMeal: defineCall({
    method: 'PUT',
    path: API.restaurant.meals,
    body: MealUpdateSchema,
    responses: { 200: MealSchema },
  }),
  deleteMeal: defineCall({ method: 'DELETE', path: API.restaurant.meal, params: IdParamsSchema }),
  /** How many people the POST would e-mail now, for the confirmation asked before it. */
  notifyPreview: defineCall({
    method: 'GET',
    path: API.restaurant.notify,
    params: IdParamsSchema,
    responses: { 200: MealNotificationResultSchema },
  }),
  notify: defineCall({
    method: 'POST',
    path: API.restaurant.notify,
    params: IdParamsSchema,
    responses: { 200: MealNotificationResultSchema },
  }),
  createDish: defineCall({
    method: 'POST',
    path: API.restaurant.dishes,
    params: IdParamsSchema,
    body: DishInputSchema,
    responses: { 201: DishSchema },
  }),
  updateDish: defineCall({
    method: 'PUT',
    path: API.restaurant.dishes,
    params: IdParamsSchema,
    body: DishUpdateSchema,
    responses: { 200: DishSchema },
  }),
  deleteDish: defineCall({ method: 'DELETE', path: API.restaurant.dish, params: DishParamsSchema }),
  /** The meal's recap, a PDF downloaded, not parsed. */
  recap: defineCall({ method: 'GET', path: API.restaurant.recap, params: IdParamsSchema }),
  /** A second order for the same meal and « pour » changes the first: 200 then, else 201. */
  createOrder: defineCall({
    method: 'POST',
    path: API.restaurant.orders,
    params: IdParamsSchema,
    body: MealOrderInputSchema,
    responses: { 200: MealOrderSchema, 201: MealOrderSchema },
  }),
  updateOrder: defineCall({
    method: 'PUT',
    path: API.restaurant.orders,
    params: IdParamsSchema,
    body: MealOrderUpdateSchema,
    responses: { 200: MealOrderSchema },
  }),
  deleteOrder: defineCall({ method: 'DELETE', path: API.restaurant.order, params: OrderParamsSchema }),
  pay: defineCall({
    method: 'POST',
    path: API.restaurant.pay,
    params: PayParamsSchema,
    query: SoldeQuerySchema,
    responses: { 200: MealOrderSchema },
  }),
  refuse: defineCall({
    method: 'POST',
    path: API.restaurant.refuse,
    params: OrderParamsSchema,
    query: RefuseQuerySchema,
    responses: { 200: MealOrderSchema },
  }),
  undoPayment: defineCall({
    method: 'DELETE',
    path: API.restaurant.payment,
    params: OrderParamsSchema,
    responses: { 200: MealOrderSchema },
  }),
  myOrders: defineCall({
    method: 'GET',
    path: API.restaurant.myOrders,
    responses: { 200: MealOrderListSchema },
  }),
  /** MENUS: the season's covers, dishes, takings and top-ups, the next meal (issue 33). */
  dashboard: defineCall({
    method: 'GET',
    path: API.restaurant.dashboard,
    responses: { 200: RestaurantDashboardSchema },
  }),
  /** The same figures in Excel, a sheet per chart, downloaded. */
  dashboardExcel: defineCall({ method: 'GET', path: API.restaurant.dashboardExcel }),
} as const;

/**
 * The Union cards: my card and my top-ups, the provider's form, the staff's search and decisions, the
 * provider's notification. Not here: the simulator's two pages (API.payments.simulator…), outside the API,
 * hidden from its document and registered only without a provider (payment-provider/simulator.ts).
 */
export const PAYMENT_CALLS = {
  mine: defineCall({ method: 'GET', path: API.payments.mine, responses: { 200: MyCardSchema } }),
  topUp: defineCall({
    method: 'POST',
    path: API.payments.mine,
    body: TopUpInputSchema,
    responses: { 201: TopUpSchema },
  }),
  providerForm: defineCall({
    method: 'GET',
    path: API.payments.providerForm,
    params: IdParamsSchema,
    responses: { 200: ProviderFormSchema },
  }),
  search: defineCall({
    method: 'POST',
    path: API.payments.search,
    body: TopUpSearchSchema,
    responses: { 200: TopUpListSchema },
  }),
  waiting: defineCall({
    method: 'GET',
    path: API.payments.waiting,
    responses: { 200: TopUpWaitingSchema },
  }),
  act: defineCall({
    method: 'POST',
    path: API.payments.act,
    params: TopUpActionParamsSchema,
    query: SoldeQuerySchema,
    responses: { 200: TopUpSchema },
  }),
  /**
   * The provider's notification (public, signed): a form of text fields, answered in plain text. Only the
   * provider calls it, never the web.
   */
  ipn: defineCall({
    method: 'POST',
    path: API.payments.ipn,
    body: z.record(z.string(), z.string({ message: 'Chaque champ de la notification est un texte.' })),
  }),
} as const;

/** The card desk (issue 21): till sessions, desk movements and their receipts, the cards' balances. */
export const DESK_CALLS = {
  sessions: defineCall({
    method: 'GET',
    path: API.desk.sessions,
    query: TillSessionQuerySchema,
    responses: { 200: TillSessionListSchema },
  }),
  open: defineCall({
    method: 'POST',
    path: API.desk.sessions,
    body: TillOpenSchema,
    responses: { 201: TillSessionDetailSchema },
  }),
  session: defineCall({
    method: 'GET',
    path: API.desk.session,
    params: IdParamsSchema,
    responses: { 200: TillSessionDetailSchema },
  }),
  close: defineCall({
    method: 'POST',
    path: API.desk.close,
    params: IdParamsSchema,
    body: TillCloseSchema,
    responses: { 200: TillSessionDetailSchema },
  }),
  move: defineCall({
    method: 'POST',
    path: API.desk.movements,
    params: IdParamsSchema,
    body: DeskMovementInputSchema,
    responses: { 201: DeskMovementSchema },
  }),
  /** A movement's receipt, a PDF opened, not parsed. */
  receipt: defineCall({ method: 'GET', path: API.desk.receipt, params: IdParamsSchema }),
  cards: defineCall({
    method: 'GET',
    path: API.desk.cards,
    query: DeskCardQuerySchema,
    responses: { 200: DeskCardListSchema },
  }),
  balances: defineCall({
    method: 'GET',
    path: API.desk.balances,
    query: CardBalancesQuerySchema,
    responses: { 200: CardBalancesSchema },
  }),
  /** The same balances in Excel, downloaded. */
  balancesExcel: defineCall({ method: 'GET', path: API.desk.balancesExcel, query: CardBalancesQuerySchema }),
} as const;
