import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = process.env.TEST_DB === 'postgres';

// The API suite runs on PGlite by default and on PostgreSQL with TEST_DB=postgres (TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // On PostgreSQL only the tests that reach a database run again: the pure unit tests beside the code
    // (src/**) would give the same answer twice, the data-directory lock is PGlite's own, and the build
    // test reads files, not a database.
    include: onPostgres ? ['test/**/*.test.ts'] : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      // The embedded database's own folder and backup: PGlite's alone.
      ...(onPostgres
        ? [
            'test/build.test.ts',
            'test/data-dir-lock.test.ts',
            'test/data-dir-permissions.test.ts',
            'test/backup-embedded.test.ts',
          ]
        : []),
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
