// What the web bundle is built from, as one hash: its sources, the contract's, the locked dependencies and
// the environment values the build embeds (OAUTH_CLIENT_* and VITE_*, see apps/web/vite.config.ts). Every
// build writes it beside the bundle; `npm start` rebuilds when it differs, so a changed OAuth client pair
// never leaves a bundle that sends the old secret to a server expecting the new one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the stamp lives, relative to the repository root: inside dist, so a fresh build erases it. */
export const WEB_STAMP = 'apps/web/dist/.build-stamp';
const SOURCES = ['apps/web', 'packages/contract/src'];
const SKIPPED = new Set(['node_modules', 'dist', '.vite', 'coverage']);
/** The environment variables the bundle embeds (Vite's envPrefix). */
export const EMBEDDED_ENV = /^(VITE_|OAUTH_CLIENT_)/;

function files(root, dir) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      return entry.isDirectory() ? files(root, path) : [path];
    });
}

/** The hash of everything the web build depends on. */
export function webBuildInputsHash(root, env = process.env) {
  const hash = createHash('sha256');
  for (const path of [...SOURCES.flatMap((dir) => files(root, dir)), 'package-lock.json'].sort()) {
    hash.update(`${path}\0`);
    if (existsSync(join(root, path))) hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => EMBEDDED_ENV.test(k))
    .sort()) {
    hash.update(`${key}=${env[key]}\0`);
  }
  return hash.digest('hex');
}

/** Why the bundle must be (re)built, or null when the one in dist was built from these very inputs. */
export function webBuildNeeded(root, env = process.env) {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) return 'absente';
  const stamp = join(root, WEB_STAMP);
  if (!existsSync(stamp)) return 'construite sans empreinte';
  return readFileSync(stamp, 'utf8').trim() === webBuildInputsHash(root, env)
    ? null
    : 'sources ou réglages modifiés';
}
