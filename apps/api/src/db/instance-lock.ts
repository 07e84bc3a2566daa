/**
 * On PostgreSQL, who uses the database (issue 31 §4). Every process that opens it through
 * `openDatabase` (the server, `admin:create`, `migrate`, `backup`) holds a SHARED advisory lock on a
 * connection of its own, kept for the process's life: the pool's connections close when they idle, so
 * counting connections says nothing about a server that was quiet for ten seconds. A restore takes the
 * same lock EXCLUSIVE, with `pg_try_advisory_lock`: granted only when no process holds it shared, and
 * held until the restore ends, so no server starts on a half-restored base meanwhile. PGlite has its
 * data directory's lock (db/lock.ts) for the same purpose.
 */
import pg from 'pg';

/** The advisory lock's key (the migrations' and the jobs' keys are 712004331 to 712004333). */
export const INSTANCE_LOCK_KEY = 712004340;

export interface InstanceLock {
  /** Ends the lock's connection (the lock goes with it). Safe to call twice. */
  release(): Promise<void>;
}

const RETRY_MS = 2000;

/**
 * Takes the shared lock on a dedicated connection and keeps it. While a restore holds the exclusive
 * lock, waits for it to end (saying so on stderr). Should the connection drop (the database restarted,
 * a network cut), it is opened again and the lock taken again.
 */
export async function holdInstanceLock(
  url: string,
  onLost: (error: Error) => void = (error) =>
    console.error(`Verrou d’instance PostgreSQL perdu (${error.message}) : reprise en cours.`),
): Promise<InstanceLock> {
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  async function take(): Promise<void> {
    const connection = new pg.Client({ connectionString: url, keepAlive: true });
    // Registered before connect(): a connection that dies later must not crash the process.
    connection.on('error', (error) => lost(connection, error));
    await connection.connect();
    await connection.query("SET application_name = 'union-intranet'");
    // Kept out of `idle_session_timeout`, which would end it (PostgreSQL 14 and later; 13 has none).
    await connection.query('SET idle_session_timeout = 0').catch(() => undefined);
    const { rows } = await connection.query<{ got: boolean }>(
      'SELECT pg_try_advisory_lock_shared($1) AS got',
      [INSTANCE_LOCK_KEY],
    );
    if (!rows[0]!.got) {
      console.error('Une restauration est en cours sur cette base PostgreSQL : attente de sa fin…');
      await connection.query('SELECT pg_advisory_lock_shared($1)', [INSTANCE_LOCK_KEY]);
    }
    client = connection;
  }

  function lost(connection: pg.Client, error: Error) {
    if (released || connection !== client) return;
    client = undefined;
    onLost(error);
    connection.end().catch(() => undefined);
    const again = () => {
      retry = undefined;
      if (released) return;
      take().catch(() => {
        retry = setTimeout(again, RETRY_MS);
      });
    };
    retry = setTimeout(again, RETRY_MS);
    // Retrying never keeps a stopping process alive.
    retry.unref();
  }

  await take();
  return {
    async release() {
      released = true;
      if (retry) clearTimeout(retry);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}

/**
 * For a restore: takes the exclusive lock on `client` (a connection the restore keeps until it ends),
 * or answers false when any process holds it shared (a server, even idle, or a command).
 */
export async function tryExclusiveInstanceLock(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [
    INSTANCE_LOCK_KEY,
  ]);
  return rows[0]!.got;
}
