/**
 * The realistic database the HTTP benchmarks run against, on PGlite (a temporary directory) or on
 * PostgreSQL (a fresh database next to BENCH_DATABASE_URL / TEST_DATABASE_URL): the Union, 40 lodges,
 * five rooms, 100,000 accounts with a membership each and 50,000 reservations over ten years, written by
 * SQL (generate_series) in seconds, plus one administrator of the Union and a live session of theirs;
 * and the lists of issue 18 (lists-dataset.ts): documents, accounting orders, a card's ledger, with the
 * people who read them.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { tokenHash } from '../src/lib/secrets';
import { addDays } from '@union/contract';
import { parisDay } from '../src/lib/dates';
import { LIST_PEOPLE, listsSql, type ListPerson } from './lists-dataset';

export const ACCOUNTS = 100_000;
export const RESERVATIONS = 50_000;
export const ROOMS = 5;
export const LODGES = 40;
export const YEARS = 10;
export const DAYS = YEARS * 365;

export interface Dataset {
  /** « PGlite » or « PostgreSQL ». */
  label: string;
  /** What a server needs to open this database: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** The same for the floor: PGlite serves one process, so the floor opens a copy of the directory. */
  floorEnv: Record<string, string>;
  /** The bearer token of `bench-admin` (USER, ADMIN, PLANNING; Union staff). */
  token: string;
  /** The bearer tokens of the lists' readers (lists-dataset.ts `LIST_PEOPLE`). */
  tokens: Record<ListPerson, string>;
  lodgeIds: number[];
  /** The first day holding reservations; they run over DAYS days from it. */
  firstDay: string;
  seedSeconds: number;
  cleanup(): Promise<void>;
}

const FIRST = [
  'Jean',
  'Hélène',
  'François',
  'Zoé',
  'Élodie',
  'André',
  'Cécile',
  'Loïc',
  'Marie',
  'Noël',
  'Agnès',
  'Jérôme',
];
const LAST = [
  'Martin',
  'Lefèvre',
  'Dubois',
  'Garçon',
  'Bérard',
  'Chênevière',
  'Moreau',
  'Fournier',
  'Müller',
  'Roux',
  'Pétain',
  'Lagarde',
];
/**
 * Syllables of the other family names: 23 × 19 × 17 combinations (about 7,400 names), none of which
 * contains a text the benchmark searches for.
 */
const SYLLABLES = [
  'ba',
  'ro',
  'ti',
  'ven',
  'dal',
  'mor',
  'que',
  'san',
  'lu',
  'pa',
  'gri',
  'cor',
  'fa',
  'ni',
  'bel',
  'tra',
  'do',
  'mi',
  'vi',
  'ju',
  'ra',
  'pe',
  'co',
];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

function seedSql(firstDay: string, tokenHashHex: string): string {
  // Names as in a real register: one account in ten bears one of the twelve common family names
  // (0.8 % each, as many as the commonest French name and more), the others one of some 7,400 names;
  // family and first names vary independently. (Twelve family names tied to twelve first names, as
  // before, made every name search match 8,000 accounts grouped in one place of the alphabet.)
  // Three slots per room and day that never overlap; consecutive rows share a day, a room every fifth.
  const perDay = RESERVATIONS / DAYS;
  return `
    -- A bulk load, as a real migration would do it: the trigram index is built once at the end.
    DROP INDEX IF EXISTS users_search_trgm;
    INSERT INTO entities (code, nom, type) VALUES ('UNION', 'Union', 'UN');
    INSERT INTO entities (code, nom, type)
      SELECT 'LOGE-' || i, 'Loge n° ' || i, 'GODF' FROM generate_series(1, ${LODGES}) i;
    INSERT INTO rooms (nom, capacite, couleur, tarif_horaire)
      SELECT 'Salle ' || i, 50 * i, '#228be6', 3000 FROM generate_series(1, ${ROOMS}) i;
    INSERT INTO users (identifiant, nom, prenom, email, habilitations)
      VALUES ('bench-admin', 'Banc', 'Admin', 'bench-admin@exemple.fr', ARRAY['USER', 'ADMIN', 'PLANNING']);
    INSERT INTO memberships (user_id, entity_id, gestion, reservation)
      SELECT u.id, e.id, true, true FROM users u, entities e WHERE u.identifiant = 'bench-admin' AND e.code = 'UNION';
    INSERT INTO access_tokens (token_hash, user_id, expires_at)
      SELECT '${tokenHashHex}', id, now() + interval '1 day' FROM users WHERE identifiant = 'bench-admin';
    INSERT INTO users (identifiant, nom, prenom, email, habilitations, etat)
      SELECT 'membre' || i,
             CASE WHEN i % 10 = 0 THEN (${sqlArray(LAST)})[1 + (i / 10) % ${LAST.length}]
                  ELSE initcap((${sqlArray(SYLLABLES)})[1 + i % 23] || (${sqlArray(SYLLABLES)})[1 + (i / 23) % 19]
                               || (${sqlArray(SYLLABLES)})[1 + (i / 437) % 17]) END
               || CASE WHEN i % 97 = 0 THEN '-Lambert' ELSE '' END,
             (${sqlArray(FIRST)})[1 + abs(hashint4(i)) % ${FIRST.length}],
             'membre' || i || '@exemple.fr',
             CASE i % 4 WHEN 0 THEN ARRAY['USER'] WHEN 1 THEN ARRAY['USER', 'RESTAURATION']
                        WHEN 2 THEN ARRAY['USER', 'LOGE'] ELSE ARRAY['USER', 'PLANNING'] END,
             CASE WHEN i % 50 = 0 THEN 'I' ELSE 'A' END
      FROM generate_series(0, ${ACCOUNTS - 1}) i;
    INSERT INTO memberships (user_id, entity_id, debut, reservation)
      SELECT u.id, (SELECT min(id) FROM entities WHERE type = 'GODF') + u.id % ${LODGES}, DATE '2020-09-01', u.id % 10 = 0
      FROM users u WHERE u.identifiant LIKE 'membre%';
    INSERT INTO reservations (room_id, entity_id, jour, debut, fin, type, libelle, etat, requested_by_id)
      SELECT (SELECT min(id) FROM rooms) + i % ${ROOMS},
             (SELECT min(id) FROM entities WHERE type = 'GODF') + i % ${LODGES},
             DATE '${firstDay}' + floor(i / ${perDay})::int,
             (ARRAY[480, 840, 1140])[1 + (i / ${ROOMS}) % 3],
             (ARRAY[600, 960, 1320])[1 + (i / ${ROOMS}) % 3],
             CASE WHEN i % 3 = 0 THEN 'TC' ELSE 'REU' END,
             'Réunion ' || i,
             CASE WHEN i % 20 = 0 THEN 'DC' ELSE 'CR' END,
             (SELECT id FROM users WHERE identifiant = 'bench-admin')
      FROM generate_series(0, ${RESERVATIONS - 1}) i;
    CREATE INDEX users_search_trgm ON users USING gin (search_text gin_trgm_ops);`;
}

/**
 * Creates, migrates and fills the database; `kind` postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 * `lists`: with the lists of issue 18 (lists-dataset.ts), which only lists.bench.ts reads; their
 * documents' text is most of the load on PGlite (minutes on a loaded machine), so the other benches
 * go without.
 */
export async function prepareDataset(
  kind: 'pglite' | 'postgres',
  { lists = true }: { lists?: boolean } = {},
): Promise<Dataset> {
  const token = randomBytes(32).toString('base64url');
  const tokens = Object.fromEntries(
    Object.keys(LIST_PEOPLE).map((who) => [who, randomBytes(32).toString('base64url')]),
  ) as Record<ListPerson, string>;
  const firstDay = addDays(parisDay(), -Math.floor(DAYS / 2));
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'union-bench-'));
    env = { DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('BENCH_DATABASE_URL (ou TEST_DATABASE_URL) est requis pour PostgreSQL.');
    // Beside the given database, named after it (`<database>_bench_<pid>`): on a shared server each
    // one's bench databases stay within their own names.
    const name = `${new URL(adminUrl).pathname.slice(1) || 'union'}_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const start = performance.now();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  await migrate(handle);
  await handle.exec(seedSql(firstDay, tokenHash(token)));
  if (lists)
    await handle.exec(
      listsSql(
        Object.fromEntries(Object.entries(tokens).map(([who, t]) => [who, tokenHash(t)])) as Record<
          ListPerson,
          string
        >,
      ),
    );
  await handle.exec('ANALYZE');
  const lodgeIds = (
    await handle.rows<{ id: number }>("SELECT id FROM entities WHERE type = 'GODF' ORDER BY id")
  ).map((r) => r.id);
  await handle.close();
  let floorEnv = env;
  if (env.DATA_DIR) {
    const copy = `${env.DATA_DIR}-plancher`;
    cpSync(env.DATA_DIR, copy, { recursive: true });
    floorEnv = { DATA_DIR: copy };
    const dropOriginal = drop;
    drop = async () => {
      await dropOriginal();
      rmSync(copy, { recursive: true, force: true });
    };
  }
  return {
    label: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    env,
    floorEnv,
    token,
    tokens,
    lodgeIds,
    firstDay,
    seedSeconds: (performance.now() - start) / 1000,
    cleanup: drop,
  };
}
