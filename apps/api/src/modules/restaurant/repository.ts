/**
 * The only code touching the restaurant's tables: meals, dishes, orders and their lines, cards and their
 * ledger, top-ups and the per-day transaction counter. Other modules (users' GDPR export) call it.
 */
import type { ReservationState, ReservationType } from '@union/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  cardMovements,
  cards,
  dishes,
  mealOrderLines,
  mealOrders,
  meals,
  paymentTransCounters,
  userPayments,
} from '../../db/schema';
import { TIME_ZONE } from '../../lib/dates';
import { entityNames } from '../entities/repository';
import { reservationSummaries } from '../reservations/repository';
import { roomRates } from '../settings/repository';
import { userIdentities } from '../users/repository';

export type MealRecord = typeof meals.$inferSelect;
export type DishRecord = typeof dishes.$inferSelect;
export type OrderRecord = typeof mealOrders.$inferSelect;
export type TopUpRecord = typeof userPayments.$inferSelect;
export type MovementRecord = typeof cardMovements.$inferSelect;
/** A movement as the ledger shows it: with the name of who wrote it. */
export type MovementRow = MovementRecord & { auteurNom: string | null; auteurPrenom: string | null };

/** A meal with its deadline as Paris local time ("2026-03-03T11:00"), the way screens show and send it. */
const mealColumns = {
  meal: meals,
  limiteLocale: sql<string>`to_char(${meals.limite} AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI')`,
};
export type MealRow = { meal: MealRecord; limiteLocale: string };

/** The fields of an order the screens, the recap and the rules read (not its timestamps). */
const orderFields = {
  id: mealOrders.id,
  mealId: mealOrders.mealId,
  userId: mealOrders.userId,
  entityId: mealOrders.entityId,
  invites: mealOrders.invites,
  montant: mealOrders.montant,
  etat: mealOrders.etat,
  moyen: mealOrders.moyen,
  commentaire: mealOrders.commentaire,
  dateRefus: mealOrders.dateRefus,
};
export type OrderFields = Pick<OrderRecord, keyof typeof orderFields>;

export type OrderRow = {
  order: OrderFields;
  nom: string;
  prenom: string;
  entite: string | null;
  jour: string;
  titre: string;
};

export interface LineRow {
  orderId: number;
  dishId: number;
  quantite: number;
  prixUnitaire: number;
  libelle: string;
  type: DishRecord['type'];
}

/** A lodge's session a meal can be the agapes of: a reservation of the planning. */
export interface SessionRow {
  id: number;
  jour: string;
  etat: ReservationState;
  entityId: number;
  entite: string;
  type: ReservationType;
  libelle: string;
  debut: number;
  fin: number;
  salle: string;
}

/** A session counts for agapes while confirmed (CR, or DS: its deletion only asked), never DC or SU. */
export const AGAPES_STATES = ['CR', 'DS'] as const;

/**
 * The reservations (their owner's `reservationSummaries`) with their lodge's and room's names (their
 * owners' `entityNames`, `roomRates`): the subqueries a query of sessions joins, and its columns.
 */
function sessionSources(db: Executor) {
  const session = reservationSummaries(db);
  const lodge = entityNames(db);
  const room = roomRates(db);
  const columns = {
    id: session.id,
    jour: session.jour,
    etat: session.etat,
    entityId: session.entityId,
    entite: lodge.nom,
    type: session.type,
    libelle: session.libelle,
    debut: session.debut,
    fin: session.fin,
    salle: room.salle,
  };
  return { session, lodge, room, columns };
}

/**
 * PGlite hands each field of a result to JavaScript one by one: for the week of 2,000 orders, decoding
 * the rows cost several times the query itself. The bulk reads below therefore ask PostgreSQL for one
 * JSON value (parsed natively) and select by meal, so that no list of thousands of ids travels as
 * parameters (docs/decisions/restaurant.md, « How the week is read »).
 */
const jsonRows = async <T>(db: Executor, query: SQL): Promise<T[]> => {
  const result = (await db.execute(sql`SELECT coalesce((${query}), '[]'::json) AS rows`)) as unknown as {
    rows: { rows: T[] | string }[];
  };
  const rows = result.rows[0]!.rows;
  // node-postgres and PGlite both parse json; a string would be a driver that does not.
  return typeof rows === 'string' ? (JSON.parse(rows) as T[]) : rows;
};

/** Dishes are listed by type in this order: menus, dishes, desserts, drinks, coffee. */
const DISH_ORDER = 'MPDBC';

/** "2026-03-03T11:00" in Paris → the instant, computed by the database (it knows the time-zone rules). */
const parisInstant = (local: string) => sql`(${local}::timestamp AT TIME ZONE ${TIME_ZONE})`;

export type CardOwner = { userId: number } | { entityId: number };

export const restaurantRepository = {
  // --- Meals and dishes -------------------------------------------------------------------------

  async mealsBetween(db: Executor, debut: string, fin: string): Promise<MealRow[]> {
    return db
      .select(mealColumns)
      .from(meals)
      .where(and(gte(meals.jour, debut), lte(meals.jour, fin)))
      .orderBy(asc(meals.jour), asc(meals.limite), asc(meals.id));
  },

  async findMeal(db: Executor, id: number): Promise<MealRow | undefined> {
    const [row] = await db.select(mealColumns).from(meals).where(eq(meals.id, id));
    return row;
  },

  async mealsByIds(db: Executor, ids: number[]): Promise<MealRow[]> {
    if (ids.length === 0) return [];
    return db
      .select(mealColumns)
      .from(meals)
      .where(sql`${meals.id} = ANY(${sql.param(ids)}::int[])`);
  },

  /** The meal, its row locked until the transaction ends: seats and deletion are decided under it. */
  async lockMeal(db: Executor, id: number): Promise<MealRow | undefined> {
    const [row] = await db.select(mealColumns).from(meals).where(eq(meals.id, id)).for('update');
    return row;
  },

  async insertMeal(
    db: Executor,
    m: {
      jour: string;
      type: MealRecord['type'];
      titre: string;
      places: number;
      limite: string;
      ouvert: boolean;
      reservationId: number | null;
    },
    at: Date,
  ): Promise<number> {
    const [row] = await db
      .insert(meals)
      .values({ ...m, limite: parisInstant(m.limite) as unknown as Date, createdAt: at, updatedAt: at })
      .returning({ id: meals.id });
    return row!.id;
  },

  async updateMeal(
    db: Executor,
    id: number,
    m: {
      jour: string;
      type: MealRecord['type'];
      titre: string;
      places: number;
      limite: string;
      ouvert: boolean;
      reservationId: number | null;
    },
    at: Date,
  ): Promise<void> {
    await db
      .update(meals)
      .set({ ...m, limite: parisInstant(m.limite) as unknown as Date, updatedAt: at })
      .where(eq(meals.id, id));
  },

  /** A change of the menu (dish added, changed, removed) allows a new notification. */
  async touchMeal(db: Executor, id: number): Promise<void> {
    await db
      .update(meals)
      .set({ updatedAt: sql`clock_timestamp()` })
      .where(eq(meals.id, id));
  },

  async markNotified(db: Executor, id: number): Promise<void> {
    await db
      .update(meals)
      .set({ notifiedAt: sql`clock_timestamp()` })
      .where(eq(meals.id, id));
  },

  /** The orders first (their lines go with them), so the dishes they named are free to go with the meal. */
  async deleteMeal(db: Executor, id: number): Promise<void> {
    await db.delete(mealOrders).where(eq(mealOrders.mealId, id));
    await db.delete(meals).where(eq(meals.id, id));
  },

  /**
   * Takes `delta` seats (negative: gives them back) in one statement: the CHECK
   * `meals_seats_not_oversold` refuses a count beyond the seats, whatever runs at the same moment.
   */
  async takeSeats(db: Executor, id: number, delta: number): Promise<void> {
    await db
      .update(meals)
      .set({ placesPrises: sql`${meals.placesPrises} + ${delta}` })
      .where(eq(meals.id, id));
  },

  async countPaidOrders(db: Executor, mealId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mealOrders)
      .where(and(eq(mealOrders.mealId, mealId), eq(mealOrders.etat, 'P')));
    return row!.n;
  },

  async dishesOf(db: Executor, mealIds: number[]): Promise<DishRecord[]> {
    if (mealIds.length === 0) return [];
    return db
      .select()
      .from(dishes)
      .where(inArray(dishes.mealId, mealIds))
      .orderBy(sql`position(${dishes.type} in ${DISH_ORDER})`, asc(dishes.id));
  },

  async findDish(db: Executor, mealId: number, dishId: number): Promise<DishRecord | undefined> {
    const [row] = await db
      .select()
      .from(dishes)
      .where(and(eq(dishes.id, dishId), eq(dishes.mealId, mealId)));
    return row;
  },

  async insertDish(db: Executor, d: typeof dishes.$inferInsert): Promise<DishRecord> {
    const [row] = await db.insert(dishes).values(d).returning();
    return row!;
  },

  async updateDish(db: Executor, id: number, d: Partial<typeof dishes.$inferInsert>): Promise<DishRecord> {
    const [row] = await db.update(dishes).set(d).where(eq(dishes.id, id)).returning();
    return row!;
  },

  async deleteDish(db: Executor, id: number): Promise<void> {
    await db.delete(dishes).where(eq(dishes.id, id));
  },

  // --- Agapes: the lodges' sessions of the planning ---------------------------------------------

  /** The confirmed sessions of a day, in time order: what the meal editor offers. */
  async sessionsOfDay(db: Executor, jour: string): Promise<SessionRow[]> {
    const { session, lodge, room, columns } = sessionSources(db);
    return db
      .select(columns)
      .from(session)
      .innerJoin(lodge, eq(lodge.id, session.entityId))
      .innerJoin(room, eq(room.roomId, session.roomId))
      .where(and(eq(session.jour, jour), inArray(session.etat, [...AGAPES_STATES])))
      .orderBy(asc(session.debut), asc(lodge.nom), asc(session.id));
  },

  /** A session by id, whatever its state (the service says why it cannot hold agapes). */
  async findSession(db: Executor, id: number): Promise<SessionRow | undefined> {
    const { session, lodge, room, columns } = sessionSources(db);
    const [row] = await db
      .select(columns)
      .from(session)
      .innerJoin(lodge, eq(lodge.id, session.entityId))
      .innerJoin(room, eq(room.roomId, session.roomId))
      .where(eq(session.id, id));
    return row;
  },

  /**
   * The sessions these meals are the agapes of, by meal: only while the session is confirmed and on the
   * meal's day (a session deleted or moved later leaves a tie that no longer counts).
   */
  async agapesOf(db: Executor, mealIds: number[]): Promise<Map<number, SessionRow>> {
    if (mealIds.length === 0) return new Map();
    const { session, lodge, room, columns } = sessionSources(db);
    const rows = await db
      .select({ mealId: meals.id, session: columns })
      .from(meals)
      .innerJoin(
        session,
        and(
          eq(session.id, meals.reservationId),
          eq(session.jour, meals.jour),
          inArray(session.etat, [...AGAPES_STATES]),
        ),
      )
      .innerJoin(lodge, eq(lodge.id, session.entityId))
      .innerJoin(room, eq(room.roomId, session.roomId))
      .where(inArray(meals.id, mealIds));
    return new Map(rows.map((r) => [r.mealId, r.session]));
  },

  // --- Orders -----------------------------------------------------------------------------------

  /**
   * Orders with what screens show beside them: the person and the lodge (their owners' `userIdentities` and
   * `entityNames`, joined), the meal.
   */
  async orders(db: Executor, where: SQL | undefined, newestFirst = false, lock = false): Promise<OrderRow[]> {
    const person = userIdentities(db);
    const lodge = entityNames(db);
    const query = db
      .select({
        order: orderFields,
        nom: person.nom,
        prenom: person.prenom,
        entite: lodge.nom,
        jour: meals.jour,
        titre: meals.titre,
      })
      .from(mealOrders)
      .innerJoin(person, eq(person.id, mealOrders.userId))
      .innerJoin(meals, eq(meals.id, mealOrders.mealId))
      .leftJoin(lodge, eq(lodge.id, mealOrders.entityId))
      .where(where)
      .orderBy(
        ...(newestFirst
          ? [desc(meals.jour), desc(mealOrders.id)]
          : [asc(lodge.nom), asc(person.nom), asc(person.prenom), asc(mealOrders.id)]),
      );
    // Only the order's row: the person, the meal and the lodge are read, not locked.
    return lock ? query.for('update', { of: mealOrders }) : query;
  },

  /** Every order of these meals, in the order of `orders` (lodge, name, id): one JSON value (jsonRows). */
  async ordersOfMeals(db: Executor, mealIds: number[]): Promise<OrderRow[]> {
    if (mealIds.length === 0) return [];
    // Arrays rather than objects: PostgreSQL builds them faster, and the keys are not repeated 2,000 times.
    type Row = [
      number,
      number,
      number,
      number | null,
      number,
      number,
      OrderRecord['etat'],
      OrderRecord['moyen'],
      string | null,
      string | null,
      string,
      string,
      string | null,
      string,
      string,
    ];
    const person = userIdentities(db);
    const lodge = entityNames(db);
    const rows = await jsonRows<Row>(
      db,
      sql`SELECT json_agg(json_build_array(
            ${mealOrders.id}, ${mealOrders.mealId}, ${mealOrders.userId}, ${mealOrders.entityId},
            ${mealOrders.invites}, ${mealOrders.montant}, ${mealOrders.etat}, ${mealOrders.moyen},
            ${mealOrders.commentaire}, ${mealOrders.dateRefus},
            ${person.nom}, ${person.prenom}, ${lodge.nom}, ${meals.jour}, ${meals.titre})
          ORDER BY ${lodge.nom}, ${person.nom}, ${person.prenom}, ${mealOrders.id})
        FROM ${mealOrders}
        JOIN ${person} ON ${person.id} = ${mealOrders.userId}
        JOIN ${meals} ON ${meals.id} = ${mealOrders.mealId}
        LEFT JOIN ${lodge} ON ${lodge.id} = ${mealOrders.entityId}
        WHERE ${mealOrders.mealId} = ANY(${sql.param(mealIds)}::int[])`,
    );
    return rows.map(
      ([id, mealId, userId, entityId, invites, montant, etat, moyen, commentaire, dateRefus, ...rest]) => ({
        order: { id, mealId, userId, entityId, invites, montant, etat, moyen, commentaire, dateRefus },
        nom: rest[0],
        prenom: rest[1],
        entite: rest[2],
        jour: rest[3],
        titre: rest[4],
      }),
    );
  },

  ordersOfUserInMeals: (db: Executor, userId: number, mealIds: number[]) =>
    mealIds.length === 0
      ? Promise.resolve([])
      : restaurantRepository.orders(
          db,
          and(eq(mealOrders.userId, userId), inArray(mealOrders.mealId, mealIds)),
        ),

  ordersOfUser: (db: Executor, userId: number) =>
    restaurantRepository.orders(db, eq(mealOrders.userId, userId), true),

  /** `lock`: the order's row stays locked until the transaction ends (two payments never both pass). */
  async findOrder(
    db: Executor,
    mealId: number,
    orderId: number,
    lock = false,
  ): Promise<OrderRow | undefined> {
    const [row] = await restaurantRepository.orders(
      db,
      and(eq(mealOrders.id, orderId), eq(mealOrders.mealId, mealId)),
      false,
      lock,
    );
    return row;
  },

  async linesOf(db: Executor, orderIds: number[]): Promise<LineRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select({
        orderId: mealOrderLines.orderId,
        dishId: mealOrderLines.dishId,
        quantite: mealOrderLines.quantite,
        prixUnitaire: mealOrderLines.prixUnitaire,
        libelle: dishes.libelle,
        type: dishes.type,
      })
      .from(mealOrderLines)
      .innerJoin(dishes, eq(dishes.id, mealOrderLines.dishId))
      .where(inArray(mealOrderLines.orderId, orderIds))
      .orderBy(sql`position(${dishes.type} in ${DISH_ORDER})`, asc(dishes.id));
  },

  /**
   * The lines of every order of these meals (a meal's lines name its own dishes): one JSON value, in the
   * menu's order (type M, P, D, B, C, then dish), sorted here rather than by the database (cheaper).
   */
  async linesOfMeals(db: Executor, mealIds: number[]): Promise<LineRow[]> {
    if (mealIds.length === 0) return [];
    const rows = await jsonRows<[number, number, number, number, string, DishRecord['type']]>(
      db,
      sql`SELECT json_agg(json_build_array(
            ${mealOrderLines.orderId}, ${mealOrderLines.dishId}, ${mealOrderLines.quantite},
            ${mealOrderLines.prixUnitaire}, ${dishes.libelle}, ${dishes.type}))
        FROM ${mealOrderLines}
        JOIN ${dishes} ON ${dishes.id} = ${mealOrderLines.dishId}
        WHERE ${dishes.mealId} = ANY(${sql.param(mealIds)}::int[])`,
    );
    return rows
      .map(([orderId, dishId, quantite, prixUnitaire, libelle, type]) => ({
        orderId,
        dishId,
        quantite,
        prixUnitaire,
        libelle,
        type,
      }))
      .sort((a, b) => DISH_ORDER.indexOf(a.type) - DISH_ORDER.indexOf(b.type) || a.dishId - b.dishId);
  },

  async insertOrder(db: Executor, o: typeof mealOrders.$inferInsert, at: Date): Promise<number> {
    const [row] = await db
      .insert(mealOrders)
      .values({ ...o, createdAt: at, updatedAt: at })
      .returning({ id: mealOrders.id });
    return row!.id;
  },

  async updateOrder(
    db: Executor,
    id: number,
    o: Partial<typeof mealOrders.$inferInsert>,
    at: Date,
  ): Promise<void> {
    await db
      .update(mealOrders)
      .set({ ...o, updatedAt: at })
      .where(eq(mealOrders.id, id));
  },

  async replaceLines(
    db: Executor,
    orderId: number,
    lines: { dishId: number; quantite: number; prixUnitaire: number }[],
  ): Promise<void> {
    await db.delete(mealOrderLines).where(eq(mealOrderLines.orderId, orderId));
    if (lines.length > 0) await db.insert(mealOrderLines).values(lines.map((l) => ({ ...l, orderId })));
  },

  async deleteOrder(db: Executor, id: number): Promise<void> {
    await db.delete(mealOrders).where(eq(mealOrders.id, id));
  },

  // --- Cards and their ledger -------------------------------------------------------------------

  /**
   * The owner's card, created on first use, its row locked until the transaction ends: every debit
   * reads the balance and writes its movement under this lock, so two payments on one card queue and
   * the second sees the first's movement (no card goes negative).
   */
  async lockCard(db: Executor, owner: CardOwner, at: Date): Promise<number> {
    const lock = () =>
      db
        .select({ id: cards.id })
        .from(cards)
        .where('userId' in owner ? eq(cards.userId, owner.userId) : eq(cards.entityId, owner.entityId))
        .for('update');
    const [existing] = await lock();
    if (existing) return existing.id;
    // First use: created (or created at this instant by another payment, then ours does nothing), locked.
    const values = 'userId' in owner ? { userId: owner.userId } : { entityId: owner.entityId };
    await db
      .insert(cards)
      .values({ ...values, createdAt: at })
      .onConflictDoNothing();
    const [row] = await lock();
    return row!.id;
  },

  async balance(db: Executor, cardId: number): Promise<number> {
    const [row] = await db
      .select({ solde: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int` })
      .from(cardMovements)
      .where(eq(cardMovements.cardId, cardId));
    return row!.solde;
  },

  /** Balances of the cards of these users and entities (no card yet: absent, i.e. zero). */
  async balancesOf(db: Executor, userIds: number[], entityIds: number[]) {
    const conditions = [
      ...(userIds.length ? [inArray(cards.userId, userIds)] : []),
      ...(entityIds.length ? [inArray(cards.entityId, entityIds)] : []),
    ];
    if (conditions.length === 0)
      return { users: new Map<number, number>(), entities: new Map<number, number>() };
    return restaurantRepository.balancesWhere(db, or(...conditions));
  },

  async balancesWhere(db: Executor, where: SQL | undefined) {
    const rows = await db
      .select({
        userId: cards.userId,
        entityId: cards.entityId,
        solde: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int`,
      })
      .from(cards)
      .leftJoin(cardMovements, eq(cardMovements.cardId, cards.id))
      .where(where)
      .groupBy(cards.id);
    const result = { users: new Map<number, number>(), entities: new Map<number, number>() };
    for (const r of rows) {
      if (r.userId !== null) result.users.set(r.userId, r.solde);
      if (r.entityId !== null) result.entities.set(r.entityId, r.solde);
    }
    return result;
  },

  /** Balances of the cards the orders of these meals would be paid with (the orderer's, the lodge's). */
  async balancesOfMeals(db: Executor, mealIds: number[]) {
    const ofMeals = sql`${mealOrders.mealId} = ANY(${sql.param(mealIds)}::int[])`;
    return restaurantRepository.balancesWhere(
      db,
      or(
        inArray(cards.userId, db.select({ id: mealOrders.userId }).from(mealOrders).where(ofMeals)),
        inArray(cards.entityId, db.select({ id: mealOrders.entityId }).from(mealOrders).where(ofMeals)),
      ),
    );
  },

  async insertMovement(db: Executor, m: typeof cardMovements.$inferInsert, at: Date): Promise<void> {
    await db.insert(cardMovements).values({ ...m, createdAt: at });
  },

  /** The last debit of an order not yet reversed: what "undo the payment" re-credits. */
  async lastDebitOf(db: Executor, orderId: number): Promise<MovementRecord | undefined> {
    const [row] = await db
      .select()
      .from(cardMovements)
      .where(and(eq(cardMovements.orderId, orderId), eq(cardMovements.type, 'P')))
      .orderBy(desc(cardMovements.id))
      .limit(1);
    return row;
  },

  /** The user's card's movements, newest first, each with its author's name (null: the system's). */
  async movementsOfUser(db: Executor, userId: number): Promise<MovementRow[]> {
    const author = userIdentities(db);
    return db
      .select({ ...cardMovementColumns, auteurNom: author.nom, auteurPrenom: author.prenom })
      .from(cardMovements)
      .innerJoin(cards, eq(cards.id, cardMovements.cardId))
      .leftJoin(author, eq(author.id, cardMovements.authorId))
      .where(eq(cards.userId, userId))
      .orderBy(desc(cardMovements.id));
  },

  async balanceOfUser(db: Executor, userId: number): Promise<number> {
    const [row] = await db
      .select({ solde: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int` })
      .from(cardMovements)
      .innerJoin(cards, eq(cards.id, cardMovements.cardId))
      .where(eq(cards.userId, userId));
    return row!.solde;
  },

  // --- Top-ups ----------------------------------------------------------------------------------

  /**
   * The next vads_trans_id of a UTC day (1, 2, …): one upsert, so simultaneous top-ups each get their
   * own number; the CHECK stops at 899999 (the protocol's range).
   */
  async nextTransId(db: Executor, utcDay: string): Promise<number> {
    const [row] = await db
      .insert(paymentTransCounters)
      .values({ jour: utcDay, dernier: 1 })
      .onConflictDoUpdate({
        target: paymentTransCounters.jour,
        set: { dernier: sql`${paymentTransCounters.dernier} + 1` },
      })
      .returning({ dernier: paymentTransCounters.dernier });
    return row!.dernier;
  },

  async insertTopUp(db: Executor, p: typeof userPayments.$inferInsert, at: Date): Promise<TopUpRecord> {
    const [row] = await db
      .insert(userPayments)
      .values({ ...p, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  async findTopUp(db: Executor, id: number): Promise<TopUpRecord | undefined> {
    const [row] = await db.select().from(userPayments).where(eq(userPayments.id, id));
    return row;
  },

  /** The top-up, its row locked: one notification or decision at a time changes it. */
  async lockTopUp(db: Executor, id: number): Promise<TopUpRecord | undefined> {
    const [row] = await db.select().from(userPayments).where(eq(userPayments.id, id)).for('update');
    return row;
  },

  async setTopUpState(
    db: Executor,
    id: number,
    changes: { etat: TopUpRecord['etat']; providerStatus?: string },
    at: Date,
  ): Promise<void> {
    await db
      .update(userPayments)
      .set({ ...changes, updatedAt: at })
      .where(eq(userPayments.id, id));
  },

  async searchTopUps(
    db: Executor,
    criteria: { etats?: TopUpRecord['etat'][]; userId?: number; debut?: string; fin?: string },
  ) {
    const conditions = [
      ...(criteria.etats?.length ? [inArray(userPayments.etat, criteria.etats)] : []),
      ...(criteria.userId ? [eq(userPayments.userId, criteria.userId)] : []),
      ...(criteria.debut
        ? [sql`(${userPayments.createdAt} AT TIME ZONE ${TIME_ZONE})::date >= ${criteria.debut}`]
        : []),
      ...(criteria.fin
        ? [sql`(${userPayments.createdAt} AT TIME ZONE ${TIME_ZONE})::date <= ${criteria.fin}`]
        : []),
    ];
    const person = userIdentities(db);
    return db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(userPayments.id))
      .limit(500);
  },

  async topUpsOfUser(db: Executor, userId: number) {
    const person = userIdentities(db);
    return db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(eq(userPayments.userId, userId))
      .orderBy(desc(userPayments.id));
  },

  async findTopUpWithPerson(db: Executor, id: number) {
    const person = userIdentities(db);
    const [row] = await db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom, email: person.email })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(eq(userPayments.id, id));
    return row;
  },
};

const cardMovementColumns = {
  id: cardMovements.id,
  cardId: cardMovements.cardId,
  type: cardMovements.type,
  montant: cardMovements.montant,
  orderId: cardMovements.orderId,
  paymentId: cardMovements.paymentId,
  authorId: cardMovements.authorId,
  libelle: cardMovements.libelle,
  createdAt: cardMovements.createdAt,
};
