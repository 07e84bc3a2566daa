/**
 * The first visit in Chromium (issue 18): `npm run bench -- cold`. Builds what is missing (the web app
 * when its stamp differs, the API), starts the compiled server on a fresh embedded database with the
 * demo data (as `npm start` does), and runs e2e/bench/first-visit.ts against it: an empty cache, sign in
 * as `admin`, Administration → Utilisateurs until the tenth row, then the same in a warm cache, beside
 * the floor (a bare page asking the same server for the same token and list). Numbers only.
 *
 * COLD_RUNS (7 by default) sets the number of runs; the medians and the load average are printed, and
 * the waterfall of the median cold visit. Ports: the first two free of BENCH_PORTS (8096–8099 by default).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './http';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const API_DIR = join(ROOT, 'apps/api');

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} a échoué (code ${result.status}).`);
}

export default async function coldBench() {
  run(process.execPath, ['scripts/build-web-if-needed.mjs'], ROOT);
  run(process.execPath, ['scripts/build.mjs'], API_DIR);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'union-cold-'));
  const server = spawn(process.execPath, ['dist/server.js'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // The demo data is written before the server listens.
    const deadline = Date.now() + 180_000;
    while (
      !(await fetch(`${url}/`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('Le serveur n’a pas démarré.');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // The floor's port is taken while the server holds its own, so the two differ.
    const floorPort = await freePort();
    run(
      'npx',
      [
        'tsx',
        'bench/first-visit.ts',
        '--url',
        url,
        '--floor-port',
        String(floorPort),
        '--runs',
        process.env.COLD_RUNS ?? '7',
        '--waterfall',
      ],
      join(ROOT, 'e2e'),
    );
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
