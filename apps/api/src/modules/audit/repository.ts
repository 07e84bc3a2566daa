/** The append-only audit log: who, when, what, on which record. */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  recordType: string;
  recordId?: number | null;
  details?: Record<string, unknown>;
  /** Defaults to the time of the insert. */
  createdAt?: Date;
}

export const auditRepository = {
  /** Writes one entry; call it inside the transaction of the change it records. */
  async record(db: Executor, entry: AuditEntry): Promise<void> {
    await db
      .insert(auditLog)
      .values({ ...entry, recordId: entry.recordId ?? null, details: entry.details ?? null });
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
  async historyOf(db: Executor, recordType: string, recordId: number) {
    return db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorNom: users.nom,
        actorPrenom: users.prenom,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, recordId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  },
};
