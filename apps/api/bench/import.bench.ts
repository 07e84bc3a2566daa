/**
 * Member import: a 5,000-row CSV (4,500 new members, 500 already known) into a lodge of a database
 * that already holds 20,000 accounts. Times the dry run and the real import, and the peak memory of
 * the process (server and client share it) while each runs.
 */
import { performance } from 'node:perf_hooks';
import { API, pathTo } from '@union/contract';
import { entities, users } from '../src/db/schema';
import { peakMemory } from './lib';
import { BENCH_PASSWORD, CLIENT_BASIC, createBenchAdmin, startBenchApp } from './setup';

const ROWS = 5000;
const KNOWN = 500;
const EXISTING_ACCOUNTS = 20_000;
const XSRF = 'bench-xsrf';

export default async function importBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  await createBenchAdmin(db);
  for (let start = 0; start < EXISTING_ACCOUNTS; start += 1000) {
    await db.insert(users).values(
      Array.from({ length: 1000 }, (_, k) => {
        const i = start + k;
        return {
          identifiant: `existant${i}`,
          nom: `Existant${i}`,
          prenom: 'Membre',
          email: `existant${i}@exemple.fr`,
          habilitations: ['USER' as const],
        };
      }),
    );
  }
  const [lodge] = await db
    .insert(entities)
    .values({ code: 'BANC', nom: 'Loge du banc', type: 'GODF' })
    .returning();

  const lines = Array.from({ length: ROWS }, (_, i) =>
    i < KNOWN
      ? `Existant${i};Membre;existant${i}@exemple.fr;04 78 00 00 00;Membre`
      : `Nouveau${i};Prénom${i};nouveau${i}@exemple.fr;04 78 00 00 00;Membre`,
  );
  const csv = `Nom;Prénom;E-mail;Téléphone;Fonction\n${lines.join('\n')}\n`;

  const tokenResponse = await fetch(`${bench.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'bench-admin',
      password: BENCH_PASSWORD,
    }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };

  const send = async (dryRun: boolean) => {
    const form = new FormData();
    form.append('fichier', new Blob([csv], { type: 'text/csv' }), 'membres.csv');
    const t0 = performance.now();
    const response = await fetch(
      `${bench.url}${pathTo(API.imports.userImport, {}, { idEntite: lodge!.id, dryRun })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        body: form,
      },
    );
    const report = (await response.json()) as { creations: number; misesAJour: number };
    if (response.status !== 200) throw new Error(`import answered ${response.status}`);
    return { ms: performance.now() - t0, report };
  };

  const rssMiB = () => process.memoryUsage().rss / 1024 / 1024;
  const baseline = rssMiB();
  const beforePreview = rssMiB();
  const preview = await peakMemory(() => send(true));
  const beforeRun = rssMiB();
  const run = await peakMemory(() => send(false));

  console.log(
    `\n## Import de membres (${ROWS} lignes, ${(csv.length / 1024).toFixed(0)} Kio, ${bench.handle.kind})`,
  );
  console.table([
    {
      étape: 'aperçu (dryRun=true)',
      'durée ms': Math.round(preview.result.ms),
      créations: preview.result.report.creations,
      'mises à jour': preview.result.report.misesAJour,
      'mémoire max Mio': Math.round(preview.peakMiB),
      'hausse Mio': Math.round(preview.peakMiB - beforePreview),
    },
    {
      étape: 'import',
      'durée ms': Math.round(run.result.ms),
      créations: run.result.report.creations,
      'mises à jour': run.result.report.misesAJour,
      'mémoire max Mio': Math.round(run.peakMiB),
      'hausse Mio': Math.round(run.peakMiB - beforeRun),
    },
  ]);
  console.log(
    `Mémoire résidente avant les deux appels : ${Math.round(baseline)} Mio (serveur et client dans le même processus, base comprise avec PGlite) ; base de ${EXISTING_ACCOUNTS} comptes existants.`,
  );
  await bench.close();
}
