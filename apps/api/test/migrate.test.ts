import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { freshDatabase } from './helpers';

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(() => handle.close());

it('has applied every migration of the journal once, and applies nothing the second time', async () => {
  const journal = JSON.parse(
    readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  );
  const applied = await handle.rows<{ tag: string }>('SELECT tag FROM __migrations ORDER BY tag');
  expect(applied.map((r) => r.tag)).toEqual(journal.entries.map((e: { tag: string }) => e.tag).sort());
  expect(await migrate(handle)).toEqual([]);
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
