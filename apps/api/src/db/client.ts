/**
 * One dialect, two engines: PGlite embedded in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both give the same Drizzle API; the rest of the code only sees `Database`.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { holdInstanceLock } from './instance-lock';
import { lockDataDir, makePrivate } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository method accepts: the database or a transaction in progress. */
export type Executor = Database | Transaction;

export interface DbHandle {
  db: Database;
  /** Runs raw SQL with several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs one raw query and returns its rows (migrations, tests). */
  rows<T>(sql: string): Promise<T[]>;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onPayload` for each notification on `channel`, as its transaction commits and before the
   * writer's call returns. PGlite only: there every writer is this process. (On PostgreSQL a listening
   * connection hears other instances' writes a moment later, which is not "at once" for this process.)
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connections of the pool (the metrics): PGlite has one, always open. */
  connections(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: the whole data directory as a tar, not compressed, taken between two transactions (see
   * modules/backups/engines.ts, which compresses it once the database is free again). PostgreSQL is
   * backed up by pg_dump from `url`.
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the connection string (pg_dump and pg_restore connect with it). */
  url?: string;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm, unaccent };

/** Wraps an open PGlite (a data dir, or a test database loaded from a dump). */
export function fromPglite(client: PGlite): DbHandle {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    exec: async (sql) => {
      try {
        await client.exec(sql);
      } catch (error) {
        if (client.isInTransaction()) await client.exec('ROLLBACK');
        throw error;
      }
    },
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    // One connection; `transaction()` holds it, and what waits for it is not counted by PGlite.
    connections: () => ({ total: 1, idle: client.isInTransaction() ? 0 : 1, waiting: 0 }),
    // PGlite's own dumpDataDir waits for the statement in progress but not for the transaction: it could
    // copy the files with half a transaction written. Inside a transaction of ours (PGlite's transaction
    // lock is held: no other transaction is open), after a checkpoint (every committed page is in the
    // files), the copy is the state after the last commit, which a restore opens. Writes wait for the
    // copy only: compressing it in here (PGlite's 'gzip') held them three to four times longer.
    dumpDataDir: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('none');
      }),
    close: () => client.close(),
  };
}

/** How a PostgreSQL pool is sized; the defaults are production's. */
export interface PoolOptions {
  /** How long an unused connection stays open (node-postgres's 10 s by default; PG_POOL_IDLE_MS). */
  idleMs?: number;
  /** The pool's size: 10 (the tests that call every route use 1, as PGlite has). */
  connections?: number;
  /** How long a query waits for a free connection before it fails: for ever by default. */
  waitMs?: number;
}

/** Wraps a PostgreSQL pool. */
export function fromPostgres(url: string, options: PoolOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.connections ?? 10,
    idleTimeoutMillis: options.idleMs ?? 10_000,
    connectionTimeoutMillis: options.waitMs ?? 0,
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    exec: async (sql) => {
      // One connection for the whole script, rolled back on failure before it returns to the pool.
      const connection = await pool.connect();
      try {
        await connection.query(sql);
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    rows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    kind: 'postgres',
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    url,
    close: () => pool.end(),
  };
}

/**
 * Opens the database the configuration names. A PGlite data directory is locked first, for as long as
 * the handle is open: a second process on the same directory is refused (DataDirLockedError) before
 * it reads a byte of it. PostgreSQL serves many processes: each holds the shared instance lock
 * (db/instance-lock.ts) for as long as the handle is open, which is what a restore refuses to run
 * against.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolIdleMs?: number;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const instance = await holdInstanceLock(opts.databaseUrl);
    const handle = fromPostgres(opts.databaseUrl, { idleMs: opts.poolIdleMs });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          await instance.release();
        }
      },
    };
  }
  const lock = lockDataDir(opts.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: opts.dataDir, extensions: PGLITE_EXTENSIONS });
    makePrivate(opts.dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  const handle = fromPglite(client);
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
        makePrivate(opts.dataDir);
      } finally {
        lock.release();
      }
    },
  };
}
