/**
 * Upgrades (issue 19): a database made by an earlier release, with its data, is migrated to this version.
 *
 * Each fixture of test/fixtures/upgrade is the database a release's own code made (its migrations, then
 * its demo data), dumped as plain SQL by scripts/make-upgrade-fixture.ts, with a manifest: the release's
 * migrations and the row count of every table. Each is loaded into an empty database (PGlite, or
 * PostgreSQL with TEST_DB=postgres), migrated by `migrate()` as a server start or `npm run migrate` does,
 * and then must: hold every migration of the journal; have lost no row; have the very schema of a
 * database migrated from nothing; and answer as the app (a demo account signs in with the release's
 * password, lists the users, reads a week of meals and an invoice).
 *
 * Today: 2026-11-23-0019_meal_agapes (made by commit 5f387f7's code, three migrations behind) and
 * 2026-11-25-0022_backups (this release: no migration behind yet; every migration added after it runs
 * on it here). At each release, add its fixture (scripts/make-upgrade-fixture.ts) and keep the older
 * ones. See docs/decisions/upgrades.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { MealWeek, OrderDetail, UserSearchResult } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { migrate, pendingMigrations } from '../src/db/migrate';
import { emptyDatabase, freshDatabase, testContextOn, type TestContext } from './helpers';

interface Manifest {
  release: string;
  commit: string | null;
  lastMigration: string;
  demoPassword: string;
  migrations: string[];
  rowCounts: Record<string, number>;
}

const FIXTURES = new URL('./fixtures/upgrade/', import.meta.url);
const fixtures: Manifest[] = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')) as Manifest);

const journalTags = (): string[] =>
  (
    JSON.parse(readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    }
  ).entries
    .sort((a, b) => a.idx - b.idx)
    .map((e) => e.tag);

/**
 * Loads a fixture's SQL, all or nothing. pg_dump's script empties the session's search_path (it names
 * every object with its schema): RESET ALL gives the connection back as it was.
 */
async function loadFixture(handle: DbHandle, release: string): Promise<void> {
  const sql = gunzipSync(readFileSync(new URL(`${release}.sql.gz`, FIXTURES))).toString('utf8');
  await handle.exec(`BEGIN;\n${sql}\nCOMMIT;\nRESET ALL;`);
}

async function rowCounts(handle: DbHandle): Promise<Record<string, number>> {
  const tables = await handle.rows<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await handle.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    counts[name] = row!.n;
  }
  return counts;
}

/**
 * What makes a schema, as text to compare: columns (type, null, default, generation), tables' storage
 * options, indexes, constraints, triggers, our own functions (not the extensions'), sequences.
 */
async function schemaOf(handle: DbHandle): Promise<string[]> {
  const rows = await handle.rows<{ line: string }>(`
    SELECT concat_ws(' ', 'column', table_name, column_name, data_type, udt_name, is_nullable,
                     column_default, is_generated, generation_expression) AS line
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL
    SELECT concat_ws(' ', 'table', relname, relkind, array_to_string(reloptions, ','))
      FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'S', 'v', 'm')
    UNION ALL
    SELECT concat_ws(' ', 'index', indexdef) FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL
    SELECT concat_ws(' ', 'constraint', conrelid::regclass::text, conname, pg_get_constraintdef(oid))
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL
    SELECT concat_ws(' ', 'trigger', pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT concat_ws(' ', 'function', pg_get_functiondef(p.oid)) FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT concat_ws(' ', 'extension', extname) FROM pg_extension`);
  return rows.map((r) => r.line).sort();
}

let freshSchema: string[];
beforeAll(async () => {
  const fresh = await freshDatabase();
  try {
    freshSchema = await schemaOf(fresh);
  } finally {
    await fresh.close();
  }
});

it('has a fixture of a release, whose migrations are the start of this journal', () => {
  expect(fixtures.length).toBeGreaterThan(0);
  for (const fixture of fixtures) {
    // A release's migrations are never renamed, reordered or removed: the fixture's list is the
    // journal's beginning, and its last migration is in the journal.
    expect(journalTags(), fixture.release).toContain(fixture.lastMigration);
    expect(journalTags().slice(0, fixture.migrations.length), fixture.release).toEqual(fixture.migrations);
    expect(fixture.migrations.at(-1)).toBe(fixture.lastMigration);
  }
});

it('keeps a fixture older than the journal’s end, so that later migrations run on real data', () => {
  // The fixtures are kept: deleting the older ones would leave only the current release's, with no
  // migration to apply, and the test would prove nothing.
  expect(fixtures.some((f) => f.migrations.length < journalTags().length)).toBe(true);
});

describe.each(fixtures.map((f) => [f.release, f] as const))('the database of release %s', (_, fixture) => {
  let handle: DbHandle;
  let t: TestContext | undefined;
  let loadedCounts: Record<string, number>;
  let loadedTags: string[];
  let applied: string[];
  let upgradedCounts: Record<string, number>;
  let upgradedSchema: string[];

  beforeAll(async () => {
    handle = await emptyDatabase();
    await loadFixture(handle, fixture.release);
    loadedCounts = await rowCounts(handle);
    loadedTags = (await handle.rows<{ tag: string }>('SELECT tag FROM __migrations')).map((r) => r.tag);
    applied = await migrate(handle);
    // Read before any test signs in (which writes tokens and an audit line).
    upgradedCounts = await rowCounts(handle);
    upgradedSchema = await schemaOf(handle);
    t = await testContextOn(handle);
  }, 120_000);
  afterAll(async () => {
    if (t) await t.close();
    else await handle?.close();
  });

  it('loads as the release left it: its migrations, its rows', () => {
    expect(loadedTags.sort()).toEqual([...fixture.migrations].sort());
    expect(loadedCounts).toEqual(fixture.rowCounts);
    expect(loadedCounts.users).toBeGreaterThan(100);
  });

  it('gets every later migration of the journal, in order, and then none is pending', async () => {
    expect(applied).toEqual(journalTags().slice(fixture.migrations.length));
    const recorded = await handle.rows<{ tag: string }>('SELECT tag FROM __migrations');
    expect(recorded.map((r) => r.tag).sort()).toEqual([...journalTags()].sort());
    expect(await pendingMigrations(handle)).toEqual([]);
    expect(await migrate(handle)).toEqual([]);
  });

  it('keeps every row of every table (the migrations record grows by the migrations applied)', () => {
    for (const [table, n] of Object.entries(fixture.rowCounts)) {
      const expected = table === '__migrations' ? n + applied.length : n;
      expect(upgradedCounts[table], table).toBe(expected);
    }
  });

  it('has the books of what it recorded: one balanced entry per invoice, credit note and payment (0036)', async () => {
    if (!applied.includes('0036_journal')) return;
    const [expected] = await handle.rows<{ n: number }>(
      `SELECT (SELECT count(*) FROM accounting_orders WHERE numero_facture IS NOT NULL AND total <> 0)
            + (SELECT count(*) FROM accounting_credit_notes) + (SELECT count(*) FROM accounting_payments) AS n`,
    );
    const entries = await handle.rows<{ journal: string; annee: number; rang: number; gap: number }>(
      `SELECT e.journal, e.annee, e.rang, sum(l.debit - l.credit)::int AS gap
       FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
       GROUP BY e.id ORDER BY e.journal, e.annee, e.rang`,
    );
    expect(entries.length).toBe(Number(expected!.n));
    expect(entries.length).toBeGreaterThan(0);
    const last = new Map<string, number>();
    for (const e of entries) {
      expect(e.gap).toBe(0);
      expect(e.rang).toBe((last.get(`${e.journal}${e.annee}`) ?? 0) + 1);
      last.set(`${e.journal}${e.annee}`, e.rang);
    }
  });

  it('has the schema of a database migrated from nothing', () => {
    expect(upgradedSchema).toEqual(freshSchema);
  });

  it('answers as the app: a demo account signs in, lists the users, reads a week of meals and an invoice', async () => {
    const token = await t!.signIn('admin', fixture.demoPassword);

    const users = await t!.call({ method: 'POST', url: '/api/user/search', token, payload: {} });
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json<UserSearchResult>().total).toBe(fixture.rowCounts.users);
    // A name search goes through the search text and sort keys the migrations maintain.
    const found = await t!.call({
      method: 'POST',
      url: '/api/user/search',
      token,
      payload: { texte: 'secretan' },
    });
    expect(found.json<UserSearchResult>().lignes.map((l) => l.identifiant)).toEqual(['secretariat']);

    const [meal] = await handle.rows<{ id: number; jour: string }>(
      "SELECT id, to_char(jour, 'YYYY-MM-DD') AS jour FROM meals ORDER BY jour, id LIMIT 1",
    );
    const week = await t!.call({ method: 'GET', url: `/api/repas/search/${meal!.jour}`, token });
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json<MealWeek>().repas.map((r) => r.id)).toContain(meal!.id);

    const [invoice] = await handle.rows<{ id: number; objet: string; numero: string }>(
      'SELECT id, objet, numero_facture AS numero FROM accounting_orders WHERE numero_facture IS NOT NULL ORDER BY id LIMIT 1',
    );
    const detail = await t!.call({ method: 'GET', url: `/api/compta/commande/${invoice!.id}/infos`, token });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<OrderDetail>()).toMatchObject({
      objet: invoice!.objet,
      numeroFacture: invoice!.numero,
    });
    const pdf = await t!.call({
      method: 'GET',
      url: `/api/compta/commande/${invoice!.id}/document/facture`,
      token,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
