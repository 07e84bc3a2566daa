/** The backups' history: written when a backup ends, read by the administration and the daily job. */
import { and, desc, eq, gte, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { backups } from '../../db/schema';

export type BackupRow = typeof backups.$inferSelect;
export type NewBackupRow = Omit<typeof backups.$inferInsert, 'id'>;

export const backupsRepository = {
  async record(db: Executor, row: NewBackupRow): Promise<BackupRow> {
    const [inserted] = await db.insert(backups).values(row).returning();
    return inserted!;
  },

  /** The `limit` most recent, newest first. */
  latest(db: Executor, limit: number): Promise<BackupRow[]> {
    return db.select().from(backups).orderBy(desc(backups.fin), desc(backups.id)).limit(limit);
  },

  /**
   * When the last good backup ended, daily or by hand; null when none ever did. For the portal's
   * warning and the metrics' « age of the last backup ».
   */
  async lastSuccessfulBackupAt(db: Executor): Promise<Date | null> {
    const [row] = await db
      .select({ at: max(backups.fin) })
      .from(backups)
      .where(eq(backups.reussie, true));
    return row?.at ? new Date(row.at) : null;
  },

  /** Whether a daily backup started at or after `since` matches (`reussie` true, false, or either). */
  async dailySince(db: Executor, since: Date, reussie?: boolean): Promise<boolean> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(backups)
      .where(
        and(
          eq(backups.origine, 'quotidienne'),
          gte(backups.debut, since),
          reussie === undefined ? undefined : eq(backups.reussie, reussie),
        ),
      );
    return row!.n > 0;
  },
};
