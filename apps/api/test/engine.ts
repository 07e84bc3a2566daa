import type pg from 'pg';
/** Which database engine the API suite runs on, and how to name a PostgreSQL database of the run. */
export const testEngine = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A test that means something on one engine only (PGlite's data directory, pg_dump) is registered on
 * that engine and not at all on the other: the suite's report counts no skipped test.
 */
export function onEngine(engine: 'pglite' | 'postgres', register: () => void): void {
  if (testEngine() === engine) register();
}

export function databaseUrlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A test database's commits do not wait for the WAL to reach the disk (`synchronous_commit = off`, set on
 * the database, so the app's pools, the servers a test starts and pg_dump all get it). What a committed
 * transaction shows to the next one is unchanged; only a crash of the server could lose the last
 * commits, of a database dropped at the end of the file anyway. On the CI's disk a commit waited about
 * 13 ms for its flush, against 2 ms without, and the API suite commits on every call.
 */
export const FAST_COMMITS = (database: string) => `ALTER DATABASE ${database} SET synchronous_commit = off`;

/** Databases copied from a template are named after it, so a run drops only its own. */
export const copyPrefix = (template: string) => `${template.replace('union_tmpl_', 'union_t_')}_`;

/**
 * Drops a test database once its connections are gone. A pool's end() resolves before its sockets
 * have closed; dropping WITH (FORCE) at once would terminate them mid-close, and node-pg reports that
 * as an error nobody listens to any more.
 */
export async function dropTestDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
