/**
 * `npm run bench [name…]`: runs every bench/*.bench.ts (or those named). The HTTP benchmarks (files
 * exporting `scenarios`) share one realistic database per engine (PGlite, and PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set): the compiled application runs in its own process,
 * then the floor (bench/floor.ts) on the same data, and each figure is printed beside its floor. Other
 * benchmarks export a function that prints its own table. Numbers only: never asserted, never in npm test.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ACCOUNTS, RESERVATIONS, prepareDataset } from './dataset';
import { DOCUMENTS, MOVEMENTS, ORDERS } from './lists-dataset';
import { freePort, measurePair, startApp, startFloor, type Figures, type Scenario } from './http';

const wanted = process.argv.slice(2);
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

console.log(`# Bancs d'essai (${new Date().toISOString()}, Node ${process.version})`);
const modules = await Promise.all(
  files.map(
    async (file) => (await import(`./${file}`)) as { scenarios?: Scenario[]; default?: () => Promise<void> },
  ),
);
const scenarios = modules.flatMap((m) => m.scenarios ?? []);

if (scenarios.length) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: new URL('..', import.meta.url),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // BENCH_ENGINES=postgres (or pglite) runs one engine only.
  const kinds = (['pglite', 'postgres'] as const).filter(
    (kind) =>
      (process.env.BENCH_ENGINES ?? kind).split(',').includes(kind) &&
      (kind === 'pglite' || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL),
  );
  for (const kind of kinds) {
    const data = await prepareDataset(kind, { lists: files.includes('lists.bench.ts') });
    const lists = files.includes('lists.bench.ts')
      ? `, ${DOCUMENTS.toLocaleString('fr-FR')} documents, ${ORDERS.toLocaleString('fr-FR')} commandes, une carte de ${MOVEMENTS.toLocaleString('fr-FR')} mouvements`
      : '';
    console.log(
      `\n## ${data.label} : ${ACCOUNTS.toLocaleString('fr-FR')} comptes, ${RESERVATIONS.toLocaleString('fr-FR')} réservations sur dix ans${lists} (chargés en ${data.seedSeconds.toFixed(1)} s)`,
    );
    try {
      const app = await startApp(data, await freePort());
      const floor = await startFloor(data, await freePort());
      const results: { app: Figures; floor: Figures }[] = [];
      try {
        for (const scenario of scenarios) {
          results.push(await measurePair(app, floor, data.token, scenario.load(data)));
          process.stdout.write(`  ${scenario.figure} : mesuré\n`);
        }
      } finally {
        await app.stop();
        await floor.stop();
      }
      console.table(
        scenarios.flatMap((scenario, i) =>
          scenario.metrics.map((metric) => {
            const { app: a, floor: f } = results[i]!;
            const throughput = metric === 'perSecond';
            return {
              mesure: scenario.figure,
              grandeur: throughput ? 'req/s' : 'p95 ms',
              application: throughput ? Math.round(a.perSecond) : Number(a.p95.toFixed(1)),
              plancher: throughput ? Math.round(f.perSecond) : Number(f.p95.toFixed(1)),
              rapport: throughput
                ? `${((a.perSecond / f.perSecond) * 100).toFixed(0)} %`
                : `${(a.p95 / f.p95).toFixed(2)} ×`,
              'p50 ms (app)': Number(a.p50.toFixed(1)),
              'p50 ms (plancher)': Number(f.p50.toFixed(1)),
              erreurs: a.errors + f.errors,
              objectif: scenario.target ?? '',
            };
          }),
        ),
      );
    } finally {
      await data.cleanup();
    }
  }
}

for (const module of modules) if (module.default) await module.default();
process.exit(0);
