/**
 * The operators' calls (issue 19) in the app itself: the liveness and readiness probes on a migrated
 * database, on one with a migration missing, on one never migrated, with the database gone and while
 * the app stops; and the Prometheus metrics behind their token. The real processes (SIGTERM, kill -9,
 * the logs of a whole run, `npm run migrate`) are in operations-process.test.ts and build.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { emailOutbox } from '../src/db/schema';
import { builders } from './builders';
import {
  CLIENT_BASIC,
  createTestContext,
  emptyDatabase,
  onItsOwnDatabase,
  type TestContext,
} from './helpers';

const METRICS_TOKEN = 'jeton-des-metriques-de-test-0123456789';

const get = (t: TestContext, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/health and GET /api/ready', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answer 200 without a token on a migrated database, with nothing but their status', async () => {
    const health = await get(t, '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ statut: 'ok' });
    const ready = await get(t, '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ statut: 'prêt' });
  });

  it('ready answers 503 « migrations en attente » when a migration of this build is not applied', async () => {
    await onItsOwnDatabase(async (own) => {
      await own.handle.exec(
        'DELETE FROM __migrations WHERE tag = (SELECT tag FROM __migrations ORDER BY tag DESC LIMIT 1)',
      );
      const ready = await get(own, '/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 503,
        error: 'not_ready',
        message:
          'Migrations en attente (1) : lancez « npm run migrate » ou démarrez avec MIGRATE_ON_START=true.',
      });
      // Liveness does not depend on the schema.
      expect((await get(own, '/api/health')).statusCode).toBe(200);
    });
  });

  it('ready answers 503 on a database never migrated, naming how many migrations wait', async () => {
    const handle = await emptyDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', PURGE_INTERVAL_MS: '0' }),
      db: handle,
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toMatch(/^Migrations en attente \(\d\d+\)/);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('ready answers 503 « la base ne répond pas » once the database is gone; health still 200', async () => {
    const own = await createTestContext();
    await own.handle.close();
    try {
      const ready = await get(own, '/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        error: 'not_ready',
        message: 'La base de données ne répond pas.',
      });
      expect((await get(own, '/api/health')).statusCode).toBe(200);
    } finally {
      await own.app.close();
    }
  });

  it('ready answers 503 « arrêt en cours » from the first moment of a stop', async () => {
    const own = await createTestContext();
    expect((await get(own, '/api/ready')).statusCode).toBe(200);
    // A stop begins: the preClose hook marks the instance before the requests in flight are awaited.
    let closed = false;
    const closing = own.app.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(own.app.operations.stopping).toBe(true);
    expect(closed).toBe(false);
    await closing;
    await own.handle.close();
    // The same state is read by the probe (the socket itself refuses new connections by then).
    const stopping = await createTestContext();
    stopping.app.operations.stopping = true;
    const ready = await get(stopping, '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toBe('Arrêt en cours : l’instance ne prend plus de requêtes.');
    await stopping.close();
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: 404, with or without a token', async () => {
    await onItsOwnDatabase(async (t) => {
      expect((await get(t, '/metrics')).statusCode).toBe(404);
      const withToken = await get(t, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(withToken.statusCode).toBe(404);
      expect(withToken.json()).toMatchObject({ status: 404, error: 'not_found' });
    });
  });

  it('refuses a short METRICS_TOKEN at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'court' })).toThrow(/METRICS_TOKEN: au moins 16 caractères/);
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({ METRICS_TOKEN, PUBLIC_URL: 'https://intranet.exemple.fr' });
    });
    afterAll(() => t.close());

    const scrape = () => get(t, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    /** The value of one sample line (`name{labels} value`), or undefined when absent. */
    const sample = (text: string, line: string) => {
      const found = text.split('\n').find((l) => l.startsWith(`${line} `));
      return found === undefined ? undefined : Number(found.slice(line.length + 1));
    };

    it('answers 401 with no token, a wrong one or one of a user, and never the figures', async () => {
      const { aUser } = builders(t);
      const user = await aUser();
      for (const authorization of [
        undefined,
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
        `Basic ${METRICS_TOKEN}`,
        `Bearer ${user.token}`,
      ]) {
        const response = await get(t, '/metrics', authorization ? { authorization } : {});
        expect(response.statusCode, authorization).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(response.json()).toEqual({
          status: 401,
          error: 'unauthorized',
          message: 'Jeton des métriques absent ou invalide (METRICS_TOKEN).',
        });
      }
    });

    it('answers the Prometheus text with the named families after some requests', async () => {
      const { aUser } = builders(t);
      const admin = await aUser({ habilitations: ['USER', 'ADMIN'] });
      const member = await aUser();
      await get(t, '/api/health');
      await t.call({ method: 'GET', url: `/api/user/${member.id}/infos`, token: admin.token });
      // Six wrong passwords from one address: five refusals, then the pair is locked.
      for (let i = 0; i < 6; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `grant_type=password&username=${member.identifiant}&password=faux-${i}`,
        });
      }
      // A notification with a bad signature is refused, and counted.
      const ipn = await t.app.inject({
        method: 'POST',
        url: '/api/payment/systempay/ipn',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'vads_order_id=1&signature=faux',
      });
      expect(ipn.statusCode).toBe(412);
      // An e-mail waits in the outbox (no SMTP here).
      const reset = await t.call({
        method: 'PATCH',
        url: '/api/user/password',
        payload: { data: member.email },
        noXsrf: true,
      });
      expect(reset.statusCode).toBe(204);
      await t.app.background.idle();

      const response = await scrape();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      // Requests by route pattern (never the address with its id) and status.
      expect(
        sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}'),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'http_requests_total{method="GET",route="/api/user/:id/infos",status="200"}'),
      ).toBeGreaterThan(0);
      expect(text).not.toContain(`/api/user/${member.id}/infos`);
      expect(
        sample(text, 'http_request_duration_seconds_count{method="POST",route="/oauth/token",status="400"}'),
      ).toBeGreaterThanOrEqual(6);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      expect(sample(text, 'union_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'union_outbox_pending_messages')).toBeGreaterThanOrEqual(1);
      // No SMTP server here: nothing will send it, so no age that an alert would watch grow for ever.
      expect(sample(text, 'union_mail_sending_enabled')).toBe(0);
      expect(sample(text, 'union_outbox_oldest_pending_age_seconds')).toBeUndefined();
      expect(sample(text, 'union_sign_in_attempts_total{outcome="bad_password"}')).toBeGreaterThanOrEqual(5);
      expect(sample(text, 'union_sign_in_attempts_total{outcome="locked"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'union_payment_notifications_total{outcome="refused"}')).toBeGreaterThanOrEqual(1);
      // The backups module feeds the gauge from its table: no backup ever ended in this database.
      expect(text).toMatch(/^union_backup_last_age_seconds \+Inf$/m);
      // Nothing personal: no address, no identifiant.
      expect(text).not.toContain(member.email);
      expect(text).not.toContain(member.identifiant);
    });

    it('counts the outbox from the database: 0 pending once every message is sent', async () => {
      await t.db.update(emailOutbox).set({ statut: 'E' });
      const text = (await scrape()).body;
      expect(sample(text, 'union_outbox_pending_messages')).toBe(0);
    });

    it('gives the last backup’s age from the source a backup module sets, +Inf when none ever ended', async () => {
      const fromBackups = t.app.operations.lastBackupAt;
      t.app.operations.lastBackupAt = async () => new Date(Date.now() - 3600_000);
      const age = sample((await scrape()).body, 'union_backup_last_age_seconds');
      expect(age).toBeGreaterThanOrEqual(3600);
      expect(age).toBeLessThan(3660);
      t.app.operations.lastBackupAt = async () => null;
      expect((await scrape()).body).toMatch(/^union_backup_last_age_seconds \+Inf$/m);
      t.app.operations.lastBackupAt = undefined;
      expect((await scrape()).body).not.toContain('union_backup_last_age_seconds');
      t.app.operations.lastBackupAt = fromBackups;
    });
  });
});
