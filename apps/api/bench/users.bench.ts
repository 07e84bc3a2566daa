/**
 * User search on 100,000 accounts (POST /api/user/search as an administrator): free text over nom,
 * prénom, identifiant and e-mail (trigram index, accents ignored), the plain sorted list, and the
 * entity and habilitation filters. Prints throughput and latency percentiles (p95 is the target).
 */
import { performance } from 'node:perf_hooks';
import type { Habilitation } from '@union/contract';
import { entities, memberships, users } from '../src/db/schema';
import { measure, report } from './lib';
import { BENCH_PASSWORD, CLIENT_BASIC, createBenchAdmin, startBenchApp } from './setup';

const USERS = 100_000;
const BATCH = 2000;
const XSRF = 'bench-xsrf';
const FIRST = [
  'Jean',
  'Hélène',
  'François',
  'Zoé',
  'Élodie',
  'André',
  'Cécile',
  'Loïc',
  'Marie',
  'Noël',
  'Agnès',
  'Jérôme',
];
const LAST = [
  'Martin',
  'Lefèvre',
  'Dubois',
  'Garçon',
  'Bérard',
  'Chênevière',
  'Moreau',
  'Fournier',
  'Müller',
  'Roux',
  'Pétain',
  'Lagarde',
];
const HABILITATIONS: Habilitation[][] = [
  ['USER'],
  ['USER', 'RESTAURATION'],
  ['USER', 'LOGE'],
  ['USER', 'PLANNING'],
];

export default async function usersBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  await createBenchAdmin(db);
  const lodges = await db
    .insert(entities)
    .values(
      Array.from({ length: 40 }, (_, i) => ({ code: `LOGE-${i}`, nom: `Loge ${i}`, type: 'GODF' as const })),
    )
    .returning({ id: entities.id });

  // A bulk load, as a real migration would do it: the trigram index is built once at the end rather
  // than maintained row by row (which costs minutes on the embedded engine).
  const loadStart = performance.now();
  await bench.handle.exec('DROP INDEX users_search_trgm');
  for (let start = 0; start < USERS; start += BATCH) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: BATCH }, (_, k) => {
          const i = start + k;
          const prenom = FIRST[i % FIRST.length]!;
          const nom = `${LAST[(i * 7) % LAST.length]!}${i % 97 === 0 ? '-Lambert' : ''}`;
          return {
            identifiant: `membre${i}`,
            nom,
            prenom,
            email: `membre${i}@exemple.fr`,
            habilitations: HABILITATIONS[i % HABILITATIONS.length]!,
            etat: i % 50 === 0 ? ('I' as const) : ('A' as const),
          };
        }),
      )
      .returning({ id: users.id });
    await db.insert(memberships).values(
      rows.map((r, k) => ({
        userId: r.id,
        entityId: lodges[(start + k) % lodges.length]!.id,
        debut: '2020-09-01',
      })),
    );
  }
  await bench.handle.exec('CREATE INDEX users_search_trgm ON users USING gin (search_text gin_trgm_ops)');
  await bench.handle.exec('ANALYZE');
  const loadSeconds = (performance.now() - loadStart) / 1000;
  console.log(`${USERS} comptes chargés en ${loadSeconds.toFixed(1)} s`);

  const token = (
    (await (
      await fetch(`${bench.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'bench-admin',
          password: BENCH_PASSWORD,
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const search = (criteria: object) =>
    fetch(`${bench.url}/api/user/search`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
      },
      body: JSON.stringify(criteria),
    }).then(async (r) => r.status === 200 && ((await r.json()) as { total: number }).total >= 0);

  // Texts a secretary types: part of a name without accents, an identifiant, a name and first name.
  const TEXTS = [
    'helene',
    'lefev',
    'chenev',
    'membre4242',
    'garcon zoe',
    'muller',
    'jerome dub',
    'lambert',
    'agnes',
    '@exemple.fr',
  ];
  // One administrator at a time (what a user feels), then four at once: PGlite serves one query at a
  // time, so concurrent requests queue and their latency adds up.
  const alone = { requests: 100, concurrency: 1, warmup: 10 };
  const together = { requests: 200, concurrency: 4, warmup: 0 };
  const freeText = (i: number) => search({ texte: TEXTS[i % TEXTS.length] });
  const measures = [
    await measure('texte libre (10 recherches variées)', freeText, alone),
    await measure(
      'liste triée par nom, page au hasard',
      (i) => search({ tri: 'nom', page: 1 + ((i * 37) % 500) }),
      alone,
    ),
    await measure('filtre entité', (i) => search({ entiteId: lodges[i % lodges.length]!.id }), alone),
    await measure(
      'filtre habilitation + état, tri par e-mail décroissant',
      () => search({ habilitation: 'LOGE', etat: 'A', tri: 'email', sens: 'desc' }),
      alone,
    ),
    await measure('texte libre, 4 administrateurs à la fois', freeText, together),
  ];
  report(`Recherche d'utilisateurs (${USERS.toLocaleString('fr-FR')} comptes)`, measures, [
    `Chargement des comptes et appartenances, index compris : ${loadSeconds.toFixed(1)} s.`,
    `p95 de la recherche en texte libre : ${measures[0]!.p95.toFixed(1)} ms seule, ${measures[4]!.p95.toFixed(1)} ms à 4 en même temps.`,
  ]);
  await bench.close();
}
