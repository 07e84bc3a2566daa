/**
 * Whether this instance can take requests (`GET /api/ready`): not stopping, the database answers, and
 * every migration of this build is applied. The reasons are short French sentences for the operator,
 * with nothing personal and no version of any dependency.
 */
import type { DbHandle } from '../../db/client';
import { pendingMigrations } from '../../db/migrate';

/** A probe waits this long for the database; a load balancer's probe usually gives up after 1 to 5 s. */
export const READY_DB_TIMEOUT_MS = 2000;

export const NOT_READY = {
  stopping: 'Arrêt en cours : l’instance ne prend plus de requêtes.',
  database: 'La base de données ne répond pas.',
  migrations: (count: number) =>
    `Migrations en attente (${count}) : lancez « npm run migrate » ou démarrez avec MIGRATE_ON_START=true.`,
} as const;

/** Null when ready, else why not. */
export async function notReadyBecause(db: DbHandle, stopping: boolean): Promise<string | null> {
  if (stopping) return NOT_READY.stopping;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_DB_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([pendingMigrations(db), timeout]);
    return pending.length ? NOT_READY.migrations(pending.length) : null;
  } catch {
    return NOT_READY.database;
  } finally {
    clearTimeout(timer);
  }
}
