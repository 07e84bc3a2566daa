/**
 * `npx tsx scripts/make-upgrade-fixture.ts [NAME] [--out DIR]` (from apps/api), once per release:
 * the database this release's code makes (every migration of its journal, then the demo data), written as
 * the committed fixture that `test/upgrade.test.ts` migrates to every later version.
 *
 * It needs a PostgreSQL where the role may create databases (`FIXTURE_DATABASE_URL`, else
 * `TEST_DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/test) and `pg_dump` (`PG_BIN_DIR`, else the
 * PATH): the database is built in a scratch database there, dumped as plain SQL (INSERTs, no owner, no
 * privileges: it loads on PGlite and on PostgreSQL alike) and dropped. It writes NAME.sql.gz and NAME.json
 * (the release's last migration, every migration applied, the row count of every table) into DIR
 * (test/fixtures/upgrade by default). NAME defaults to `<day>-<last migration>`.
 *
 * Only relative imports of this release's own code: the same file, copied into an older checkout, makes
 * that release's fixture with that release's code (docs/decisions/upgrades.md).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { fromPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo';

const { values, positionals } = parseArgs({
  options: { out: { type: 'string' } },
  allowPositionals: true,
});
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = values.out ?? join(apiDir, 'test/fixtures/upgrade');
const serverUrl =
  process.env.FIXTURE_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const pgDump = process.env.PG_BIN_DIR ? join(process.env.PG_BIN_DIR, 'pg_dump') : 'pg_dump';

const scratch = `union_fixture_${randomBytes(5).toString('hex')}`;
const scratchUrl = new URL(serverUrl);
scratchUrl.pathname = `/${scratch}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
try {
  const handle = fromPostgres(scratchUrl.toString());
  let applied: string[];
  const rowCounts: Record<string, number> = {};
  try {
    applied = await migrate(handle);
    if (!(await seedDemoIfEmpty(handle.db))) throw new Error('the demo data was not written');
    const tables = await handle.rows<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    for (const { name } of tables) {
      const [row] = await handle.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      rowCounts[name] = row!.n;
    }
  } finally {
    await handle.close();
  }
  const dump = spawnSync(
    pgDump,
    [
      '--format=plain',
      '--no-owner',
      '--no-privileges',
      '--rows-per-insert=100',
      '--dbname',
      scratchUrl.toString(),
    ],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr || dump.error?.message}`);
  // pg_dump ≥ 17.6 frames its output with psql-only `\restrict KEY` lines, which no SQL engine reads.
  const sql = dump.stdout
    .split('\n')
    .filter((line) => !/^\\(un)?restrict \w+$/.test(line))
    .join('\n');
  const last = applied.at(-1)!;
  const name = positionals[0] ?? `${new Date().toISOString().slice(0, 10)}-${last}`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.sql.gz`), gzipSync(sql, { level: 9 }));
  const manifest = {
    release: name,
    madeOn: new Date().toISOString(),
    commit: gitCommit(),
    apiVersion: (JSON.parse(readFileSync(join(apiDir, 'package.json'), 'utf8')) as { version: string })
      .version,
    pgDump: spawnSync(pgDump, ['--version'], { encoding: 'utf8' }).stdout.trim(),
    lastMigration: last,
    // The demo accounts' password at this release (the test signs in with it, whatever it is later).
    demoPassword: DEMO_PASSWORD,
    migrations: applied,
    rowCounts,
  };
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Fixture ${name}: ${applied.length} migrations, up to ${last}, written to ${outDir}`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}

function gitCommit(): string | null {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: apiDir, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : process.env.FIXTURE_COMMIT || null;
}
