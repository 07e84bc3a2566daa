/**
 * `npm start` rebuilds the web bundle when what it was built from changed: its sources, the contract, the
 * locked dependencies, or the OAUTH_CLIENT_* / VITE_* values the bundle embeds.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEB_STAMP, webBuildInputsHash, webBuildNeeded } from '../../../scripts/web-build-stamp.mjs';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const ENV = { OAUTH_CLIENT_ID: 'union-intranet', OAUTH_CLIENT_SECRET: 'secret-1', PATH: '/usr/bin' };
/** What a build leaves: the bundle and the stamp of the inputs it was built from. */
const build = (env: Record<string, string>) => {
  write('apps/web/dist/index.html', '<!doctype html>');
  write(WEB_STAMP, `${webBuildInputsHash(root, env)}\n`);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'union-stamp-'));
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/src/main.tsx', 'export {};');
  write('packages/contract/src/index.ts', 'export const A = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web build decision', () => {
  it('builds when there is no bundle, or a bundle without a stamp', () => {
    expect(webBuildNeeded(root, ENV)).not.toBeNull();
    build(ENV);
    unlinkSync(join(root, WEB_STAMP));
    expect(webBuildNeeded(root, ENV)).not.toBeNull();
  });

  it('keeps a bundle built from the same sources and settings', () => {
    build(ENV);
    expect(webBuildNeeded(root, ENV)).toBeNull();
    // Variables the bundle does not embed do not matter.
    expect(webBuildNeeded(root, { ...ENV, PATH: '/bin', PORT: '9000' })).toBeNull();
  });

  it('rebuilds when the OAuth client pair the bundle embeds changes', () => {
    build(ENV);
    expect(webBuildNeeded(root, { ...ENV, OAUTH_CLIENT_SECRET: 'secret-2' })).not.toBeNull();
    expect(webBuildNeeded(root, { ...ENV, OAUTH_CLIENT_ID: 'autre-client' })).not.toBeNull();
    const { OAUTH_CLIENT_SECRET: _unset, ...withoutSecret } = ENV;
    expect(webBuildNeeded(root, withoutSecret)).not.toBeNull();
    expect(webBuildNeeded(root, { ...ENV, VITE_OAUTH_CLIENT_SECRET: 'secret-3' })).not.toBeNull();
  });

  it('rebuilds when a source of the web app, the contract or the lock file changes', () => {
    for (const path of ['apps/web/src/main.tsx', 'packages/contract/src/index.ts', 'package-lock.json']) {
      build(ENV);
      write(path, '// changé');
      expect(webBuildNeeded(root, ENV), path).not.toBeNull();
    }
    build(ENV);
    write('apps/web/src/features/new/index.ts', 'export {};');
    expect(webBuildNeeded(root, ENV)).not.toBeNull();
  });

  it('ignores what the build itself writes and the installed packages', () => {
    build(ENV);
    write('apps/web/dist/assets/main-abc.js', 'console.log(1)');
    write('apps/web/node_modules/x/index.js', 'module.exports = 1');
    expect(webBuildNeeded(root, ENV)).toBeNull();
  });
});
