/**
 * The Union's bank (issue 34): a CAMT.053 statement of 5,000 lines imported, then read with each line's
 * proposal against 20,000 open invoices (2,000 lines name their invoice, 1,500 pay one lodge's amount
 * without its number, 1,500 match nothing). Both through HTTP, in one process with the server; run on
 * one CPU as docs/decisions/speed.md says (`taskset -c 0 npm run bench -- bank`).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { unionSettings, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/secrets';
import { demoStatementXml, DEMO_BANK_IBAN } from '../src/seed/bank';
import { BENCH_PASSWORD, CLIENT_BASIC, startBenchApp } from './setup';

const LINES = 5_000;
const INVOICES = 20_000;
const LODGES = 200;
const XSRF = 'bench-xsrf';

export default async function bankBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  await db.insert(users).values({
    identifiant: 'bench-tresorier',
    nom: 'Banc',
    prenom: 'Trésorier',
    email: 'bench-tresorier@exemple.fr',
    habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'],
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
  await db.insert(unionSettings).values({
    id: 1,
    raisonSociale: 'Union',
    adresse: 'Lyon',
    email: 'union@exemple.fr',
    mentionTva: 'TVA non applicable',
    comptesBancaires: [{ nom: 'Compte courant', iban: DEMO_BANK_IBAN, bic: null, compte: '512' }],
  });
  await db.execute(
    sql.raw(`
    INSERT INTO entities (code, nom, type) SELECT 'BANC' || i, 'Loge numero ' || to_char(i, 'FM000'), 'GODF'
      FROM generate_series(1, ${LODGES}) AS i`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO accounting_orders (type, entity_id, annee, objet, etat, total, numero_facture,
      date_facture, date_echeance, created_at)
    SELECT 'S', (SELECT min(id) FROM entities) + i % ${LODGES}, 2026, 'Prestation ' || i, 'FE',
      1000 + i, 'FA-2026-' || lpad(i::text, 5, '0'), date '2026-10-01', date '2026-10-31',
      timestamp '2026-10-01 10:00'
    FROM generate_series(1, ${INVOICES}) AS i;`),
  );

  const entries = Array.from({ length: LINES }, (_, i) => {
    const day = `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`;
    const ref = `BANC-${i}`;
    // Invoice n is of lodge n % LODGES and is 1000 + n cents.
    if (i < 2000) {
      const n = 1 + i * 7;
      return { ref, day, cents: 1000 + n, name: 'LOGE', text: `VIR FA-2026-${String(n).padStart(5, '0')}` };
    }
    if (i < 3500) {
      const n = 15_000 + i;
      return {
        ref,
        day,
        cents: 1000 + n,
        name: `LOGE NUMERO ${String((n % LODGES) + 1).padStart(3, '0')}`,
        text: 'Virement loge',
      };
    }
    return { ref, day, cents: i % 2 ? 777 : -555, name: 'DIVERS', text: `Operation ${i}` };
  });
  const xml = demoStatementXml({
    id: 'BANC-2026-11',
    du: '2026-11-01',
    au: '2026-11-30',
    opening: 0,
    entries,
  });

  const tokenResponse = await fetch(`${bench.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'bench-tresorier',
      password: BENCH_PASSWORD,
    }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

  const send = (body: string, name: string) => {
    const form = new FormData();
    form.append('fichier', new Blob([body], { type: 'application/xml' }), name);
    return fetch(`${bench.url}/api/compta/banque/releves`, { method: 'POST', headers, body: form });
  };
  // The worker that reads files is started (and, under tsx, compiled) by a first small statement: the
  // figures are those of a running server.
  const warm = demoStatementXml({
    id: 'BANC-0',
    du: '2026-10-01',
    au: '2026-10-31',
    opening: 0,
    entries: [],
  });
  if ((await send(warm, 'warm.xml')).status !== 201) throw new Error('the warm-up import failed');
  const t0 = performance.now();
  const imported = await send(xml, 'releve.xml');
  const report = (await imported.json()) as { nouvelles: number; releves: { id: number }[] };
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}`);
  const t1 = performance.now();
  const read = await fetch(`${bench.url}/api/compta/banque/releves/${report.releves[0]!.id}`, { headers });
  const statement = (await read.json()) as { lignes: { proposition: { nature: string } | null }[] };
  if (read.status !== 200) throw new Error(`statement answered ${read.status}`);
  const t2 = performance.now();
  const count = (nature: string) => statement.lignes.filter((l) => l.proposition?.nature === nature).length;

  console.log(
    `\n## Relevé bancaire (${LINES} lignes, ${(xml.length / 1024).toFixed(0)} Kio) contre ${INVOICES} factures ouvertes (${bench.handle.kind})`,
  );
  console.table([
    { étape: 'import (lecture, écriture)', 'durée ms': Math.round(t1 - t0), lignes: report.nouvelles },
    {
      étape: 'relevé et correspondances',
      'durée ms': Math.round(t2 - t1),
      lignes: `${count('exacte')} exactes, ${count('suggestion')} suggestions`,
    },
    { étape: 'total', 'durée ms': Math.round(t2 - t0), lignes: statement.lignes.length },
  ]);
  await bench.close();
}
