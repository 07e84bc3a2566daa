import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * PGlite's alone, never run on PostgreSQL: its data folder, its lock and rights, its backup, the build
 * started on it as `npm start` does.
 */
const PGLITE_ONLY_FILES = [
  'test/build.test.ts',
  'test/data-dir-lock.test.ts',
  'test/data-dir-permissions.test.ts',
  'test/backup-embedded.test.ts',
];

/**
 * What PGlite runs again after a whole pass on PostgreSQL (`TEST_FILES=embedded`, scripts/test-api.mjs on
 * CI): what the embedded engine does differently. The rest is the same SQL through the same code, and
 * runs once, on PostgreSQL; without PostgreSQL, everything runs on PGlite. PGlite's one connection is
 * not a reason to run a file again: the files that call every route give the app one connection on
 * PostgreSQL too (`oneConnection`, test/helpers.ts).
 */
const EMBEDDED_ENGINE_FILES = [
  ...PGLITE_ONLY_FILES,
  // Backups, restores and the settings file's passphrase (a data directory's archive, not pg_dump), the
  // nightly job (db/alone.ts runs it without an advisory lock), a server stopped, killed and restarted on
  // the directory it held.
  'test/backup-restore.test.ts',
  'test/backup-job.test.ts',
  'test/restore-in-use.test.ts',
  'test/settings-file.test.ts',
  'test/stop-process.test.ts',
  'test/operations-process.test.ts',
  // The migrations and the demo data, on the engine `npm start` runs.
  'test/migrate.test.ts',
  'test/upgrade.test.ts',
  'test/demo-seed.test.ts',
  // Where the drivers differ: a refusal's shape (lib/constraints.ts), French order without ICU,
  // sessions kept in memory (auth/session-cache.ts), documents' chunks through base64.
  'test/errors.test.ts',
  'test/french-order.test.ts',
  'test/session-changes.test.ts',
  'test/documents.test.ts',
];

// A file renamed or removed would otherwise leave the list silently.
for (const file of EMBEDDED_ENGINE_FILES)
  if (!existsSync(new URL(file, import.meta.url)))
    throw new Error(`EMBEDDED_ENGINE_FILES : ${file} n’existe plus.`);

const include =
  process.env.TEST_FILES === 'embedded' ? EMBEDDED_ENGINE_FILES : ['src/**/*.test.ts', 'test/**/*.test.ts'];

// The API suite runs on PGlite by default and on PostgreSQL with TEST_DB=postgres (TEST_DATABASE_URL).
export default defineConfig({
  test: {
    include,
    exclude: [
      ...configDefaults.exclude,
      ...(onPostgres ? PGLITE_ONLY_FILES : []),
      // The README's production commands are the PostgreSQL ones; several instances share one PostgreSQL.
      ...(onPostgres ? [] : ['test/production-postgres.test.ts', 'test/several-instances.test.ts']),
    ],
    globalSetup: ['test/global-setup.ts'],
    // A test that takes 10 to 15 s alone (a backup, a real process) has taken three times as long on CI
    // beside the other files, past a 30 s limit (the encrypted backup’s round trip, once). A limit only
    // delays a failure: a passing test takes no longer for it. The longest tests set their own.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file gets its own database. On PGlite the database runs inside the worker, so two workers fill
    // the two cores (a third made no difference: 149 s against 144). On PostgreSQL a worker also waits for
    // the server's answers, and with two a fifth of the processor time stayed idle: a third worker fills
    // it (68–77 s against 83–85 s on a quiet machine).
    maxWorkers: onPostgres ? 3 : 2,
    // A worker runs its files one after the other in the same module registry: the app, Fastify, Drizzle
    // and the PDF and spreadsheet libraries are loaded once per worker, not once per file (that loading
    // was a third of the suite's processor time: 174 s of 600 on PGlite, 147 of 285 on PostgreSQL).
    // What a file needs of its own it builds itself (its database, its app, its clock); what a module
    // keeps for the whole process (the import slots, the metrics' counters, the untrusted worker) is
    // shared by every request in production too, and no test may count on finding it fresh.
    isolate: false,
    // The tests of a file run in an order other than the written one, the same on every run (a fixed
    // seed, so a failure is reproduced by running again): a test that leans on what an earlier one
    // left behind fails here rather than the day someone runs it alone (`-t`) or moves it.
    sequence: { shuffle: { files: false, tests: true }, seed: 20261125 },
  },
});
