/** The append-only audit log: who, when, what, on which record. */
import { and, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { intArray, textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { userIdentities } from '../users/identities';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  recordType: string;
  recordId?: number | null;
  details?: Record<string, unknown>;
  /** When the change was made: the request's clock (`ctx.clock.now()`). */
  createdAt: Date;
}

/** One entry of a record's history as read back, with its actor's name (null: the system). */
export interface AuditRow {
  id: number;
  action: string;
  details: unknown;
  createdAt: Date;
  actorId: number | null;
  actorNom: string | null;
  actorPrenom: string | null;
}

export const auditRepository = {
  /** Writes one entry; call it inside the transaction of the change it records. */
  async record(db: Executor, entry: AuditEntry): Promise<void> {
    await db
      .insert(auditLog)
      .values({ ...entry, recordId: entry.recordId ?? null, details: entry.details ?? null });
  },

  /**
   * Writes many entries of one actor in one statement (an import's thousands of rows, a planning's
   * year of reservations), in the caller's transaction.
   */
  async recordMany(
    db: Executor,
    actorId: number | null,
    at: Date,
    entries: {
      action: string;
      recordType: string;
      recordId: number;
      details?: Record<string, unknown> | null;
    }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    await db.execute(sql`
      INSERT INTO ${auditLog} (actor_id, action, record_type, record_id, details, created_at)
      SELECT ${actorId}::int4, n.action, n.record_type, n.record_id, n.details::jsonb,
        ${at.toISOString()}::timestamptz
      FROM unnest(${textArray(entries.map((e) => e.action))}, ${textArray(entries.map((e) => e.recordType))},
        ${intArray(entries.map((e) => e.recordId))},
        ${textArray(entries.map((e) => (e.details ? JSON.stringify(e.details) : null)))})
        AS n(action, record_type, record_id, details)`);
  },

  /** How many `action` entries the record received since `since`. */
  async countSince(
    db: Executor,
    recordType: string,
    recordId: number,
    action: string,
    since: Date,
  ): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, recordType),
          eq(auditLog.recordId, recordId),
          eq(auditLog.action, action),
          gt(auditLog.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  },

  /** The history of one record, newest first, with the actor's name. */
  async historyOf(db: Executor, recordType: string, recordId: number): Promise<AuditRow[]> {
    const actor = userIdentities(db);
    return db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorNom: actor.nom,
        actorPrenom: actor.prenom,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, recordId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  },

  /** Every entry about a record, newest first, as stored (GDPR export). */
  async about(db: Executor, recordType: string, recordId: number) {
    return db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, recordId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  },

  /**
   * Erases personal data from the details of the entries about a record: the whole details of the
   * `whole` actions, the `keys` of the others. What the entries say happened stays.
   */
  async eraseDetails(
    db: Executor,
    recordType: string,
    recordId: number,
    erase: { whole: string[]; keys: readonly string[] },
  ): Promise<void> {
    const about = and(
      eq(auditLog.recordType, recordType),
      eq(auditLog.recordId, recordId),
      isNotNull(auditLog.details),
    );
    if (erase.whole.length)
      await db
        .update(auditLog)
        .set({ details: null })
        .where(and(about, inArray(auditLog.action, erase.whole)));
    await db
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - ${`{${erase.keys.join(',')}}`}::text[]` })
      .where(about);
  },
};
