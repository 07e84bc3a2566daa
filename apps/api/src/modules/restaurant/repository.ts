/**
 * The only code touching the meals' tables: meals (the module's main record, read by every sub-area) and
 * their dishes, and the lodges' sessions (read from their owners) a meal can be the agapes of.
 */
import type { ReservationState, ReservationType } from '@union/contract';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dishes, mealOrders, meals } from '../../db/schema';
import { TIME_ZONE } from '../../lib/dates';
import { entityNames } from '../entities/entity-repository';
import { reservationSummaries } from '../reservations/repository';
import { roomRates } from '../settings/repository';

export type MealRecord = typeof meals.$inferSelect;
export type DishRecord = typeof dishes.$inferSelect;

/** A meal with its deadline as Paris local time ("2026-03-03T11:00"), the way screens show and send it. */
const mealColumns = {
  meal: meals,
  limiteLocale: sql<string>`to_char(${meals.limite} AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI')`,
};
export type MealRow = { meal: MealRecord; limiteLocale: string };

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

/** Dishes are listed by type in this order: menus, dishes, desserts, drinks, coffee. */
export const DISH_ORDER = 'MPDBC';

/** "2026-03-03T11:00" in Paris → the instant, computed by the database (it knows the time-zone rules). */
const parisInstant = (local: string) => sql`(${local}::timestamp AT TIME ZONE ${TIME_ZONE})`;

/** What a meal's form writes: its limit a Paris wall-clock time (« 2026-12-03T12:00 »). */
type MealFields = {
  jour: string;
  type: MealRecord['type'];
  titre: string;
  places: number;
  limite: string;
  ouvert: boolean;
  reservationId: number | null;
};

export const mealsRepository = {
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

  async insertMeal(db: Executor, m: MealFields, at: Date): Promise<number> {
    const [row] = await db
      .insert(meals)
      .values({ ...m, limite: parisInstant(m.limite) as unknown as Date, createdAt: at, updatedAt: at })
      .returning({ id: meals.id });
    return row!.id;
  },

  async updateMeal(db: Executor, id: number, m: MealFields, at: Date): Promise<void> {
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

  /** Its orders are deleted first (`mealOrdersRepository.deleteOfMeal`); its dishes go with it. */
  async deleteMeal(db: Executor, id: number): Promise<void> {
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

  /**
   * A lodge's next sessions from `today` (requested, confirmed or whose deletion is asked), at most
   * `limit`, each with the meal that is its agapes (only while it counts: confirmed, on its day) and that
   * meal's orders and covers (issue 33, the lodge's dashboard). A session with two such meals comes twice.
   */
  async sessionsAheadWithAgapes(db: Executor, entityId: number, today: string, limit: number) {
    const { session, room } = sessionSources(db);
    const ahead = db
      .select({
        id: session.id,
        jour: session.jour,
        etat: session.etat,
        debut: session.debut,
        fin: session.fin,
        libelle: session.libelle,
        salle: room.salle,
      })
      .from(session)
      .innerJoin(room, eq(room.roomId, session.roomId))
      .where(
        and(
          eq(session.entityId, entityId),
          gte(session.jour, today),
          inArray(session.etat, ['DC', ...AGAPES_STATES]),
        ),
      )
      .orderBy(asc(session.jour), asc(session.debut), asc(session.id))
      .limit(limit)
      .as('sessions_ahead');
    // Per meal, through the orders' index on their meal (a correlated count, not the whole table grouped).
    const ofMeal = sql`FROM ${mealOrders} WHERE ${mealOrders.mealId} = ${meals.id}`;
    return db
      .select({
        session: {
          id: ahead.id,
          jour: ahead.jour,
          etat: ahead.etat,
          debut: ahead.debut,
          fin: ahead.fin,
          libelle: ahead.libelle,
          salle: ahead.salle,
        },
        mealId: meals.id,
        titre: meals.titre,
        places: meals.places,
        commandes: sql<number>`(SELECT count(*) ${ofMeal})::int`,
        couverts: sql<number>`coalesce((SELECT sum(1 + ${mealOrders.invites}) ${ofMeal}), 0)::int`,
      })
      .from(ahead)
      .leftJoin(
        meals,
        and(
          eq(meals.reservationId, ahead.id),
          eq(meals.jour, ahead.jour),
          inArray(ahead.etat, [...AGAPES_STATES]),
        ),
      )
      .orderBy(asc(ahead.jour), asc(ahead.debut), asc(ahead.id), asc(meals.id));
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
};
