/**
 * Each engine's own tools (DECISIONS §8): PGlite's data directory copied whole by the process that
 * holds it; PostgreSQL's `pg_dump` (custom format, one consistent snapshot while people work) and
 * `pg_restore` (in one transaction: a failed restore leaves the database empty, not half filled).
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS, type DbHandle } from '../../db/client';
import { tryExclusiveInstanceLock } from '../../db/instance-lock';
import { LOCK_FILE_NAME, lockDataDir, makePrivate } from '../../db/lock';
import { knownMigrations } from '../../db/migrate';
import { BackupError, type BackupHeader } from './format';

/**
 * Brotli at quality 6 with a 16 MiB window: the data directory's tar (three copies of the system
 * catalogues, a 16 MiB WAL segment) repeats itself megabytes apart, beyond gzip's 32 KiB window.
 * Measured in docs/decisions/backups.md.
 */
const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_LGWIN]: 24 },
};
const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** The connection string without its password, which goes to the tool through PGPASSWORD (not `ps`). */
function libpqTarget(url: string, binDir?: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    tool: (name: string) => (binDir ? join(binDir, name) : name),
  };
}

/** Runs a PostgreSQL tool; its error output becomes the French refusal's detail. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} est introuvable : installez les outils clients de PostgreSQL (paquet postgresql-client, de la version du serveur ou plus récente) ou indiquez leur dossier dans PG_BIN_DIR.`
            : `${command} n’a pas pu être lancé : ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolvePromise()
        : reject(
            new BackupError(`${command} a échoué (code ${String(code)}) : ${stderr.trim().slice(0, 2000)}`),
          ),
    );
    if (input && child.stdin) {
      child.stdin.on('error', () => undefined); // the tool's own failure is reported above
      const source = createReadStream(input);
      // Without a listener, a file that cannot be read would end the process with an uncaught error.
      source.on('error', (error) => {
        child.kill();
        reject(new BackupError(`Le fichier ${input} n’a pas pu être lu : ${error.message}`));
      });
      source.pipe(child.stdin);
    }
  });
}

/** Writes the database's payload to `path` and says what it is. */
export async function dumpPayload(
  handle: DbHandle,
  path: string,
  options: { pgBinDir?: string } = {},
): Promise<Pick<BackupHeader, 'moteur' | 'contenu'>> {
  if (handle.kind === 'pglite') {
    if (!handle.dumpDataDir) throw new Error('this PGlite handle cannot dump its data directory');
    const tar = Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
    // Compressed once the database is free again, on the thread pool (the event loop goes on).
    await writeFile(path, await brotliCompress(tar, BROTLI), { mode: 0o600 });
    return { moteur: 'pglite', contenu: 'pglite-datadir-tar-br' };
  }
  if (!handle.url) throw new Error('this PostgreSQL handle has no connection string');
  const target = libpqTarget(handle.url, options.pgBinDir);
  await run(
    target.tool('pg_dump'),
    ['--format=custom', `--file=${path}`, `--dbname=${target.dbname}`],
    target.env,
  );
  return { moteur: 'postgres', contenu: 'pg_dump-custom' };
}

export interface RestoreTarget {
  /** PostgreSQL: the database to restore into. */
  databaseUrl?: string;
  /** PGlite: the data directory to restore into. */
  dataDir: string;
  pgBinDir?: string;
}

const engineName = { pglite: 'la base embarquée (PGlite, DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' };

/**
 * Restores a checked payload into an empty database or data directory; `force` first empties a
 * non-empty one. Never while a server uses it: PGlite's lock refuses, and so does PostgreSQL's
 * instance lock (db/instance-lock.ts), whatever the server's pool holds.
 */
export async function restorePayload(
  header: BackupHeader,
  payloadPath: string,
  target: RestoreTarget,
  force: boolean,
): Promise<void> {
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (header.moteur !== engine)
    throw new BackupError(
      `Cette sauvegarde vient de ${engineName[header.moteur]} et ne peut être restaurée que dans le même moteur ; la configuration actuelle désigne ${engineName[engine]}.`,
    );
  const known = new Set(await knownMigrations());
  const unknown = (header.migrations ?? []).filter((tag) => !known.has(tag));
  if (unknown.length)
    throw new BackupError(
      `Cette sauvegarde vient d’une version plus récente de l’Intranet (migrations inconnues de celle-ci : ${unknown.join(', ')}) : restaurez-la avec une version au moins aussi récente.`,
    );
  if (engine === 'pglite')
    return restorePglite(payloadPath, target.dataDir, force, header.contenu === 'pglite-datadir-tar-br');
  return restorePostgres(payloadPath, target.databaseUrl!, force, target.pgBinDir);
}

async function restorePglite(payloadPath: string, dataDir: string, force: boolean, brotli: boolean) {
  const dir = resolve(dataDir);
  // The server's own lock: a running server (or admin:create) refuses the restore, even with --force.
  const lock = lockDataDir(dir);
  try {
    const present = (await readdir(dir)).filter((name) => name !== LOCK_FILE_NAME);
    if (present.length && !force)
      throw new BackupError(
        `Le dossier de données ${dir} n’est pas vide : la restauration le remplacerait. Relancez avec --force pour l’effacer et restaurer, ou choisissez un dossier vide (DATA_DIR).`,
      );
    for (const name of present) await rm(join(dir, name), { recursive: true, force: true });
    // Brotli is undone here; PGlite undoes gzip itself (earlier versions' backups).
    const payload = await readFile(payloadPath);
    const tar = brotli ? await brotliDecompress(payload) : payload;
    const client = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([tar]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.close();
    makePrivate(dir);
    // The copy held the lock file of the server that was backed up; it is nobody's here.
    await rm(join(dir, LOCK_FILE_NAME), { force: true });
  } finally {
    lock.release();
  }
}

async function restorePostgres(payloadPath: string, url: string, force: boolean, pgBinDir?: string) {
  // This connection holds the exclusive instance lock until the restore ends: a server starting
  // meanwhile waits for it instead of opening a half-restored base.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Any server of the Intranet, however quiet (its pool may hold no connection at all), holds the
    // lock shared for its whole life: refused, even with --force.
    if (!(await tryExclusiveInstanceLock(client)))
      throw new BackupError(
        'Un serveur de l’Intranet (ou une commande : admin:create, migrate, backup) utilise cette base PostgreSQL : arrêtez-le sur chaque machine avant de restaurer. --force ne passe pas outre.',
      );
    const { rows: others } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    if (others[0]!.n > 0)
      throw new BackupError(
        `D’autres connexions utilisent cette base (${others[0]!.n}) : fermez-les avant de restaurer.`,
      );
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'
         AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    );
    if (rows[0]!.n > 0 && !force)
      throw new BackupError(
        'La base PostgreSQL n’est pas vide : la restauration la remplacerait. Relancez avec --force pour l’effacer et restaurer, ou désignez une base vide (DATABASE_URL).',
      );
    if (rows[0]!.n > 0) await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    const tool = libpqTarget(url, pgBinDir);
    await run(
      tool.tool('pg_restore'),
      // Owned by whoever restores (the database may move to another server and role).
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${tool.dbname}`],
      tool.env,
      payloadPath,
    );
  } finally {
    await client.end();
  }
}
