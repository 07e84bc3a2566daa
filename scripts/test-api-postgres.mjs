// Runs the API suite a second time on the real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL non défini : la suite API sur PostgreSQL est sautée (PGlite seulement).');
  process.exit(0);
}
const run = spawnSync('npm', ['run', 'test:postgres', '-w', '@union/api'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
