/**
 * Production runs compiled JavaScript: `npm run build -w @union/api` writes dist/server.js, which starts
 * with plain Node (no tsx), finds its SQL migrations from dist and answers, on a fresh database migrated
 * beforehand by the compiled `npm run migrate` (the server started with MIGRATE_ON_START=false); the
 * worker threads that read uploaded files run from dist/untrusted-worker.js; dist/backup.js asks the
 * running server for a backup, and dist/restore.js restores it into a new folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/db/client';
import { pdfWith } from './documents-helpers';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'union-built-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the compiled server', () => {
  it('builds, migrates with npm run migrate, starts with node dist/server.js in production (MIGRATE_ON_START=false) and answers; backup and restore commands', async () => {
    const build = spawnSync('npm', ['run', 'build'], { cwd: apiDir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(join(apiDir, 'dist/server.js'))).toBe(true);
    expect(existsSync(join(apiDir, 'dist/migrations/meta/_journal.json'))).toBe(true);
    // The threads that read uploaded files load their own bundle, beside server.js (lib/untrusted/pool.ts):
    // plain Node, no tsx, reads a PDF's text and a members file with it.
    expect(readFileSync(join(apiDir, 'dist/server.js'), 'utf8')).toContain('untrusted-worker.js');
    const pdf = join(dataDir, 'texte.pdf');
    writeFileSync(pdf, await pdfWith('Compte rendu compilé'));
    const worker = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { Piscina } from 'piscina';
         const pool = new Piscina({ filename: ${JSON.stringify(join(apiDir, 'dist/untrusted-worker.js'))} });
         const text = await pool.run({ path: ${JSON.stringify(pdf)}, maxInflated: 1e8 }, { name: 'pdfText' });
         const bytes = new TextEncoder().encode('Nom;Prénom;E-mail\\nDurand;Paul;paul@exemple.fr\\n');
         const members = await pool.run({ bytes }, { name: 'importParse' });
         console.log(JSON.stringify({ text, rows: members.parsed.rows.length }));
         await pool.destroy();`,
      ],
      { cwd: apiDir, encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(worker.status, worker.stderr).toBe(0);
    expect(JSON.parse(worker.stdout)).toEqual({
      text: { texte: expect.stringContaining('Compte rendu compilé') },
      rows: 1,
    });

    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      OAUTH_CLIENT_SECRET: 'secret-du-test-de-construction',
      SYSTEMPAY_KEY: 'cle-de-production-du-test',
      SECOND_FACTOR_KEY: 'f'.repeat(64),
      PUBLIC_URL: 'https://intranet.example.org',
      DATA_DIR: dataDir,
    };
    // `npm run migrate` at the repository's root (the compiled dist/migrate.js) migrates the empty
    // database on its own, once: a second run has nothing to do.
    const migrate = () =>
      spawnSync('npm', ['run', '--silent', 'migrate'], { cwd: join(apiDir, '../..'), env, encoding: 'utf8' });
    const first = migrate();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^Migrations appliquées à la base embarquée du dossier .* \(\d+\) :\n {2}0000_/,
    );
    const second = migrate();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.trim()).toMatch(
      /^Aucune migration en attente : la base embarquée du dossier .* \(DATA_DIR\) est à jour\.$/,
    );

    const port = await freePort();
    let output = '';
    // Run from the system's temporary directory: nothing may be found relative to the working directory.
    server = spawn(process.execPath, [join(apiDir, 'dist/server.js')], {
      cwd: tmpdir(),
      env: {
        ...env,
        // Migrated above: the server only checks (and /api/ready would say 503 were one missing).
        MIGRATE_ON_START: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web'),
      },
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 50_000;
    while (!output.includes('prêt sur') && server.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('prêt sur');

    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);
    const anonymous = await fetch(`http://127.0.0.1:${port}/api/parametres/droits`);
    expect(anonymous.status).toBe(401);
    // The production database is migrated and empty: no demo account can sign in.
    const signIn = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('union-intranet:secret-du-test-de-construction').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Union-Demo-2026!' }),
    });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { error: string }).error).toBe('invalid_grant');

    // `npm run backup` while the server holds the data directory: the compiled command asks it.
    const backupFile = join(dataDir, '..', `${basename(dataDir)}.sauvegarde`);
    const backup = spawnSync(process.execPath, [join(apiDir, 'dist/backup.js'), backupFile], {
      cwd: tmpdir(),
      env,
      encoding: 'utf8',
    });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Sauvegarde écrite : ${backupFile}`);

    // PGlite has no autovacuum: the server gathered the planner's statistics itself at start-up
    // (pg_class.reltuples is -1 for a table never analysed).
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    const db = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
    const { rows } = await db.query<{ relname: string; reltuples: number }>(
      "SELECT relname, reltuples FROM pg_class WHERE relname IN ('users', 'reservations', 'entities')",
    );
    await db.close();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.reltuples, row.relname).toBeGreaterThanOrEqual(0);

    // `npm run restore` into an empty folder: the same tables, the history included.
    const restoredDir = `${dataDir}-restauree`;
    try {
      const restore = spawnSync(process.execPath, [join(apiDir, 'dist/restore.js'), backupFile], {
        cwd: tmpdir(),
        env: { ...env, DATA_DIR: restoredDir },
        encoding: 'utf8',
      });
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('Le serveur peut démarrer.');
      const copy = await PGlite.create({ dataDir: restoredDir, extensions: PGLITE_EXTENSIONS });
      const tables = await copy.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      await copy.close();
      expect(tables.rows[0]!.n).toBeGreaterThan(30);
    } finally {
      rmSync(restoredDir, { recursive: true, force: true });
      rmSync(backupFile, { force: true });
    }
  }, 150_000);
});
