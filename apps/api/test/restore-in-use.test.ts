/**
 * A restore never runs under a live server (issue 31 §4), as real processes on the engine of the run.
 * PostgreSQL: the server's pool has closed every connection it had (it idled past PG_POOL_IDLE_MS),
 * yet `npm run restore -- FILE --force` is refused and nothing changes, because the server holds the
 * shared instance lock on a connection of its own; once it is stopped the same command restores.
 * PGlite: the data directory's lock refuses it the same way.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../src/modules/backups/backup';
import { testEngine } from './engine';
import { createUser } from './helpers';
import {
  killAll,
  PRODUCTION_ENV,
  processDatabase,
  runScript,
  startServerProcess,
  type ProcessDatabase,
} from './processes';

const onPostgres = testEngine() === 'postgres';
const IDLE_MS = 300;
let database: ProcessDatabase;
let backupFile = '';

async function identifiants(): Promise<string[]> {
  const handle = await database.open();
  try {
    return (
      await handle.rows<{ identifiant: string }>('SELECT identifiant FROM users ORDER BY identifiant')
    ).map((r) => r.identifiant);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  database = await processDatabase('inuse');
  backupFile = join(database.work, 'avant.sauvegarde');
  // The backup holds `avant`; `apres`, written after it, is what a restore would wipe.
  const handle = await database.open();
  await createUser(handle.db, { identifiant: 'avant' });
  await takeBackup(handle, { target: backupFile, origine: 'manuelle' });
  await createUser(handle.db, { identifiant: 'apres' });
  await handle.close();
}, 60_000);

afterAll(async () => {
  killAll();
  await database?.drop();
});

/** The pool's connections the server has open on the test database (PostgreSQL), the lock's aside. */
async function poolConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name <> 'union-intranet'",
      [new URL(database.env.DATABASE_URL!).pathname.slice(1)],
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

describe('npm run restore -- FILE --force while a server runs', () => {
  it('is refused even when the server has been idle past its pool’s timeout, and nothing changes; once the server stops, it restores', async () => {
    const server = await startServerProcess({ ...database.env, PG_POOL_IDLE_MS: String(IDLE_MS) });
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    if (onPostgres) {
      // Idle: the pool's connections have all closed (with node-postgres's default, after 10 s).
      const started = Date.now();
      while ((await poolConnections()) > 0 && Date.now() - started < 20_000)
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      expect(await poolConnections()).toBe(0);
    }

    const env = { ...PRODUCTION_ENV, ...database.env };
    const refused = await runScript('restore', [backupFile, '--force'], env);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('La restauration a échoué');
    expect(refused.output).toMatch(
      onPostgres
        ? /Un serveur de l’Intranet .* utilise cette base PostgreSQL : arrêtez-le .*--force ne passe pas outre/
        : /est déjà utilisé par une autre instance/,
    );
    expect(refused.output).not.toContain('restaurée');
    // The server still serves what it had.
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await identifiants()).toEqual(expect.arrayContaining(['apres', 'avant']));

    const restored = await runScript('restore', [backupFile, '--force'], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('restaurée');
    const after = await identifiants();
    expect(after).toContain('avant');
    expect(after).not.toContain('apres');
  }, 120_000);
});
