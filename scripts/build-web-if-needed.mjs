// `npm start` builds the web app only when its bundle is missing or was built from other inputs: other
// sources, or other OAUTH_CLIENT_* / VITE_* values (which the bundle embeds). See web-build-stamp.mjs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { webBuildNeeded } from './web-build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reason = webBuildNeeded(root);
if (reason === null) process.exit(0);
console.log(`Construction de l'application web (${reason})…`);
const build = spawnSync('npm', ['run', 'build', '-w', '@union/web'], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
