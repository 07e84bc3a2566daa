/**
 * The README's « On PostgreSQL, in production », run as written (issue 19), on a new database of the test
 * PostgreSQL: the settings it exports, `npm run build` (the API half: `npm run build -w @union/api`; the
 * web bundle is the e2e tests' business), `npm run migrate`, `npm run start -w @union/api`, then from
 * another shell `npm run admin:create -- --identifiant … --email … --nom … --prenom …`; the printed link
 * (also e-mailed, through SMTP_URL) sets the first password, the administrator signs in, `/api/ready`
 * answers 200, and SIGTERM stops the server with exit code 0. `npm ci` is not run: it would replace
 * the node_modules this very run uses. PostgreSQL only (TEST_DB=postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyPrefix, databaseUrlFor, dropTestDatabase } from './engine';
import { smtpInbox, type Inbox } from './smtp-inbox';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CLIENT_SECRET = 'secret-client-de-production-du-test';
const PUBLIC_URL = 'https://intranet.example.org';
const PASSWORD = 'Premier-mot-de-passe-de-Jean-42';
let database = '';
let inbox: Inbox | undefined;
let server: ChildProcess | undefined;
/** The server's own process id, from its log lines (npm's child: left running were npm to die first). */
let serverPid: number | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  // A new, empty database, as a production server gets: nothing copied from the migrated template.
  database = `${copyPrefix(inject('postgresTemplate'))}production_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  inbox = await smtpInbox();
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (serverPid) {
    try {
      process.kill(serverPid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  if (inbox) await inbox.close();
  if (database) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await dropTestDatabase(admin, database);
    await admin.end();
  }
});

describe('the README’s production commands on PostgreSQL', () => {
  it('build, migrate, start, admin:create, the link sets the password, sign-in, /api/ready, SIGTERM exits 0', async () => {
    const port = await freePort();
    // The README's `export …` line, with this test's values; then what a host needs to listen here.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrlFor(database),
      PUBLIC_URL,
      OAUTH_CLIENT_SECRET: CLIENT_SECRET,
      SMTP_URL: inbox!.url,
      SYSTEMPAY_SITE_ID: '87654321',
      SYSTEMPAY_KEY: 'cle-de-la-boutique-de-production',
      SECOND_FACTOR_KEY: 'f'.repeat(64),
      SYSTEMPAY_MODE: 'PRODUCTION',
      SYSTEMPAY_URL: 'https://paiement.systempay.fr/vads-payment/',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: join(tmpdir(), 'pas-de-web-en-production'),
      MAIL_POLL_MS: '200',
    };
    const npm = (args: string[]) => spawnSync('npm', args, { cwd: root, env, encoding: 'utf8' });

    const build = npm(['run', 'build', '-w', '@union/api']);
    expect(build.status, build.stderr).toBe(0);

    const migrate = npm(['run', '--silent', 'migrate']);
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/^Migrations appliquées à la base PostgreSQL « \w+ » sur .* \(\d+\) :/);

    let output = '';
    server = spawn('npm', ['run', 'start', '-w', '@union/api'], { cwd: root, env });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (!output.includes('prêt sur') && server.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output, 'the server did not start').toContain('prêt sur');
    serverPid = Number(/"pid":(\d+)/.exec(output)?.[1]) || undefined;
    const base = `http://127.0.0.1:${port}`;

    // PostgreSQL serves several processes: admin:create runs beside the started server.
    const created = npm([
      'run',
      '--silent',
      'admin:create',
      '--',
      '--identifiant',
      'jdupont',
      '--email',
      'j.dupont@example.org',
      '--nom',
      'Dupont',
      '--prenom',
      'Jean',
    ]);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Administrateur « jdupont » créé dans la base PostgreSQL « \w+ » sur /);
    const link = /(https:\/\/\S+\/reinitialiser-mdp\?jeton=\S+)/.exec(created.stdout)?.[1];
    expect(link, created.stdout).toBeDefined();
    expect(link!.startsWith(`${PUBLIC_URL}/reinitialiser-mdp?jeton=`)).toBe(true);
    const jeton = new URL(link!).searchParams.get('jeton')!;

    // « the same link is e-mailed »: the server's outbox sends it to the new administrator.
    const toJean = () => inbox!.received.find((m) => m.to.includes('j.dupont@example.org'))?.raw;
    while (!toJean() && Date.now() < deadline + 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mail = toJean();
    expect(mail).toBeDefined();
    // Quoted-printable may cut the link across lines: compare without soft line breaks.
    expect(mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(jeton);

    // The page the link opens posts the token and the chosen password (a public call).
    const xsrf = randomBytes(8).toString('hex');
    const set = await fetch(`${base}/api/user/password/reinitialiser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ jeton, data: PASSWORD }),
    });
    expect(set.status, await set.clone().text()).toBe(204);

    const signIn = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`union-intranet:${CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'password', username: 'jdupont', password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const { access_token } = (await signIn.json()) as { access_token: string };
    const me = await fetch(`${base}/api/user/info`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ nom: 'Dupont', prenom: 'Jean' });

    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ statut: 'prêt' });

    // SIGTERM to `npm run start`, as a terminal's Ctrl-C or a process manager sends it: npm passes it
    // on, the server stops cleanly and the whole command exits 0.
    server.kill('SIGTERM');
    const code = await exited;
    // Stopped for sure: the id may belong to someone else's process from now on.
    if (output.includes('"msg":"stopped"')) serverPid = undefined;
    expect(code, output).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  }, 240_000);
});
