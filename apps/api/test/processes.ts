/**
 * The server and the operator's commands as real processes, compiled as production runs them (`node
 * dist/server.js`), for the tests of how the Intranet is operated.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { SYSTEMPAY_TEST_KEY } from '../src/config';
import { PGLITE_EXTENSIONS, fromPostgres, openDatabase, type DbHandle } from '../src/db/client';
import { FAST_COMMITS, copyPrefix, databaseUrlFor, dropTestDatabase, testEngine } from './engine';

export const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The run's compiled server and commands, built once by global-setup.ts into a folder of the suite's own
 * (the build test rebuilds dist/ meanwhile). Plain Node starts them in a fraction of what tsx takes to
 * compile the sources at each start, and they are what production runs.
 */
const BUILT = 'test-dist';

export function buildForProcessTests() {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', BUILT], {
    cwd: apiRoot,
    stdio: 'inherit',
  });
}

/** Node's arguments to run a compiled entry (server, backup, restore, migrate, create-admin). */
export const compiled = (entry: string, ...args: string[]) => [
  '--enable-source-maps',
  join(apiRoot, BUILT, `${entry}.js`),
  ...args,
];

/** What a production server needs besides its database. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  OAUTH_CLIENT_SECRET: 'secret-client-des-tests-de-processus',
  SYSTEMPAY_KEY: SYSTEMPAY_TEST_KEY.split('').reverse().join(''),
  SECOND_FACTOR_KEY: 'f'.repeat(64),
  PUBLIC_URL: 'https://intranet.exemple.fr',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Fills `dataDir` (made private, as the server wants it) with the run's migrated embedded database, the
 * dump global-setup.ts made once: a server or a command then opens a database already up to date instead
 * of creating one (PGlite's initdb and every migration, most of a process test's start). A test of what
 * happens to a new directory starts from an empty one instead.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
  const client = await PGlite.create({ dataDir, loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  await client.close();
  return dataDir;
}

/** A process test's own database, migrated, on the run's engine. */
export interface ProcessDatabase {
  /** What a server or a command needs to reach it: DATABASE_URL, or DATA_DIR. */
  env: Record<string, string>;
  /** A folder of the test's own beside it (settings files, backups), removed with it. */
  work: string;
  /** Opens it from the test, while no server holds it (PGlite: one process per directory). */
  open(): Promise<DbHandle>;
  /** Removes it and the folder (afterAll). */
  drop(): Promise<void>;
}

/**
 * A database for servers and commands run as processes: on PostgreSQL a copy of the run's migrated
 * template (named so that the run's teardown drops it if the file crashes), on PGlite a directory
 * filled by `migratedDataDir`. `label`: lower-case letters, for the names.
 */
export async function processDatabase(label: string): Promise<ProcessDatabase> {
  const work = mkdtempSync(join(tmpdir(), `union-${label}-`));
  if (testEngine() === 'pglite') {
    const dataDir = await migratedDataDir(join(work, 'donnees'));
    return {
      env: { DATA_DIR: dataDir },
      work,
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(work, { recursive: true, force: true }),
    };
  }
  const template = inject('postgresTemplate');
  const name = `${copyPrefix(template)}${label}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.query(FAST_COMMITS(name));
  await admin.end();
  return {
    env: { DATABASE_URL: databaseUrlFor(name) },
    work,
    open: async () => fromPostgres(databaseUrlFor(name)),
    drop: async () => {
      rmSync(work, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await dropTestDatabase(client, name);
      await client.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output(): string;
}

const running: ChildProcess[] = [];
/** Kills what a test left running (afterAll). */
export function killAll() {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts the compiled server with `env` (over PRODUCTION_ENV and PATH only) and waits until it listens.
 * `stdout: 'closed'`: the reader of its output is gone from the start (`| head`); its output is then
 * stderr only, and it is known to listen when `/api/health` answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { stdout?: 'pipe' | 'closed' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, compiled('server'), {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, ...PRODUCTION_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  if (options.stdout === 'closed') child.stdout!.destroy();
  else child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  const base = `http://127.0.0.1:${port}`;
  // Listening: the line on stdout, or (stdout closed by the test) the health answer.
  for (;;) {
    if (child.exitCode !== null || Date.now() - started > 60_000)
      throw new Error(`the server did not start:\n${output}`);
    if (output.includes('prêt sur')) break;
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, exited, output: () => output };
}

/**
 * Waits until the server counts `count` requests received and not yet answered (`/metrics`, which needs
 * METRICS_TOKEN): a request sent in pieces is then known to be in the server's hands, not in a buffer.
 */
export async function untilRequestsInProgress(base: string, metricsToken: string, count: number) {
  const started = Date.now();
  for (;;) {
    const text = await (
      await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    ).text();
    if (new RegExp(`^http_requests_in_progress ${count}$`, 'm').test(text)) return;
    if (Date.now() - started > 30_000) throw new Error(`never ${count} requests in progress:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs the compiled command NAME (scripts/NAME.ts) with `env` (over PATH only): its exit code and output. */
export async function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, compiled(name, ...args), {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}
