/** The SPA served beside the API: files, the index.html fallback for client routes, real 404s otherwise. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let dist: string;
const BIG_SCRIPT = `export const items = [${Array.from({ length: 2000 }, (_, i) => `"élément ${i}"`).join(',')}];`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'union-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Intranet</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  // What the build writes: a brotli and a gzip copy beside each text file (apps/web/vite.config.ts).
  for (const file of ['index.html', 'assets/big-abc123.js']) {
    if (file !== 'index.html') writeFileSync(join(dist, file), BIG_SCRIPT);
    const content = readFileSync(join(dist, file));
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(content));
  }
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

  it('sends the brotli or gzip copy the browser accepts, cached for good and varying by encoding', async () => {
    const get = (url: string, acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const br = await get('/assets/big-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(BIG_SCRIPT) / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gzip = await get('/assets/big-abc123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect((await get('/assets/big-abc123.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

    for (const plain of [
      await get('/assets/big-abc123.js'),
      await get('/assets/big-abc123.js', 'identity'),
    ]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(plain.body).toBe(BIG_SCRIPT);
    }
    // A file the build left without copies is sent as it is, whatever the browser accepts.
    const small = await get('/assets/main-abc123.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');

    // The page of a client route too, still revalidated at every visit.
    const page = await get('/app/portail', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });
});
