/** Reservations: the only place that queries their table (and the people it names). */
import { ACTIVE_RESERVATION_STATES } from '@union/contract';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { everyWord, inScope, type EntityScope } from '../../db/text-search';
import { reservations } from '../../db/schema';
import { activeEntitiesOfMember, unionManagers } from '../entities/current-members-repository';
import { entityNames } from '../entities/entity-repository';
import { roomNames } from '../settings/repository';
import { userIdentities } from '../users/identities';
import { activeAccountRepository } from '../users/active-account-repository';

export type ReservationRecord = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;

/**
 * Reservations with the names the screens show: the room's, the entity's and the requester's, from their
 * owners' `roomNames`, `entityNames` and `userIdentities` (joined, one query).
 */
function selectJoined(db: Executor, where: SQL | undefined) {
  const room = roomNames(db);
  const entity = entityNames(db);
  const requester = userIdentities(db);
  return db
    .select({
      reservation: reservations,
      salle: room.nom,
      couleurSalle: room.couleur,
      entite: entity.nom,
      demandeurId: requester.id,
      demandeurNom: requester.nom,
      demandeurPrenom: requester.prenom,
    })
    .from(reservations)
    .innerJoin(room, eq(room.id, reservations.roomId))
    .innerJoin(entity, eq(entity.id, reservations.entityId))
    .leftJoin(requester, eq(requester.id, reservations.requestedById))
    .where(where)
    .orderBy(asc(reservations.jour), asc(reservations.debut), asc(room.nom));
}

export type ReservationRow = Awaited<ReturnType<typeof selectJoined>>[number];

const isActive = inArray(reservations.etat, [...ACTIVE_RESERVATION_STATES]);

/** The exclusion constraint that keeps two active reservations of one room apart (migration 0003). */
export const RESERVATION_NO_OVERLAP = 'reservations_no_overlap';

/**
 * Each reservation's day, hours, state and what it is, as a subquery for a query of another module that
 * reads them per row (the restaurant's agapes, beside its meals): it joins this instead of the
 * reservations table. PostgreSQL flattens it into a plain join.
 */
export function reservationSummaries(db: Executor) {
  return db
    .select({
      id: reservations.id,
      jour: reservations.jour,
      etat: reservations.etat,
      entityId: reservations.entityId,
      roomId: reservations.roomId,
      type: reservations.type,
      libelle: reservations.libelle,
      debut: reservations.debut,
      fin: reservations.fin,
    })
    .from(reservations)
    .as('reservation_summaries');
}

/**
 * The confirmed reservations of an entity between two days, as a subquery for compta's rentals, which
 * keeps those not billed yet and joins their room's rate in the same query. PostgreSQL flattens it.
 */
export function confirmedReservationsOf(db: Executor, entityId: number, debut: string, fin: string) {
  return db
    .select({
      id: reservations.id,
      roomId: reservations.roomId,
      jour: reservations.jour,
      debut: reservations.debut,
      fin: reservations.fin,
      libelle: reservations.libelle,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.entityId, entityId),
        eq(reservations.etat, 'CR'),
        gte(reservations.jour, debut),
        lte(reservations.jour, fin),
      ),
    )
    .as('confirmed_reservations');
}

export const reservationsRepository = {
  /**
   * Active reservations from `from` on by label, room or entity, soonest first (the header's search);
   * outside `all` (the Union's staff), only those of the entities whose bookings the caller sees whole.
   */
  async findByWords(db: Executor, words: string[], scope: EntityScope, from: string, limit: number) {
    const room = roomNames(db);
    const entity = entityNames(db);
    const text = sql`concat_ws(' ', ${reservations.libelle}, ${room.nom}, ${entity.nom}, ${entity.code})`;
    return db
      .select({ reservation: reservations, salle: room.nom, entite: entity.nom })
      .from(reservations)
      .innerJoin(room, eq(room.id, reservations.roomId))
      .innerJoin(entity, eq(entity.id, reservations.entityId))
      .where(
        and(
          everyWord(text, words),
          inArray(reservations.etat, [...ACTIVE_RESERVATION_STATES]),
          gte(reservations.jour, from),
          inScope(reservations.entityId, scope),
        ),
      )
      .orderBy(asc(reservations.jour), asc(reservations.debut), asc(reservations.id))
      .limit(limit);
  },

  /**
   * Serialises, until the transaction ends, everything that books or closes one day: a closure and a
   * booking of that day can then never both succeed at the same instant.
   */
  async lockDay(db: Executor, jour: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`jour:${jour}`}))`);
  },

  async findById(db: Executor, id: number): Promise<ReservationRecord | undefined> {
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
    return row;
  },

  /** Locks the row for the rest of the transaction, so two decisions on one request never cross. */
  async findByIdForUpdate(db: Executor, id: number): Promise<ReservationRecord | undefined> {
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for('update');
    return row;
  },

  async findJoined(db: Executor, id: number): Promise<ReservationRow | undefined> {
    const [row] = await selectJoined(db, eq(reservations.id, id));
    return row;
  },

  /** Reservations holding a room between two days (inclusive). */
  async activeBetween(db: Executor, from: string, to: string): Promise<ReservationRow[]> {
    return selectJoined(db, and(gte(reservations.jour, from), lte(reservations.jour, to), isActive));
  },

  /** Pending requests (DC, DS) the user made, and their upcoming requests refused (so they read why). */
  async pendingOf(db: Executor, userId: number, today: string): Promise<ReservationRow[]> {
    return selectJoined(
      db,
      or(
        and(eq(reservations.etat, 'DC'), eq(reservations.requestedById, userId)),
        and(eq(reservations.etat, 'DS'), eq(reservations.deletionRequestedById, userId)),
        and(
          eq(reservations.etat, 'SU'),
          eq(reservations.requestedById, userId),
          isNotNull(reservations.motifRefus),
          gte(reservations.jour, today),
        ),
      ),
    );
  },

  /** Every pending request (DC, DS), for Union staff to arbitrate. */
  async pendingAll(db: Executor): Promise<ReservationRow[]> {
    return selectJoined(db, inArray(reservations.etat, ['DC', 'DS']));
  },

  /** The active reservations of a planning entry, in date order. */
  async activeOfPlanningEntry(db: Executor, entryId: number): Promise<ReservationRow[]> {
    return selectJoined(db, and(eq(reservations.planningEntryId, entryId), isActive));
  },

  /** The first active reservation overlapping the slot in the room, other than `exceptId`. */
  async findOverlap(
    db: Executor,
    slot: { roomId: number; jour: string; debut: number; fin: number },
    exceptId?: number,
  ): Promise<ReservationRow | undefined> {
    const [row] = await selectJoined(
      db,
      and(
        eq(reservations.roomId, slot.roomId),
        eq(reservations.jour, slot.jour),
        lt(reservations.debut, slot.fin),
        gt(reservations.fin, slot.debut),
        isActive,
        exceptId === undefined ? undefined : ne(reservations.id, exceptId),
      ),
    ).limit(1);
    return row;
  },

  /** Active reservations of one room between two days, for the planning's conflict report. */
  async activeInRoom(db: Executor, roomId: number, from: string, to: string): Promise<ReservationRow[]> {
    return selectJoined(
      db,
      and(
        eq(reservations.roomId, roomId),
        gte(reservations.jour, from),
        lte(reservations.jour, to),
        isActive,
      ),
    );
  },

  async insert(db: Executor, values: NewReservation, at: Date): Promise<ReservationRecord> {
    const [row] = await db
      .insert(reservations)
      .values({ ...values, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /**
   * Inserts many at once, skipping any that the no-overlap constraint refuses (a concurrent booking):
   * returns those actually inserted.
   */
  async insertManySkippingOverlaps(db: Executor, values: NewReservation[], at: Date) {
    if (values.length === 0) return [];
    return db
      .insert(reservations)
      .values(values.map((v) => ({ ...v, createdAt: at, updatedAt: at })))
      .onConflictDoNothing()
      .returning({ id: reservations.id, jour: reservations.jour });
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`). */
  async update(
    db: Executor,
    id: number,
    changes: Partial<NewReservation>,
    at: Date,
  ): Promise<ReservationRecord> {
    const [row] = await db
      .update(reservations)
      .set({ ...changes, updatedAt: at })
      .where(eq(reservations.id, id))
      .returning();
    return row!;
  },

  /** Days of a planning entry that must not be generated again: still held, or changed by hand. */
  async keptDaysOfPlanningEntry(db: Executor, entryId: number): Promise<Set<string>> {
    const rows = await db
      .select({ jour: reservations.jour })
      .from(reservations)
      .where(
        and(eq(reservations.planningEntryId, entryId), or(isActive, eq(reservations.changedByHand, true))),
      );
    return new Set(rows.map((r) => r.jour));
  },

  /** Ends the entry's reservations from `from` on that nobody changed by hand; returns their ids. */
  async removeGeneratedFrom(db: Executor, entryId: number, from: string, at: Date): Promise<number[]> {
    const rows = await db
      .update(reservations)
      .set({ etat: 'SU', updatedAt: at })
      .where(
        and(
          eq(reservations.planningEntryId, entryId),
          eq(reservations.changedByHand, false),
          gte(reservations.jour, from),
          isActive,
        ),
      )
      .returning({ id: reservations.id });
    return rows.map((r) => r.id);
  },

  /** The portal's next sessions (issue 33): confirmed reservations of the user's current entities ahead. */
  async nextOfMember(db: Executor, userId: number, today: string, limit: number): Promise<ReservationRow[]> {
    const mine = activeEntitiesOfMember(db, userId, today);
    return selectJoined(
      db,
      and(eq(reservations.etat, 'CR'), gte(reservations.jour, today), inArray(reservations.entityId, mine)),
    ).limit(limit);
  },

  /** E-mail addresses of the active Union staff who hold PLANNING: they arbitrate requests. */
  async staffEmails(db: Executor, today: string): Promise<string[]> {
    return activeAccountRepository.activeEmailsWith(db, 'PLANNING', unionManagers(db, today));
  },
};

/** Which confirmed reservations a calendar feed holds (docs/decisions/reservations-and-planning.md). */
export type FeedScope =
  | { kind: 'personal'; userId: number; today: string }
  | { kind: 'room'; roomId: number }
  | { kind: 'building' };

export const feedsRepository = {
  /** Confirmed reservations from `from` on, of the user's current entities, of one room, or all. */
  async confirmedFor(db: Executor, scope: FeedScope, from: string): Promise<ReservationRow[]> {
    const base = and(eq(reservations.etat, 'CR'), gte(reservations.jour, from));
    if (scope.kind === 'building') return selectJoined(db, base);
    if (scope.kind === 'room') return selectJoined(db, and(base, eq(reservations.roomId, scope.roomId)));
    const mine = activeEntitiesOfMember(db, scope.userId, scope.today);
    return selectJoined(db, and(base, inArray(reservations.entityId, mine)));
  },
};
