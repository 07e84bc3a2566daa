/**
 * Meals, dishes, meal orders, the Union cards (a ledger of movements) and online top-ups (DECISIONS §5).
 * Money is integer cents. The rules that must hold under concurrency live here: seats taken never exceed
 * seats (CHECK on a counter updated atomically), one card per owner (unique), a top-up credits its card
 * once (unique movement per top-up), a transaction id is unique per UTC day (counter + unique).
 */
import type {
  DeskMeans,
  DishType,
  MealOrderState,
  MealType,
  MovementType,
  PaymentMeans,
  Till,
  TopUpState,
} from '@union/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { providerTransactionColumns } from './columns';
import { entities, users } from './people';
import { reservations } from './reservations';

export const meals = pgTable(
  'meals',
  {
    id: serial('id').primaryKey(),
    jour: date('jour').notNull(),
    type: char('type', { length: 1 }).$type<MealType>().notNull(),
    titre: text('titre').notNull(),
    places: integer('places').notNull(),
    /** Seats held by orders: raised and lowered in the transaction of the order, never past `places`. */
    placesPrises: integer('places_prises').notNull().default(0),
    limite: timestamp('limite', { withTimezone: true }).notNull(),
    ouvert: boolean('ouvert').notNull().default(true),
    /**
     * The lodge's session this meal is the agapes of. It counts only while that reservation is confirmed
     * (CR, DS) and on the meal's day (repository `agapesJoin`); a removed reservation unties the meal.
     */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** Last notification; the menu may be notified again only once changed since. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meals_jour_idx').on(t.jour),
    index('meals_reservation_idx').on(t.reservationId),
    check('meals_seats_not_oversold', sql`${t.placesPrises} >= 0 AND ${t.placesPrises} <= ${t.places}`),
  ],
);

export const dishes = pgTable(
  'dishes',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    type: char('type', { length: 1 }).$type<DishType>().notNull(),
    libelle: text('libelle').notNull(),
    prix: integer('prix').notNull(),
  },
  (t) => [index('dishes_meal_idx').on(t.mealId), check('dishes_price_positive', sql`${t.prix} >= 0`)],
);

export const mealOrders = pgTable(
  'meal_orders',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entityId: integer('entity_id').references(() => entities.id),
    invites: integer('invites').notNull().default(0),
    montant: integer('montant').notNull(),
    etat: char('etat', { length: 1 }).$type<MealOrderState>().notNull().default('C'),
    moyen: char('moyen', { length: 1 }).$type<PaymentMeans>(),
    commentaire: text('commentaire'),
    dateRefus: date('date_refus'),
    paidById: integer('paid_by_id').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One order per person per meal, for themselves or for each of their lodges: a double click is a 412.
    uniqueIndex('meal_orders_one_per_person').on(t.mealId, t.userId, sql`coalesce(${t.entityId}, 0)`),
    index('meal_orders_user_idx').on(t.userId),
    check('meal_orders_amount_positive', sql`${t.montant} >= 0 AND ${t.invites} >= 0`),
    check('meal_orders_paid_has_means', sql`${t.etat} <> 'P' OR ${t.moyen} IS NOT NULL`),
  ],
);

export const mealOrderLines = pgTable(
  'meal_order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => mealOrders.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id),
    quantite: integer('quantite').notNull(),
    /** The price when ordered: a later price change does not alter an order. */
    prixUnitaire: integer('prix_unitaire').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.dishId] }),
    index('meal_order_lines_dish_idx').on(t.dishId),
    check('meal_order_lines_quantity_positive', sql`${t.quantite} > 0`),
  ],
);

/** One card per user and per entity; its row is what a payment locks before reading the balance. */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    entityId: integer('entity_id').references(() => entities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cards_user_key').on(t.userId),
    uniqueIndex('cards_entity_key').on(t.entityId),
    check('cards_one_owner', sql`(${t.userId} IS NULL) <> (${t.entityId} IS NULL)`),
  ],
);

export const userPayments = pgTable(
  'user_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    montant: integer('montant').notNull(),
    etat: char('etat', { length: 1 }).$type<TopUpState>().notNull().default('C'),
    ...providerTransactionColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_payments_trans_key').on(t.transDay, t.transId),
    index('user_payments_user_idx').on(t.userId),
    // The waiting ones (count, daily e-mail, expiry of the abandoned), migration 0032.
    index('user_payments_waiting_idx')
      .on(t.etat, t.createdAt)
      .where(sql`${t.etat} IN ('C', 'P', 'R')`),
    check('user_payments_amount_positive', sql`${t.montant} > 0`),
  ],
);

/**
 * A till session of the card desk (issue 21): its float, then at the close the cash expected and counted;
 * a difference is kept with its reason (CHECK). One open session per till (partial unique index), and
 * every desk movement locks its session's row, so none lands after the close.
 */
export const tillSessions = pgTable(
  'till_sessions',
  {
    id: serial('id').primaryKey(),
    caisse: char('caisse', { length: 1 }).$type<Till>().notNull(),
    fondInitial: integer('fond_initial').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** At the close: the float plus the cash received. */
    attendu: integer('attendu'),
    compte: integer('compte'),
    motif: text('motif'),
  },
  (t) => [
    uniqueIndex('till_sessions_one_open')
      .on(t.caisse)
      .where(sql`${t.closedAt} IS NULL`),
    index('till_sessions_opened_idx').on(t.openedAt),
    check('till_sessions_float_positive', sql`${t.fondInitial} >= 0`),
    check(
      'till_sessions_closed_whole',
      sql`(${t.closedAt} IS NULL) = (${t.compte} IS NULL) AND (${t.closedAt} IS NULL) = (${t.attendu} IS NULL) AND (${t.closedAt} IS NULL) = (${t.closedBy} IS NULL)`,
    ),
    check(
      'till_sessions_difference_explained',
      sql`${t.compte} IS NULL OR ${t.compte} = ${t.attendu} OR ${t.motif} IS NOT NULL`,
    ),
  ],
);

/** The ledger: a card's balance is the sum of its movements, never a stored number. */
export const cardMovements = pgTable(
  'card_movements',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    type: char('type', { length: 1 }).$type<MovementType>().notNull(),
    /** Signed cents: credits positive, debits negative. */
    montant: integer('montant').notNull(),
    orderId: integer('order_id').references(() => mealOrders.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => userPayments.id),
    authorId: integer('author_id').references(() => users.id),
    libelle: text('libelle').notNull(),
    /** The till session of a desk movement (G credit, V bar sale); null for every other kind. */
    tillSessionId: integer('till_session_id').references(() => tillSessions.id),
    /** How a desk credit was paid (E cash, C cheque); null for every other kind. */
    moyen: char('moyen', { length: 1 }).$type<DeskMeans>(),
    /** A cheque's number and bank. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('card_movements_card_idx').on(t.cardId),
    index('card_movements_till_session_idx').on(t.tillSessionId),
    index('card_movements_created_idx').on(t.createdAt),
    check(
      'card_movements_desk_in_session',
      sql`(${t.type} IN ('G', 'V')) = (${t.tillSessionId} IS NOT NULL)`,
    ),
    check('card_movements_desk_credit_means', sql`(${t.type} = 'G') = (${t.moyen} IS NOT NULL)`),
    // A top-up credits its card once, however often it is validated or notified.
    uniqueIndex('card_movements_one_per_top_up')
      .on(t.paymentId)
      .where(sql`${t.type} = 'R'`),
    check('card_movements_not_zero', sql`${t.montant} <> 0`),
  ],
);

/** Per UTC day, the last vads_trans_id handed out (000001 to 899999). */
export const paymentTransCounters = pgTable(
  'payment_trans_counters',
  {
    jour: date('jour').primaryKey(),
    dernier: integer('dernier').notNull(),
  },
  (t) => [check('payment_trans_counters_range', sql`${t.dernier} BETWEEN 1 AND 899999`)],
);

/** The daily e-mail of the top-ups waiting for validation (issue 21, migration 0032): one row per day, inserted first. */
export const topUpDigestRuns = pgTable('top_up_digest_runs', {
  jour: date('jour').primaryKey(),
  debut: timestamp('debut', { withTimezone: true }).notNull(),
  fin: timestamp('fin', { withTimezone: true }),
  enAttente: integer('en_attente').notNull().default(0),
  destinataires: integer('destinataires').notNull().default(0),
});
