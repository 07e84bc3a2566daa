import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgres, type DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { copyPrefix, databaseUrlFor, dropTestDatabase, testEngine } from './engine';
import { freshDatabase } from './helpers';

const journalTags = (): string[] =>
  JSON.parse(
    readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ).entries.map((e: { tag: string }) => e.tag);

/** Two handles on one empty database: two pools on PostgreSQL, the same client twice on PGlite. */
async function emptyDatabase(): Promise<{ handles: [DbHandle, DbHandle]; close: () => Promise<void> }> {
  if (testEngine() === 'postgres') {
    const name = `${copyPrefix(inject('postgresTemplate'))}empty_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const handles: [DbHandle, DbHandle] = [
      fromPostgres(databaseUrlFor(name)),
      fromPostgres(databaseUrlFor(name)),
    ];
    return {
      handles,
      close: async () => {
        await Promise.all(handles.map((h) => h.close()));
        await dropTestDatabase(admin, name);
        await admin.end();
      },
    };
  }
  const handle = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  return { handles: [handle, handle], close: () => handle.close() };
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(() => handle.close());

it('has applied every migration of the journal once, and applies nothing the second time', async () => {
  const applied = await handle.rows<{ tag: string }>('SELECT tag FROM __migrations ORDER BY tag');
  expect(applied.map((r) => r.tag)).toEqual(journalTags().sort());
  expect(await migrate(handle)).toEqual([]);
});

// Migrating an empty database twice over takes a while on a busy machine: a longer limit than the rest.
it(
  'applies each migration once when two instances start together on an empty database',
  { timeout: 120_000 },
  async () => {
    const { handles, close } = await emptyDatabase();
    try {
      const [first, second] = await Promise.all(handles.map((h) => migrate(h)));
      expect([...first!, ...second!].sort()).toEqual(journalTags().sort());
      const recorded = await handles[0].rows<{ n: number }>('SELECT count(*)::int AS n FROM __migrations');
      expect(recorded[0]!.n).toBe(journalTags().length);
    } finally {
      await close();
    }
  },
);

it('refuses to start when a migration was edited after it was applied', async () => {
  const [{ hash }] = (await handle.rows<{ hash: string }>(
    `SELECT hash FROM __migrations WHERE tag = '0001_foundation'`,
  )) as [{ hash: string }];
  await handle.exec(`UPDATE __migrations SET hash = 'edited' WHERE tag = '0001_foundation'`);
  try {
    await expect(migrate(handle)).rejects.toThrow(/0001_foundation a été modifiée/);
  } finally {
    // Put back as it was: the other tests of the file migrate this database again.
    await handle.exec(`UPDATE __migrations SET hash = '${hash}' WHERE tag = '0001_foundation'`);
  }
});

it('loads the extensions the schema relies on', async () => {
  const rows = await handle.rows<{ extname: string }>('SELECT extname FROM pg_extension');
  expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['btree_gist', 'pg_trgm', 'unaccent']));
});

it('keeps a single Union entity', async () => {
  await handle.exec(`INSERT INTO entities (code, nom, type) VALUES ('U1', 'Union', 'UN')`);
  await expect(
    handle.exec(`INSERT INTO entities (code, nom, type) VALUES ('U2', 'Autre Union', 'UN')`),
  ).rejects.toThrow();
});
