/**
 * One settings file for the server and every command (issue 31 §5), as real processes: the server
 * refuses to start on a file with an inline comment or a spoilt secret, listing every problem in French
 * without a stack trace; `npm run backup` reads the same file with the same parser, so an unquoted
 * passphrase of five words encrypts the backup.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackupFile } from '../src/modules/backups/format';
import { testEngine } from './engine';
import {
  apiRoot,
  compiled,
  killAll,
  PRODUCTION_ENV,
  processDatabase,
  runScript,
  type ProcessDatabase,
} from './processes';

const onPostgres = testEngine() === 'postgres';
const PASSPHRASE = 'cheval agrafe batterie correcte maintenant';
let database: ProcessDatabase;

/** The settings file of a production host, as deploy/union.env.example shows it. */
function settingsFile(extra: string): string {
  const file = join(database.work, `union-${randomBytes(3).toString('hex')}.env`);
  const lines = Object.entries({ ...PRODUCTION_ENV, ...database.env }).map(
    ([name, value]) => `${name}=${value}`,
  );
  lines.push(extra);
  writeFileSync(file, `# Réglages de l'Intranet\n${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

beforeAll(async () => {
  database = await processDatabase('env');
}, 60_000);

afterAll(async () => {
  killAll();
  await database?.drop();
});

describe('ENV_FILE', () => {
  it('the server refuses a file with an inline comment or a spoilt secret, listing every problem', async () => {
    const file = settingsFile(
      `BACKUP_PASSPHRASE=" ${PASSPHRASE}"\nMETRICS_TOKEN=jeton-de-metriques-assez-long  # pour Prometheus`,
    );
    const child = spawn(process.execPath, compiled('server'), {
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
    const target = join(database.work, 'chiffree.sauvegarde.age');
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
        ? `Administrateur « premier » créé dans la base PostgreSQL « ${new URL(database.env.DATABASE_URL!).pathname.slice(1)} » sur 127.0.0.1:5432 (DATABASE_URL).`
        : `Administrateur « premier » créé dans la base embarquée du dossier ${database.env.DATA_DIR} (DATA_DIR).`,
    );
  }, 60_000);
});
