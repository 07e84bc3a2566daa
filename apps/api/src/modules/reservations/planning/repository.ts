/** Masonic years and the entries of the annual planning. */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { planningEntries, planningYears } from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';
import { roomNames } from '../../settings/repository';

export type PlanningEntryRecord = typeof planningEntries.$inferSelect;
export type NewPlanningEntry = typeof planningEntries.$inferInsert;

/** Planning entries with their entity's and room's names (their owners' `entityNames`, `roomNames`). */
function selectJoined(db: Executor, where: SQL | undefined) {
  const entity = entityNames(db);
  const room = roomNames(db);
  return db
    .select({ entry: planningEntries, entite: entity.nom, salle: room.nom, couleurSalle: room.couleur })
    .from(planningEntries)
    .innerJoin(entity, eq(entity.id, planningEntries.entityId))
    .innerJoin(room, eq(room.id, planningEntries.roomId))
    .where(where)
    .orderBy(asc(entity.nom), asc(room.nom), asc(planningEntries.debut), asc(planningEntries.id));
}

export type PlanningEntryRow = Awaited<ReturnType<typeof selectJoined>>[number];

export const planningRepository = {
  /** Years, newest first, with their number of entries. */
  async years(db: Executor) {
    return db
      .select({ annee: planningYears.annee, entrees: count(planningEntries.id) })
      .from(planningYears)
      .leftJoin(planningEntries, eq(planningEntries.annee, planningYears.annee))
      .groupBy(planningYears.annee)
      .orderBy(desc(planningYears.annee));
  },

  async yearExists(db: Executor, annee: number): Promise<boolean> {
    const [row] = await db.select().from(planningYears).where(eq(planningYears.annee, annee));
    return row !== undefined;
  },

  /** Inserts the year; false when it already existed (two staff opening it at once). */
  async insertYear(db: Executor, annee: number, at: Date): Promise<boolean> {
    const rows = await db
      .insert(planningYears)
      .values({ annee, createdAt: at })
      .onConflictDoNothing()
      .returning();
    return rows.length > 0;
  },

  async search(db: Executor, annee: number, entityId: number | null, roomId: number | null) {
    return selectJoined(
      db,
      and(
        eq(planningEntries.annee, annee),
        entityId === null ? undefined : eq(planningEntries.entityId, entityId),
        roomId === null ? undefined : eq(planningEntries.roomId, roomId),
      ),
    );
  },

  async findJoined(db: Executor, id: number): Promise<PlanningEntryRow | undefined> {
    const [row] = await selectJoined(db, eq(planningEntries.id, id));
    return row;
  },

  async findById(db: Executor, id: number): Promise<PlanningEntryRecord | undefined> {
    const [row] = await db.select().from(planningEntries).where(eq(planningEntries.id, id)).for('update');
    return row;
  },

  async insert(db: Executor, values: NewPlanningEntry, at: Date): Promise<PlanningEntryRecord> {
    const [row] = await db
      .insert(planningEntries)
      .values({ ...values, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`). */
  async update(
    db: Executor,
    id: number,
    changes: Partial<NewPlanningEntry>,
    at: Date,
  ): Promise<PlanningEntryRecord> {
    const [row] = await db
      .update(planningEntries)
      .set({ ...changes, updatedAt: at })
      .where(eq(planningEntries.id, id))
      .returning();
    return row!;
  },

  async remove(db: Executor, id: number): Promise<void> {
    await db.delete(planningEntries).where(eq(planningEntries.id, id));
  },
};
