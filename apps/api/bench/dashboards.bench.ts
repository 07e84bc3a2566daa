/**
 * The treasurer's dashboard (issue 33): p95 of each of its calls, one treasurer at a time, on 20,000
 * orders with their payments (the accounting bench's seed) and 2,000 card movements over the year.
 * `npm run bench -- dashboards`; on PostgreSQL with BENCH_DATABASE_URL. Target: p95 under 50 ms.
 */
import { seedAccounting } from './compta.bench';
import { measure, report } from './lib';
import { benchToken, startBenchApp } from './setup';

const ORDERS = 20_000;
const MOVEMENTS = 2_000;
const CARDS = 200;

export default async function dashboardsBench() {
  const bench = await startBenchApp();
  try {
    const { n, loadSeconds } = await seedAccounting(bench, ORDERS);
    // 200 members' cards, 2,000 movements over the last twelve months: top-ups, then meals paid.
    await bench.handle.exec(`
      INSERT INTO cards (user_id) SELECT id FROM users WHERE identifiant LIKE 'frere%' ORDER BY id LIMIT ${CARDS};
      INSERT INTO card_movements (card_id, type, montant, libelle, created_at)
      SELECT c.id, CASE WHEN g % 3 = 0 THEN 'R' ELSE 'P' END,
             CASE WHEN g % 3 = 0 THEN 5000 ELSE -1800 END,
             'Mouvement ' || g, now() - (g % 365) * interval '1 day'
      FROM generate_series(1, ${MOVEMENTS}) g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM cards) c ON c.k = g % ${CARDS};
      ANALYZE;
    `);
    const token = await benchToken(bench.url, 'bench-tresorier');
    const get = (path: string) =>
      fetch(`${bench.url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => {
        await r.arrayBuffer();
        return r.status === 200;
      });
    const alone = { requests: 100, concurrency: 1, warmup: 10 };
    const year = new Date().getUTCFullYear();
    const measures = [
      // What the machine gives any read of the accounts (the aged receivables of issue 20), for comparison.
      await measure('référence : balance âgée (issue 20)', () => get('/api/compta/balance-agee'), alone),
      await measure(
        'créances par loge et ancienneté',
        () => get('/api/compta/tableau-de-bord/creances'),
        alone,
      ),
      await measure(
        'facturé et encaissé par mois (deux exercices)',
        (i) => get(`/api/compta/tableau-de-bord/mois?annee=${year - (i % 3)}`),
        alone,
      ),
      await measure('soldes des cartes (douze mois)', () => get('/api/compta/tableau-de-bord/cartes'), alone),
      await measure('appel et relances à venir', () => get('/api/compta/tableau-de-bord/echeances'), alone),
      await measure(
        'les quatre appels du tableau de bord, 4 trésoriers',
        (i) => get(`/api/compta/tableau-de-bord/${['creances', 'mois', 'cartes', 'echeances'][i % 4]}`),
        { requests: 200, concurrency: 4, warmup: 0 },
      ),
    ];
    report(
      `Tableau de bord comptable (${n.toLocaleString('fr-FR')} commandes, ${MOVEMENTS.toLocaleString('fr-FR')} mouvements de carte)`,
      measures,
      [`Chargement : ${loadSeconds.toFixed(1)} s. Objectif : p95 sous 50 ms.`],
    );
  } finally {
    await bench.close();
  }
}
