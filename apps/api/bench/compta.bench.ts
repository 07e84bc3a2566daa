/**
 * The Union's accounting (issue 11): the order search over 50,000 orders (p95 of
 * POST /api/compta/commande/search with a few criteria), issuing 1,000 invoices through the service (each
 * one numbered in the gapless yearly series), re-sending Factur-X invoices by e-mail, and the year's
 * fee-call table as Excel for 50 lodges. Self-contained: one function seeds and measures.
 */
import { performance } from 'node:perf_hooks';
import { entities, membershipFees, memberships, users } from '../src/db/schema';
import { systemClock, type RequestContext } from '../src/lib/context';
import { ordersService } from '../src/modules/compta/orders/service';
import { hashPassword } from '../src/lib/secrets';
import { PAYMENTS_SQL, feeCallsSql, rentalsAndServicesSql } from './accounting-rows';
import { measure, report, type Measure } from './lib';
import { CLIENT_BASIC, startBenchApp, type BenchApp } from './setup';

const ORDERS = 50_000;
const ENTITIES = 50;
const MEMBERS_PER_ENTITY = 20;
/** Fee calls: every entity, 20 years, 4 instalments; the other orders are rentals and services. */
const YEARS = 20;
const ISSUED = 1_000;
const SENT = 100;
const PASSWORD = 'Mot-de-passe-bench-1';
const XSRF = 'bench-xsrf';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `work` `n` times one after the other (a treasurer's clicks): per-call latencies as a Measure. */
async function sequential(name: string, n: number, work: (i: number) => Promise<unknown>): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await work(i).catch((e: unknown) => {
      errors++;
      if (errors === 1) console.error(e);
    });
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: n,
    concurrency: 1,
    perSecond: n / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** Seeds 50 lodges with their members and about `orders` orders (generate_series); answers what the measures need. */
export async function seedAccounting(bench: BenchApp, orders = ORDERS) {
  const db = bench.handle.db;
  const loadStart = performance.now();

  const [treasurer] = await db
    .insert(users)
    .values({
      identifiant: 'bench-tresorier',
      nom: 'Banc',
      prenom: 'Trésorier',
      email: 'bench-tresorier@exemple.fr',
      habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'],
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  const lodges = await db
    .insert(entities)
    .values(
      Array.from({ length: ENTITIES }, (_, i) => ({
        code: `LOGE-${i}`,
        nom: `Loge ${i}`,
        type: i % 3 === 0 ? ('DH' as const) : ('GODF' as const),
        adresseFacturation: `${i + 1} rue de la République, 69002 Lyon`,
        emailFacturation: `tresorerie${i}@exemple.fr`,
      })),
    )
    .returning({ id: entities.id });
  await db.insert(membershipFees).values([
    { entityType: 'GODF', montantAnnuel: 12000 },
    { entityType: 'DH', montantAnnuel: 9000 },
  ]);
  const members = await db
    .insert(users)
    .values(
      Array.from({ length: ENTITIES * MEMBERS_PER_ENTITY }, (_, i) => ({
        identifiant: `frere${i}`,
        nom: `Frère ${i}`,
        prenom: 'Jean',
        email: `frere${i}@exemple.fr`,
        habilitations: ['USER' as const],
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(memberships)
    .values(
      members.map((m, i) => ({ userId: m.id, entityId: lodges[i % ENTITIES]!.id, debut: '2015-09-01' })),
    );

  // 50,000 orders in two statements (generate_series): the fee calls (one per entity, year and
  // instalment, most issued and some paid), then rentals and services of every state over 20 years.
  const first = lodges[0]!.id;
  const years = `generate_series(${2026 - YEARS + 1}, 2026)`;
  await bench.handle.exec(
    feeCallsSql(`SELECT ${first} + g AS e FROM generate_series(0, ${ENTITIES - 1}) g`, years),
  );
  // The calls not yet made this year are not there: the rentals and services make up the 50,000.
  const [{ calls }] = (await bench.handle.rows<{ calls: number }>(
    'SELECT count(*)::int AS calls FROM accounting_orders',
  )) as [{ calls: number }];
  await bench.handle.exec(`
    ${rentalsAndServicesSql({
      count: String(orders - calls),
      from: `date '2007-01-01'`,
      days: YEARS * 365,
      firstLodge: String(first),
      lodges: String(ENTITIES),
    })}
    ${PAYMENTS_SQL}
    ANALYZE;
  `);
  const [{ n }] = (await bench.handle.rows<{ n: number }>(
    'SELECT count(*)::int AS n FROM accounting_orders',
  )) as [{ n: number }];
  const loadSeconds = (performance.now() - loadStart) / 1000;
  console.log(`${n} commandes chargées en ${loadSeconds.toFixed(1)} s`);
  return { lodges, treasurer: treasurer!, n, loadSeconds };
}

export default async function comptaBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  const { lodges, treasurer, n, loadSeconds } = await seedAccounting(bench);

  const token = (
    (await (
      await fetch(`${bench.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'bench-tresorier',
          password: PASSWORD,
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const call = (method: string, path: string, body?: object) =>
    fetch(`${bench.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const search = (criteria: object) =>
    call('POST', '/api/compta/commande/search', criteria).then(
      async (r) => r.status === 200 && ((await r.json()) as { total: number }).total >= 0,
    );

  // One treasurer at a time (what a user feels): the list as it opens, then the usual filters.
  const alone = { requests: 50, concurrency: 1, warmup: 5 };
  const searches = [
    await measure('liste par défaut (création décroissante)', () => search({}), alone),
    await measure('factures en retard', () => search({ enRetard: true }), alone),
    await measure(
      'une loge, une année',
      (i) => search({ idEntite: lodges[i % ENTITIES]!.id, annee: 2007 + (i % YEARS) }),
      alone,
    ),
    await measure(
      'appels de cotisation d’une année et tranche',
      (i) => search({ type: 'A', annee: 2007 + (i % YEARS), tranche: 'B' }),
      alone,
    ),
    await measure(
      'période de dates (un trimestre)',
      (i) => search({ du: `${2008 + (i % 18)}-01-01`, au: `${2008 + (i % 18)}-03-31` }),
      alone,
    ),
    await measure(
      'tri par loge, page au hasard',
      (i) => search({ tri: 'entite', sens: 'asc', page: 1 + ((i * 37) % 900) }),
      alone,
    ),
    await measure('liste par défaut, 4 trésoriers à la fois', () => search({}), {
      requests: 100,
      concurrency: 4,
      warmup: 0,
    }),
  ];
  report(`Recherche de commandes (${n.toLocaleString('fr-FR')} commandes)`, searches, [
    `Chargement (generate_series) : ${loadSeconds.toFixed(1)} s.`,
  ]);

  // 1,000 drafts, then issued one by one through the service as FACTURE_SENT does it (lock, number,
  // audit, one transaction each); then some re-sent by e-mail, which renders the Factur-X PDF.
  await bench.handle.exec(`
    INSERT INTO accounting_orders (type, entity_id, annee, objet, etat, total, created_at)
    SELECT 'S', ${lodges[0]!.id} + i % ${ENTITIES}, 2026, 'Brouillon ' || i, 'FC', 6000, now()
    FROM generate_series(1, ${ISSUED}) AS i;
    INSERT INTO accounting_lines (order_id, position, libelle, quantite, prix_unitaire, montant)
    SELECT id, 1, 'Location Temple Hiram', 2, 3000, 6000 FROM accounting_orders WHERE etat = 'FC' AND objet LIKE 'Brouillon %';
  `);
  const drafts = (
    await bench.handle.rows<{ id: number }>(
      `SELECT id FROM accounting_orders WHERE etat = 'FC' AND objet LIKE 'Brouillon %' ORDER BY id`,
    )
  ).map((r) => r.id);
  const ctx: RequestContext = {
    db,
    caller: { id: treasurer.id, habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] },
    clock: systemClock,
    publicUrl: 'http://localhost',
  };
  const issuing = [
    await sequential(`émettre ${ISSUED} factures (FACTURE_SENT, service)`, drafts.length, (i) =>
      ordersService.change(ctx, 'FACTURE_SENT', { id: drafts[i]! }),
    ),
    await sequential(`renvoyer ${SENT} factures par e-mail (Factur-X, SEND_FACTURE)`, SENT, (i) =>
      ordersService.change(ctx, 'SEND_FACTURE', { id: drafts[i]! }),
    ),
    await sequential(`PDF Factur-X d'une facture (GET …/document/facture)`, SENT, async (i) => {
      const r = await call('GET', `/api/compta/commande/${drafts[i]!}/document/facture`);
      if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
      await r.arrayBuffer();
    }),
  ];
  const numbers = await bench.handle.rows<{ n: number; first: string; last: string }>(
    `SELECT count(*)::int AS n, min(numero_facture) AS first, max(numero_facture) AS last
     FROM accounting_orders WHERE objet LIKE 'Brouillon %'`,
  );
  report('Émission de factures (une à une, comme le trésorier)', issuing, [
    `Numéros attribués : ${numbers[0]!.n} (${numbers[0]!.first} … ${numbers[0]!.last}).`,
  ]);

  // The year's fee-call table as Excel: one row per entity, its members counted, each instalment.
  let size = 0;
  const excel = [
    await measure(
      `tableau des cotisations 2025-2026 en Excel (${ENTITIES} loges)`,
      async () => {
        const r = await call('GET', '/api/compta/cotisation/excel?annee=2025');
        size = (await r.arrayBuffer()).byteLength;
        return r.status === 200;
      },
      { requests: 20, concurrency: 1, warmup: 2 },
    ),
    await measure(
      'export Excel d’une recherche (factures en retard)',
      async () => {
        const r = await call('POST', '/api/compta/commande/excel', { enRetard: true });
        await r.arrayBuffer();
        return r.status === 200;
      },
      { requests: 10, concurrency: 1, warmup: 1 },
    ),
  ];
  report('Classeurs Excel', excel, [`Taille du tableau des cotisations : ${(size / 1024).toFixed(1)} Kio.`]);
  await bench.close();
}
