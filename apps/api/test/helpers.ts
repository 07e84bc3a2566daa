/**
 * What every API test starts from: a fresh migrated database (PGlite or PostgreSQL), the real app
 * built on it, and helpers to create people and to call the API as one of them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { EntityType, Habilitation } from '@union/contract';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { systemClock, type Clock } from '../src/lib/context';
import { parisDay } from '../src/lib/dates';
import {
  PGLITE_EXTENSIONS,
  fromPglite,
  fromPostgres,
  type DbHandle,
  type PoolOptions,
} from '../src/db/client';
import { entities, memberships, rooms, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/secrets';
import type { App } from '../src/types';
import { FAST_COMMITS, copyPrefix, databaseUrlFor, dropTestDatabase, testEngine } from './engine';

export const PASSWORD = 'Mot-de-passe-de-test-1';
export const CLIENT_BASIC = `Basic ${Buffer.from('union-intranet:union-intranet-secret').toString('base64')}`;
const XSRF = 'xsrf-test-token';

/**
 * A PostgreSQL database of this run, from `template` or empty, dropped by `close`. Named after the run's
 * template, so the run's teardown drops it too if a test fails before closing it.
 */
async function postgresDatabase(label: string, template?: string, pool?: PoolOptions): Promise<DbHandle> {
  const name = `${copyPrefix(inject('postgresTemplate'))}${label}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.query(FAST_COMMITS(name));
  await admin.end();
  const handle = fromPostgres(databaseUrlFor(name), pool);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropTestDatabase(dropper, name);
      await dropper.end();
    },
  };
}

const ONE_CONNECTION: PoolOptions = { connections: 1, waitMs: 20_000 };

/** A database with no table at all (never migrated), on the engine of the run, dropped by `close`. */
export async function emptyDatabase(): Promise<DbHandle> {
  if (testEngine() === 'postgres') return postgresDatabase('empty_');
  return fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
}

/**
 * A fresh database with every migration applied, cheap to create (dump or template copy).
 * `oneConnection`: on PostgreSQL too the app gets a single connection, as PGlite has. A request that asks
 * for a second one while its transaction holds the first would wait for ever; here it fails after 20 s,
 * naming its test, where PGlite's would hang the file.
 */
export async function freshDatabase({ oneConnection = false } = {}): Promise<DbHandle> {
  if (testEngine() === 'postgres')
    return postgresDatabase('', inject('postgresTemplate'), oneConnection ? ONE_CONNECTION : undefined);
  const dump = readFileSync(inject('pgliteDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return fromPglite(client);
}

/** A clock a test moves (`clock.at = new Date(…)`): the app reads "today" from it. */
export function movableClock(at: string): Clock & { at: Date } {
  return {
    at: new Date(at),
    now() {
      return new Date(this.at);
    },
    today() {
      return parisDay(this.at);
    },
  };
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  payload?: unknown;
  /** Leave out the XSRF cookie and header (to test the check itself). */
  noXsrf?: boolean;
  headers?: Record<string, string>;
}

export interface TestContext {
  app: App;
  handle: DbHandle;
  db: DbHandle['db'];
  config: Config;
  /** The clock the app reads "today" from (the one passed to createTestContext, or the system's). */
  clock: Clock;
  /** Calls the API; mutating calls carry a matching XSRF cookie and header unless told not to. */
  call(call: Call): Promise<LightMyRequestResponse>;
  /** Signs in through POST /oauth/token and returns the bearer token. */
  signIn(identifiant: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestContext(
  env: Record<string, string> = {},
  { oneConnection, ...options }: Pick<BuildOptions, 'clock' | 'onRoute'> & { oneConnection?: boolean } = {},
): Promise<TestContext> {
  return testContextOn(await freshDatabase({ oneConnection }), env, options);
}

/** The same, on a database the test opened itself (a restored backup); closing it closes the handle. */
export async function testContextOn(
  handle: DbHandle,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock' | 'onRoute'> = {},
): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, db: handle, ...options });
  await app.ready();
  const call = ({ method, url, token, payload, noXsrf, headers = {} }: Call) =>
    app.inject({
      method,
      url,
      payload: payload as never,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(noXsrf ? {} : { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF }),
        ...headers,
      },
    });
  return {
    app,
    handle,
    db: handle.db,
    config,
    clock: options.clock ?? systemClock,
    call,
    async signIn(identifiant, password = PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username: identifiant, password }).toString(),
      });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${identifiant} failed: ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * Runs one test on a database of its own, for what is the whole building's rather than a record's (the
 * open planning years, the list of every entity): no other test of the file can change what it sees.
 */
export async function onItsOwnDatabase<T>(test: (t: TestContext) => Promise<T>): Promise<T> {
  const t = await createTestContext();
  try {
    return await test(t);
  } finally {
    await t.close();
  }
}

let passwordHash: Promise<string> | undefined;

/** Creates a user who can sign in with PASSWORD. */
export async function createUser(
  db: DbHandle['db'],
  fields: {
    identifiant: string;
    habilitations?: Habilitation[];
    etat?: 'A' | 'I' | 'S';
    email?: string;
    nom?: string;
    prenom?: string;
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      identifiant: fields.identifiant,
      nom: fields.nom ?? 'Dupont',
      prenom: fields.prenom ?? 'Jean',
      email: fields.email ?? `${fields.identifiant}@exemple.fr`,
      habilitations: fields.habilitations ?? ['USER'],
      etat: fields.etat ?? 'A',
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    })
    .returning();
  return user!;
}

export async function createEntity(
  db: DbHandle['db'],
  fields: { code: string; nom?: string; type?: EntityType; etat?: 'A' | 'S' },
) {
  const [entity] = await db
    .insert(entities)
    .values({
      code: fields.code,
      nom: fields.nom ?? `Loge ${fields.code}`,
      type: fields.type ?? 'GODF',
      etat: fields.etat ?? 'A',
    })
    .returning();
  return entity!;
}

export async function addMembership(db: DbHandle['db'], fields: typeof memberships.$inferInsert) {
  const [row] = await db.insert(memberships).values(fields).returning();
  return row!;
}

export async function createRoom(
  db: DbHandle['db'],
  fields: Partial<typeof rooms.$inferInsert> & { nom: string },
) {
  const [row] = await db
    .insert(rooms)
    .values({ capacite: 50, couleur: '#1c7ed6', tarifHoraire: 3000, ...fields })
    .returning();
  return row!;
}
