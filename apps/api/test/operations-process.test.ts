/**
 * The server as an operator runs it (issue 19), in real processes on one database (a PGlite data
 * directory, or a PostgreSQL database with TEST_DB=postgres), in order:
 *
 * 1. a run through a sign-in, a password reset and a payment notification, ended by SIGTERM while a
 *    sign-in is still being received: that request completes, the process exits 0, and its whole output
 *    (every log line, at LOG_LEVEL=info) holds no password, token, reset secret or signature;
 * 2. a restart: what the stopped server acknowledged is there; then `kill -9` and an immediate restart
 *    on the same directory (the dead holder's lock is taken over at once).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEMPAY_TEST_KEY } from '../src/config';
import { PASSWORD, createUser } from './helpers';
import { providerNotification } from './payment-provider';
import {
  apiRoot,
  compiled,
  freePort,
  processDatabase,
  untilRequestsInProgress,
  type ProcessDatabase,
} from './processes';

const CLIENT_SECRET = 'secret-client-du-test-des-journaux';
const METRICS_TOKEN = 'jeton-metriques-du-test-des-journaux';
const NEW_PASSWORD = 'Nouveau-mot-de-passe-tres-secret-42';
const running: ChildProcess[] = [];
/** Every byte every server of this file wrote, stdout and stderr. */
let wholeOutput = '';
let database: ProcessDatabase;

beforeAll(async () => {
  database = await processDatabase('ops');
  // Production seeds nothing: the accounts are written before the server starts (it then holds the
  // directory), with the tests' known password.
  const handle = await database.open();
  await createUser(handle.db, { identifiant: 'exploitant', habilitations: ['USER', 'ADMIN'] });
  await createUser(handle.db, {
    identifiant: 'payeur',
    habilitations: ['USER', 'PAYMENT'],
    email: 'payeur@exemple.fr',
  });
  await handle.close();
}, 60_000);

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.drop();
});

/** Starts the compiled server in production, and waits until it listens. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, compiled('server'), {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      OAUTH_CLIENT_SECRET: CLIENT_SECRET,
      SYSTEMPAY_KEY: SYSTEMPAY_TEST_KEY.split('').reverse().join(''),
      SECOND_FACTOR_KEY: 'f'.repeat(64),
      PUBLIC_URL: 'https://intranet.exemple.fr',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: join(database.work, 'pas-de-web'),
      METRICS_TOKEN,
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    wholeOutput += chunk.toString();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('prêt sur') && child.exitCode === null && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(output, 'the server did not start').toContain('prêt sur');
  const base = `http://127.0.0.1:${port}`;
  return { child, port, base, exited, output: () => output, startMs: Date.now() - started };
}

type Server = Awaited<ReturnType<typeof startServer>>;

const basic = `Basic ${Buffer.from(`union-intranet:${CLIENT_SECRET}`).toString('base64')}`;
const tokenBody = (username: string, password: string) =>
  new URLSearchParams({ grant_type: 'password', username, password }).toString();

async function signIn(server: Server, username: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${server.base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: tokenBody(username, password),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const XSRF = 'xsrf-du-test-des-journaux';
function call(server: Server, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Whatever secret the run handled, to be looked for in the logs. */
const secrets: Record<string, string> = {
  password: PASSWORD,
  'new password': NEW_PASSWORD,
  'client secret': CLIENT_SECRET,
  'metrics token': METRICS_TOKEN,
};
function expectNoSecretIn(output: string) {
  for (const [what, secret] of Object.entries(secrets)) {
    expect(output.includes(secret), `${what} found in the logs`).toBe(false);
    // The signature is base64: also in its URL-encoded form.
    expect(output.includes(encodeURIComponent(secret)), `${what} found in the logs`).toBe(false);
  }
}
/** The token of the sign-in that was in flight when SIGTERM came: acknowledged, so it must survive. */
let inFlightToken = '';

// In the written order: one database, one story (the shuffle of the suite would tell it backwards).
describe('a production run', { shuffle: false }, () => {
  it('signs in, resets a password, takes a payment notification, then stops on SIGTERM letting a request in flight finish', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_MS: '15000' });
    const admin = await signIn(server, 'exploitant');
    const payeur = await signIn(server, 'payeur');
    secrets['admin token'] = admin;
    secrets['payer token'] = payeur;
    expect((await call(server, 'GET', '/api/user/info', payeur)).status).toBe(200);

    // A password reset: the link's secret is read from the outbox, then used.
    const reset = await call(server, 'PATCH', '/api/user/password', undefined, { data: 'payeur@exemple.fr' });
    expect(reset.status).toBe(204);
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const outbox = (await (
        await call(server, 'GET', '/api/admin/emails?destinataire=payeur', admin)
      ).json()) as {
        texte: string;
      }[];
      link = outbox.map((m) => /jeton=([\w-]+)/.exec(m.texte)?.[1]).find(Boolean);
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).toBeDefined();
    secrets['reset secret'] = link!;
    const chosen = await call(server, 'POST', '/api/user/password/reinitialiser', undefined, {
      jeton: link,
      data: NEW_PASSWORD,
    });
    expect(chosen.status).toBe(204);
    const payeurAgain = await signIn(server, 'payeur', NEW_PASSWORD);
    secrets['payer token after reset'] = payeurAgain;

    // A card top-up and the provider's signed notification.
    const topUp = await call(server, 'POST', '/api/user/payments', payeurAgain, { montant: 3000 });
    expect(topUp.status, await topUp.clone().text()).toBe(201);
    const { id } = (await topUp.json()) as { id: number };
    const form = (await (
      await call(server, 'GET', `/api/user/payments/${id}/systempay`, payeurAgain)
    ).json()) as {
      champs: Record<string, string>;
    };
    const notification = providerNotification(
      form,
      'AUTHORISED',
      {},
      SYSTEMPAY_TEST_KEY.split('').reverse().join(''),
    );
    secrets['payment signature'] = notification.signature!;
    const ipn = await fetch(`${server.base}/api/payment/systempay/ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(notification).toString(),
    });
    expect(await ipn.text()).toBe('OK');

    const metrics = await fetch(`${server.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(await metrics.text()).toMatch(/^union_payment_notifications_total\{outcome="applied"\} 1$/m);

    // A sign-in whose body is still arriving when SIGTERM comes.
    const body = tokenBody('exploitant', PASSWORD);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.base}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: basic,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      // The rest once the server says it is stopping and refuses a new connection.
      const sendRest = setInterval(() => {
        if (!server.output().includes('"msg":"stopping"')) return;
        clearInterval(sendRest);
        // A connection of its own (no agent): not one the client pool kept alive.
        const probe = httpRequest(`${server.base}/api/ready`, { agent: false });
        probe.on('response', (res) => (newConnection = `answered ${res.statusCode}`));
        probe.on('error', (error: NodeJS.ErrnoException) => (newConnection = error.code ?? error.message));
        probe.on('close', () => req.end(body.slice(10)));
        probe.end();
      }, 20);
    });
    let newConnection = '';
    await untilRequestsInProgress(server.base, METRICS_TOKEN, 1);
    server.child.kill('SIGTERM');
    const finished = await answer;
    expect(finished.status, finished.body).toBe(200);
    inFlightToken = (JSON.parse(finished.body) as { access_token: string }).access_token;
    secrets['in-flight token'] = inFlightToken;
    // Refused once the listening socket is closed; reset when it reached the kernel's backlog in the
    // moment between the « stopping » line and that close. Either way it is never served.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(newConnection);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);

    // One line per request, with its id and the user's id; never a secret of the run.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const info = lines.filter((l) => l.msg === 'request' && l.route === '/api/user/info');
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({ method: 'GET', status: 200, userId: expect.any(Number) });
    expect(info[0]!.reqId).toBeDefined();
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    expectNoSecretIn(server.output());
  }, 120_000);

  it('restarts with what it acknowledged, and restarts at once after kill -9', async () => {
    const again = await startServer();
    expect((await call(again, 'GET', '/api/user/info', inFlightToken)).status).toBe(200);
    expect((await fetch(`${again.base}/api/ready`)).status).toBe(200);
    again.child.kill('SIGKILL');
    await again.exited;

    // The killed process left its lock (PGlite): the next start takes it over without waiting.
    const afterKill = await startServer({ SHUTDOWN_GRACE_MS: '1000' });
    expect(afterKill.output()).not.toContain('déjà utilisé');
    // Taking over the dead holder's lock adds no wait to a start (the ~25 s of a staleness delay).
    expect(afterKill.startMs).toBeLessThan(again.startMs + 10_000);
    expect((await fetch(`${afterKill.base}/api/ready`)).status).toBe(200);
    expect((await call(afterKill, 'GET', '/api/user/info', inFlightToken)).status).toBe(200);

    // A request that never completes does not hold the stop past SHUTDOWN_GRACE_MS: its connection is
    // cut, and the process still exits 0.
    const hanging = new Promise<string>((resolve) => {
      const req = httpRequest(`${afterKill.base}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: basic,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': 100,
        },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.write('grant_type=');
    });
    await untilRequestsInProgress(afterKill.base, METRICS_TOKEN, 1);
    const signalled = Date.now();
    afterKill.child.kill('SIGTERM');
    expect(await hanging).toBe('ECONNRESET');
    expect(await afterKill.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
    expect(afterKill.output()).toContain('grace period over');
  }, 120_000);

  it('never wrote a password, token, reset secret or signature in the logs of the whole run', () => {
    expect(Object.keys(secrets)).toEqual(
      expect.arrayContaining(['reset secret', 'payment signature', 'in-flight token', 'admin token']),
    );
    expectNoSecretIn(wholeOutput);
  });
});
