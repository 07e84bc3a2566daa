// `npm start` builds the web app only when its bundle is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return max;
    const path = join(dir, entry.name);
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const bundle = 'apps/web/dist/index.html';
const sources = Math.max(newest('apps/web'), newest('packages/contract/src'));
if (existsSync(bundle) && statSync(bundle).mtimeMs >= sources) process.exit(0);
console.log("Construction de l'application web…");
const build = spawnSync('npm', ['run', 'build', '-w', '@union/web'], { stdio: 'inherit' });
process.exit(build.status ?? 1);
