/**
 * The forgotten-password request seen through the request that follows it (issue 17, part 5): the
 * answer of PATCH /api/user/password is sent before any query, and its work runs after; on PGlite that
 * work holds the one connection, so the next request (here a calendar feed's lookup, one query) waits
 * for it. Known and unknown addresses alternate in a shuffled order, each round after the previous one's
 * work is over; each known address is asked once (under its hourly limit). Numbers only, per engine:
 * the compiled server in its own process on the benchmarks' dataset (bench/dataset.ts), on PGlite, then on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. `BENCH_RESET_ROUNDS` (300) per kind.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../src/db/client';
import { prepareDataset } from './dataset';
import { freePort, startApp } from './http';

const ROUNDS = Number(process.env.BENCH_RESET_ROUNDS ?? 300);
/** Between rounds: the previous request's work (a few milliseconds) is long over. */
const PAUSE_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

type Kind = 'connue' | 'inconnue';

async function measureOn(kind: 'pglite' | 'postgres') {
  const data = await prepareDataset(kind);
  try {
    // Active accounts of the dataset, each asked once: under its hourly limit, as a real request is.
    const handle = await openDatabase({
      databaseUrl: data.env.DATABASE_URL,
      dataDir: data.env.DATA_DIR ?? '',
    });
    const known = (
      await handle.rows<{ email: string }>(
        `SELECT email FROM users WHERE etat = 'A' AND identifiant LIKE 'membre%' ORDER BY id LIMIT ${ROUNDS + 20}`,
      )
    ).map((r) => r.email);
    await handle.close();
    const server = await startApp(data, await freePort());
    const run = randomBytes(4).toString('hex');
    try {
      const ask = (email: string) =>
        fetch(`${server.url}/api/user/password`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: email }),
        });
      // One query (the feed's secret looked up), then 404: what any request would wait for.
      const next = () => fetch(`${server.url}/api/calendrier/${randomBytes(32).toString('base64url')}.ics`);
      const after: Record<Kind, number[]> = { connue: [], inconnue: [] };
      const order: Kind[] = [...Array<Kind>(ROUNDS).fill('connue'), ...Array<Kind>(ROUNDS).fill('inconnue')];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      let round = 0;
      let used = 0;
      // Ten rounds of each first, not counted: the server's first queries warm its caches.
      const warmup: Kind[] = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'connue' : 'inconnue'));
      for (const kind of [...warmup, ...order]) {
        const counted = round++ >= warmup.length;
        const email = kind === 'connue' ? known[used++]! : `personne-${run}-${round}@exemple.fr`;
        const answer = await ask(email);
        await answer.arrayBuffer();
        if (answer.status !== 204) throw new Error(`reset request answered ${answer.status}`);
        const t0 = performance.now();
        const response = await next();
        await response.arrayBuffer();
        const ms = performance.now() - t0;
        if (response.status !== 404) throw new Error(`next request answered ${response.status}`);
        if (counted) after[kind].push(ms);
        await sleep(PAUSE_MS);
      }
      console.table(
        (['connue', 'inconnue'] as const).map((k) => ({
          moteur: data.label,
          'requête suivante, après une adresse': k,
          requêtes: after[k].length,
          'p50 ms': Number(percentile(after[k], 50).toFixed(2)),
          'p95 ms': Number(percentile(after[k], 95).toFixed(2)),
          'moyenne ms': Number((after[k].reduce((a, b) => a + b, 0) / after[k].length).toFixed(2)),
        })),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await data.cleanup();
  }
}

export default async function resetBench() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: new URL('..', import.meta.url),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');
  console.log('\n## Mot de passe oublié : la requête qui suit, après une adresse connue ou inconnue');
  await measureOn('pglite');
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await measureOn('postgres');
}
