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

/** Brings the schema up to date; safe to call at every start. */
export async function migrate(handle: DbHandle): Promise<string[]> {
  await handle.exec(`CREATE TABLE IF NOT EXISTS __migrations (
    tag text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const journal = JSON.parse(await readFile(`${MIGRATIONS_DIR}meta/_journal.json`, 'utf8')) as Journal;
  const applied = new Set(
    (await handle.rows<{ tag: string }>('SELECT tag FROM __migrations')).map((r) => r.tag),
  );
  const done: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    if (applied.has(entry.tag)) continue;
    const sql = await readFile(`${MIGRATIONS_DIR}${entry.tag}.sql`, 'utf8');
    const hash = createHash('sha256').update(sql).digest('hex');
    const statements = sql.split('--> statement-breakpoint').filter((s) => s.trim());
    // One migration, one transaction: a failing statement leaves the schema as it was.
    await handle.exec(
      [
        'BEGIN',
        ...statements,
        `INSERT INTO __migrations (tag, hash) VALUES ('${entry.tag}', '${hash}')`,
        'COMMIT',
      ]
        .map((s) => s.trim().replace(/;$/, ''))
        .join(';\n'),
    );
    done.push(entry.tag);
  }
  return done;
}
