/**
 * The built bundle as users download it. Built here, into a temporary directory, from a shell where
 * NODE_ENV=development (the app's own default): the build must still be React's production build, and
 * the JavaScript the login page loads (the entry and everything it imports statically, which index.html
 * lists as modulepreload links) must stay within 200 KB gzipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LOGIN_PAGE_BUDGET = 200 * 1024;
const webDir = join(import.meta.dirname, '..');
let outDir: string;
let scripts: string[];

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'union-bundle-'));
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}`);
  scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(outDir, 'assets', file), 'utf8');

describe('the production bundle', () => {
  it('is React’s production build even when NODE_ENV=development', () => {
    expect(scripts.filter((f) => /jsx-dev-runtime/.test(f))).toEqual([]);
    const code = scripts.map(read).join('\n');
    // The production build points to the error decoder; the development build carries its warnings.
    expect(code).toContain('react.dev/errors/');
    expect(code).not.toContain('Each child in a list should have a unique');
    expect(code).not.toMatch(/\bjsxDEV\b/);
  });

  it('loads at most 200 KB of gzipped JavaScript before the login screen', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    const preloaded = [
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    expect(entry).toHaveLength(1);
    // Every static import of the entry, followed through the chunks, is listed in index.html: nothing
    // the first screen needs is fetched later behind our back.
    const staticImports = (file: string) =>
      [...read(file).matchAll(/\bimport\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
        (m) => m[1]!,
      );
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      staticImports(file).forEach(visit);
    };
    visit(entry[0]!);
    expect([...loaded].sort()).toEqual([...new Set([...entry, ...preloaded])].sort());

    const sizes = [...loaded].map((file) => ({
      file,
      gzip: gzipSync(readFileSync(join(outDir, 'assets', file))).length,
    }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    const detail = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8)
      .map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(total, `${(total / 1024).toFixed(1)} KB gzipped: ${detail}`).toBeLessThanOrEqual(
      LOGIN_PAGE_BUDGET,
    );
  });
});
