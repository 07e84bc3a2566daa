/**
 * Applies the SQL migrations of ./migrations in journal order, once each, recorded in `__migrations`.
 * Our own runner because drizzle-kit's PGlite runner does not load the extensions the SQL needs.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * Every migration transaction first takes this transaction-scoped advisory lock: several instances
 * starting together against one PostgreSQL queue up instead of applying the same migration twice.
 */
const MIGRATION_LOCK = 'SELECT pg_advisory_xact_lock(712004331)';

/** Is this the unique violation of `__migrations` (another instance recorded the migration first)? */
const alreadyRecorded = (error: unknown) =>
  (error as { code?: string }).code === '23505' && /__migrations/.test(String((error as Error).message));

let journalTags: Promise<string[]> | undefined;
/** The tags of the journal, read once: the files do not change while the process runs. */
function migrationTags(): Promise<string[]> {
  journalTags ??= readFile(`${MIGRATIONS_DIR}meta/_journal.json`, 'utf8').then((text) =>
    (JSON.parse(text) as Journal).entries.sort((a, b) => a.idx - b.idx).map((e) => e.tag),
  );
  return journalTags;
}

/**
 * The migrations of this build not yet applied to the database, in order (all of them on a database
 * never migrated). Two small queries: `/api/ready` asks at every probe. Throws when the database does not answer.
 */
export async function pendingMigrations(handle: DbHandle): Promise<string[]> {
  const tags = await migrationTags();
  // Asked first, so that a database never migrated is no failed statement in a PostgreSQL log.
  const [table] = await handle.rows<{ present: boolean }>(
    "SELECT to_regclass('__migrations') IS NOT NULL AS present",
  );
  if (!table?.present) return tags;
  const rows = await handle.rows<{ tag: string }>('SELECT tag FROM __migrations');
  const applied = new Set(rows.map((r) => r.tag));
  return tags.filter((tag) => !applied.has(tag));
}

/** The tags of the migrations this version of the code knows (a restore refuses a newer backup's). */
export function knownMigrations(): Promise<string[]> {
  return migrationTags();
}

/** Brings the schema up to date; safe to call at every start, from several instances at once. */
export async function migrate(handle: DbHandle): Promise<string[]> {
  await handle.exec(
    `BEGIN; ${MIGRATION_LOCK}; CREATE TABLE IF NOT EXISTS __migrations (
    tag text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()); COMMIT`,
  );
  const journal = JSON.parse(await readFile(`${MIGRATIONS_DIR}meta/_journal.json`, 'utf8')) as Journal;
  const applied = new Map(
    (await handle.rows<{ tag: string; hash: string }>('SELECT tag, hash FROM __migrations')).map((r) => [
      r.tag,
      r.hash,
    ]),
  );
  const done: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const sql = await readFile(`${MIGRATIONS_DIR}${entry.tag}.sql`, 'utf8');
    const hash = createHash('sha256').update(sql).digest('hex');
    if (applied.has(entry.tag)) {
      // A migration edited after it ran would leave this database unlike a fresh one: refuse to start.
      if (applied.get(entry.tag) !== hash) {
        throw new Error(
          `La migration ${entry.tag} a été modifiée après avoir été appliquée : écrivez une nouvelle migration.`,
        );
      }
      continue;
    }
    const statements = sql.split('--> statement-breakpoint').filter((s) => s.trim());
    // One migration, one transaction: a failing statement leaves the schema as it was. The record is
    // written first, so an instance that waited for the lock fails at once on it and skips the rest.
    try {
      await handle.exec(
        [
          'BEGIN',
          MIGRATION_LOCK,
          `INSERT INTO __migrations (tag, hash) VALUES ('${entry.tag}', '${hash}')`,
          ...statements,
          'COMMIT',
        ]
          .map((s) => s.trim().replace(/;$/, ''))
          .join(';\n'),
      );
    } catch (error) {
      if (alreadyRecorded(error)) continue;
      throw error;
    }
    done.push(entry.tag);
  }
  return done;
}
