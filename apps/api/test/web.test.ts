/** The SPA served beside the API: files, the index.html fallback for client routes, real 404s otherwise. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'union-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Intranet</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each(['/', '/login', '/app/portail', '/app/reservations?date=2026-03-03', '/page-inconnue', '/x.html'])(
    'answers index.html, never cached, for the client route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets cached for good, and a file added after start-up', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    writeFileSync(join(dist, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('answers a real 404 for a missing asset and JSON for an unknown API path', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/absent.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, error: 'not_found' });
    for (const method of ['GET', 'POST'] as const) {
      const unknown = await t.app.inject({ method, url: '/api/inconnu' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ status: 404, error: 'not_found' });
    }
  });
});
