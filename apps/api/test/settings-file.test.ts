/**
 * One settings file for the server and every command (issue 31 §5), as real processes: the server
 * refuses to start on a file with an inline comment or a spoilt secret, listing every problem in French
 * without a stack trace; `npm run backup` reads the same file with the same parser, so an unquoted
 * passphrase of five words encrypts the backup.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { fromPostgres, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { openBackupFile } from '../src/modules/backups/format';
import { databaseUrlFor, dropTestDatabase, testEngine } from './engine';
import { apiRoot, killAll, migratedDataDir, PRODUCTION_ENV, runScript } from './processes';
import { spawn } from 'node:child_process';

const onPostgres = testEngine() === 'postgres';
const work = mkdtempSync(join(tmpdir(), 'union-settings-'));
const dataDir = join(work, 'donnees');
const pgName = `${inject('postgresTemplate').replace('union_tmpl_', 'union_t_')}_env_${randomBytes(5).toString('hex')}`;
const PASSPHRASE = 'cheval agrafe batterie correcte maintenant';

/** The settings file of a production host, as deploy/union.env.example shows it. */
function settingsFile(extra: string): string {
  const file = join(work, `union-${randomBytes(3).toString('hex')}.env`);
  const lines = Object.entries(PRODUCTION_ENV).map(([name, value]) => `${name}=${value}`);
  lines.push(onPostgres ? `DATABASE_URL=${databaseUrlFor(pgName)}` : `DATA_DIR=${dataDir}`, extra);
  writeFileSync(file, `# Réglages de l'Intranet\n${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

beforeAll(async () => {
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
  }
  const handle = onPostgres
    ? fromPostgres(databaseUrlFor(pgName))
    : await openDatabase({ dataDir: await migratedDataDir(dataDir) });
  await migrate(handle);
  await handle.close();
}, 60_000);

afterAll(async () => {
  killAll();
  rmSync(work, { recursive: true, force: true });
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await dropTestDatabase(admin, pgName);
    await admin.end();
  }
});

describe('ENV_FILE', () => {
  it('the server refuses a file with an inline comment or a spoilt secret, listing every problem', async () => {
    const file = settingsFile(
      `BACKUP_PASSPHRASE=" ${PASSPHRASE}"\nMETRICS_TOKEN=jeton-de-metriques-assez-long  # pour Prometheus`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, ENV_FILE: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(1);
    expect(output).toMatch(/^Fichier de configuration invalide :\n/);
    expect(output).toMatch(/ligne \d+ \(METRICS_TOKEN\) : commentaire en fin de ligne/);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace

    const fixed = settingsFile(`BACKUP_PASSPHRASE=" ${PASSPHRASE}"`);
    const again = await runScript('migrate', [], { ENV_FILE: fixed });
    expect(again.code, again.output).toBe(1);
    expect(again.output).toContain('BACKUP_PASSPHRASE commence ou finit par une espace');
  }, 60_000);

  it('npm run backup reads the same file: an unquoted passphrase of five words encrypts the backup', async () => {
    const file = settingsFile(`BACKUP_PASSPHRASE=${PASSPHRASE}`);
    const target = join(work, 'chiffree.sauvegarde.age');
    const run = await runScript('backup', [target], { ENV_FILE: file });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('chiffrée');
    expect(readFileSync(target).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    const opened = await openBackupFile(target, PASSPHRASE);
    await opened.dispose();
  }, 60_000);

  it('admin:create reads it and says which base it wrote to; in production without it, refuses', async () => {
    const args = [
      '--identifiant',
      'premier',
      '--email',
      'premier@exemple.fr',
      '--nom',
      'Premier',
      '--prenom',
      'Jean',
    ];
    const refused = await runScript('create-admin', args, PRODUCTION_ENV);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(
      /npm run admin:create : ni DATABASE_URL ni DATA_DIR ne sont définis.*ENV_FILE=/,
    );
    expect(refused.output).not.toContain('créé');

    const created = await runScript('create-admin', args, { ENV_FILE: settingsFile('') });
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain(
      onPostgres
        ? `Administrateur « premier » créé dans la base PostgreSQL « ${pgName} » sur 127.0.0.1:5432 (DATABASE_URL).`
        : `Administrateur « premier » créé dans la base embarquée du dossier ${dataDir} (DATA_DIR).`,
    );
  }, 60_000);
});
