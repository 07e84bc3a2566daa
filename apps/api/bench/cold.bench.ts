/**
 * The first visit in Chromium (issue 18): `npm run bench -- cold`. Builds what is missing (the web app
 * when its stamp differs, the API), starts the compiled server on a fresh embedded database with the
 * demo data (as `npm start` does), and runs e2e/bench/first-visit.ts against it: an empty cache, sign in
 * as `admin`, Administration → Utilisateurs until the tenth row, then the same in a warm cache, beside
 * the floor (a bare page asking the same server for the same token and list). Numbers only.
 *
 * COLD_RUNS (7 by default) sets the number of runs; the medians and the load average are printed, and
 * the waterfall of the median cold visit. Ports: the first free of BENCH_PORTS (8096–8099 by default).
 *
 * COLD_PAHEKO=1 also installs and serves Paheko 1.3.22 with 151 members (`../shared/peers/paheko.sh`, or
 * the script PAHEKO_SH names; about a minute the first time, PHP from Debian) and measures its first
 * visit in the same runs; when it cannot start, the bench says why and measures the application alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

/** Paheko served by PHP's built-in server (as the peer's script does), or why it could not be. */
async function startPaheko(): Promise<{ url: string; stop: () => void } | { failure: string }> {
  const script = process.env.PAHEKO_SH ?? join(ROOT, '../shared/peers/paheko.sh');
  if (!existsSync(script)) return { failure: `le script ${script} est introuvable (PAHEKO_SH le désigne)` };
  const port = await freePort();
  const dir = join(tmpdir(), 'union-bench-paheko');
  // Its own process group: the script leaves PHP's server running in the background, stopped with the group.
  const child = spawn('bash', [script, dir, String(port)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already stopped.
    }
  };
  if (code !== 0) {
    stop();
    return {
      failure: `le script a échoué (code ${code}) : PHP 8.2 s’installe depuis Debian, faut-il le réseau ?`,
    };
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${url}/admin/login.php`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) {
      stop();
      return { failure: `il ne répond pas sur ${url} (voir ${dir}/paheko.log)` };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
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
  let stopPaheko = () => {};
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
    const paheko = process.env.COLD_PAHEKO ? await startPaheko() : undefined;
    if (paheko && 'failure' in paheko)
      console.log(`\nPaheko n’a pas pu être démarré : ${paheko.failure}. La mesure continue sans lui.`);
    if (paheko && 'url' in paheko) stopPaheko = paheko.stop;
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
        ...(paheko && 'url' in paheko ? ['--paheko', paheko.url] : []),
      ],
      join(ROOT, 'e2e'),
    );
  } finally {
    stopPaheko();
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
