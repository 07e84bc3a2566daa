/** A real app for benchmarks: migrated embedded database in a temporary directory, listening on loopback. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgres, type DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/secrets';
import type { App } from '../src/types';

export const CLIENT_BASIC = `Basic ${Buffer.from('union-intranet:union-intranet-secret').toString('base64')}`;

export interface BenchApp {
  app: App;
  handle: DbHandle;
  url: string;
  close(): Promise<void>;
}

/** Starts the app on BENCH_DATABASE_URL (PostgreSQL) when set, else on a fresh PGlite directory. */
export async function startBenchApp(): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'union-bench-'));
  const handle = process.env.BENCH_DATABASE_URL
    ? fromPostgres(process.env.BENCH_DATABASE_URL)
    : fromPglite(await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS }));
  await migrate(handle);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }),
    db: handle,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    handle,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The administrator the benchmarks call the API as: `bench-admin`, password BENCH_PASSWORD. */
export const BENCH_PASSWORD = 'Mot-de-passe-bench-1';
export async function createBenchAdmin(db: DbHandle['db']): Promise<void> {
  await db.insert(users).values({
    identifiant: 'bench-admin',
    nom: 'Banc',
    prenom: 'Admin',
    email: 'bench-admin@exemple.fr',
    habilitations: ['USER', 'ADMIN'],
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
}

/** A bearer token of `username` on a bench app (the password grant, as the web app signs in). */
export async function benchToken(url: string, username: string, password = BENCH_PASSWORD): Promise<string> {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
