// The API suite, each test on one engine (docs/decisions/testing.md « The test run »):
// - without TEST_DATABASE_URL (a newcomer's machine): every test on PGlite, the embedded engine;
// - with it (CI): every test on PostgreSQL, the production engine, then on PGlite only what the embedded
//   engine does differently: its data folder, its backups, its start, its driver (`TEST_FILES=embedded`,
//   the list in apps/api/vitest.config.ts).
import { spawnSync } from 'node:child_process';

function vitest(env) {
  const run = spawnSync('npm', ['test', '-w', '@union/api'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL non défini : toute la suite API sur PGlite.');
  vitest({ TEST_DB: 'pglite' });
} else {
  console.log('== Suite API sur PostgreSQL');
  vitest({ TEST_DB: 'postgres' });
  console.log('== Suite API sur PGlite : ce que le moteur embarqué fait autrement');
  vitest({ TEST_DB: 'pglite', TEST_FILES: 'embedded' });
}
