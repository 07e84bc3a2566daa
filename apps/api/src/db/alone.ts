/**
 * Periodic work that must run on one server at a time (several instances on one PostgreSQL): the
 * caller passes the job's own advisory lock key; the instance that gets it runs the job inside the
 * lock's transaction, the others skip this turn. On PGlite one process owns the database (db/lock.ts):
 * the job simply runs, outside any transaction (PGlite has one connection: a transaction held here
 * would stop the job's own queries).
 */
import { sql } from 'drizzle-orm';
import { returnedRows } from './arrays';
import type { DbHandle, Executor } from './client';

/** One key per periodic job. */
export const JOB_LOCKS = { purge: 712004332, dailyBackup: 712004333 } as const;

/** Runs `job` unless another instance runs the same one now; answers undefined when it was skipped. */
export async function runAlone<T>(
  handle: { db: Executor; kind: DbHandle['kind'] },
  key: number,
  job: (db: Executor) => Promise<T>,
): Promise<T | undefined> {
  if (handle.kind === 'pglite') return job(handle.db);
  return handle.db.transaction(async (tx) => {
    const [row] = returnedRows<{ got: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${key}) AS got`),
    );
    return row?.got ? job(tx) : undefined;
  });
}
