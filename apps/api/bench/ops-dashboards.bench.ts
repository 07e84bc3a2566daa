/**
 * The restaurant manager's and the Union staff's dashboards (issue 33) at real size: a season of 300
 * meals sharing 20,000 orders (two lines each, half of them paid), 2,000 card movements in the year
 * (online and desk top-ups, meal payments), and 50,000 reservations over ten years in five rooms with
 * one request in twenty waiting. One manager at a time (what a person feels), then four at once. Runs on
 * BENCH_DATABASE_URL (PostgreSQL; an empty database of its own) when set, else on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { addDays, masonicYearBounds, masonicYearOf } from '@union/contract';
import { parisDay } from '../src/lib/dates';
import { tokenHash } from '../src/lib/secrets';
import { measure, report } from './lib';
import { startBenchApp } from './setup';

const ORDERS = 20_000;
const PER_MEAL = 67;
const DINERS = 2_000;
const CARDS = 500;
const MOVEMENTS = 2_000;
const RESERVATIONS = 50_000;
const DAYS = 3_650;

function seedSql(debut: string, firstDay: string, chef: string, staff: string): string {
  return `
    INSERT INTO entities (code, nom, type) VALUES ('UNION', 'Union', 'UN');
    INSERT INTO entities (code, nom, type) SELECT 'LOGE-' || i, 'Loge n° ' || i, 'GODF' FROM generate_series(1, 40) i;
    INSERT INTO rooms (nom, capacite, couleur, tarif_horaire)
      SELECT 'Salle ' || i, 50 * i, '#228be6', 3000 FROM generate_series(1, 5) i;
    INSERT INTO users (identifiant, nom, prenom, email, habilitations) VALUES
      ('bench-chef', 'Fourneau', 'Rémi', 'chef@exemple.fr', ARRAY['USER', 'RESTAURATION', 'MENUS']),
      ('bench-staff', 'Secrétan', 'Sophie', 'staff@exemple.fr', ARRAY['USER', 'PLANNING']);
    INSERT INTO memberships (user_id, entity_id, gestion, reservation)
      SELECT u.id, e.id, true, true FROM users u, entities e WHERE u.identifiant = 'bench-staff' AND e.code = 'UNION';
    INSERT INTO access_tokens (token_hash, user_id, expires_at)
      SELECT CASE identifiant WHEN 'bench-chef' THEN '${chef}' ELSE '${staff}' END, id, now() + interval '1 day'
      FROM users WHERE identifiant IN ('bench-chef', 'bench-staff');
    INSERT INTO users (identifiant, nom, prenom, email, habilitations)
      SELECT 'convive' || i, 'Convive ' || i, 'Jean', 'convive' || i || '@exemple.fr', ARRAY['USER', 'RESTAURATION']
      FROM generate_series(0, ${DINERS - 1}) i;
    INSERT INTO meals (jour, type, titre, places, places_prises, limite)
      SELECT DATE '${debut}' + i, 'M', 'Repas ' || i, 100, ${PER_MEAL}, (DATE '${debut}' + i)::timestamp
      FROM generate_series(0, ${Math.ceil(ORDERS / PER_MEAL) - 1}) i;
    INSERT INTO dishes (meal_id, type, libelle, prix)
      SELECT m.id, d.type, d.libelle, d.prix FROM meals m,
        (VALUES ('M', 'Menu du jour', 1800), ('P', 'Plat', 1350), ('D', 'Dessert', 500), ('C', 'Café', 150))
          AS d(type, libelle, prix);
    INSERT INTO meal_orders (meal_id, user_id, invites, montant, etat, moyen, commentaire, paid_at)
      SELECT (SELECT min(id) FROM meals) + i / ${PER_MEAL},
             (SELECT min(id) FROM users WHERE identifiant LIKE 'convive%') + i % ${DINERS},
             i % 3, 1950,
             CASE WHEN i % 2 = 0 THEN 'P' ELSE 'C' END,
             CASE WHEN i % 2 = 1 THEN NULL WHEN i % 6 = 0 THEN 'B' WHEN i % 6 = 2 THEN 'C' ELSE 'L' END,
             CASE WHEN i % 25 = 0 THEN 'Allergie aux arachides' END,
             CASE WHEN i % 2 = 0 THEN (DATE '${debut}' + i / ${PER_MEAL})::timestamp + interval '12 hours' END
      FROM generate_series(0, ${ORDERS - 1}) i;
    INSERT INTO meal_order_lines (order_id, dish_id, quantite, prix_unitaire)
      SELECT o.id, d.id, 1, d.prix FROM meal_orders o JOIN dishes d ON d.meal_id = o.meal_id AND d.type IN ('M', 'C');
    INSERT INTO cards (user_id) SELECT id FROM users WHERE identifiant LIKE 'convive%' ORDER BY id LIMIT ${CARDS};
    INSERT INTO till_sessions (caisse, fond_initial, opened_by, opened_at)
      SELECT 'B', 5000, id, DATE '${debut}'::timestamp FROM users WHERE identifiant = 'bench-chef';
    INSERT INTO card_movements (card_id, type, montant, libelle, till_session_id, moyen, created_at)
      SELECT (SELECT min(id) FROM cards) + i % ${CARDS},
             (ARRAY['R', 'G', 'P', 'P', 'G'])[1 + i % 5],
             CASE WHEN i % 5 IN (2, 3) THEN -1950 ELSE 3000 END,
             'Mouvement ' || i,
             CASE WHEN i % 5 IN (1, 4) THEN (SELECT min(id) FROM till_sessions) END,
             CASE i % 5 WHEN 1 THEN 'E' WHEN 4 THEN 'C' END,
             DATE '${debut}'::timestamp + i * interval '4 hours'
      FROM generate_series(0, ${MOVEMENTS - 1}) i;
    INSERT INTO reservations (room_id, entity_id, jour, debut, fin, type, libelle, etat, created_at)
      SELECT (SELECT min(id) FROM rooms) + i % 5,
             (SELECT min(id) FROM entities WHERE type = 'GODF') + i % 40,
             DATE '${firstDay}' + floor(i / ${RESERVATIONS / DAYS})::int,
             (ARRAY[480, 840, 1140])[1 + (i / 5) % 3],
             (ARRAY[600, 960, 1320])[1 + (i / 5) % 3],
             'TC', 'Réunion ' || i,
             CASE WHEN i % 20 = 0 THEN 'DC' ELSE 'CR' END,
             DATE '${firstDay}'::timestamp + floor(i / ${RESERVATIONS / DAYS})::int * interval '1 day'
      FROM generate_series(0, ${RESERVATIONS - 1}) i;
    INSERT INTO closures (jour, motif) SELECT DATE '${debut}' + i * 17, 'Fermeture ' || i FROM generate_series(0, 20) i;
    ANALYZE;`;
}

export default async function opsDashboardsBench() {
  const bench = await startBenchApp();
  const today = parisDay();
  const { debut } = masonicYearBounds(masonicYearOf(today));
  const chef = randomBytes(32).toString('base64url');
  const staff = randomBytes(32).toString('base64url');
  const start = performance.now();
  await bench.handle.exec(seedSql(debut, addDays(today, -DAYS / 2), tokenHash(chef), tokenHash(staff)));
  const seeded = (performance.now() - start) / 1000;
  const get = (path: string, token: string) => async () => {
    const response = await fetch(`${bench.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const restaurant = get('/api/repas/tableau-de-bord', chef);
  const planning = get('/api/reservation/tableau-de-bord', staff);
  const measures = [
    await measure('GET /api/repas/tableau-de-bord (1)', restaurant, { requests: 200, concurrency: 1 }),
    await measure('GET /api/repas/tableau-de-bord (4)', restaurant, { requests: 200, concurrency: 4 }),
    await measure('GET /api/reservation/tableau-de-bord (1)', planning, { requests: 200, concurrency: 1 }),
    await measure('GET /api/reservation/tableau-de-bord (4)', planning, { requests: 200, concurrency: 4 }),
  ];
  await bench.close();
  report(
    `Tableaux de bord du restaurant et du planning (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    measures,
    [
      `${ORDERS.toLocaleString('fr-FR')} commandes sur une saison, ${MOVEMENTS.toLocaleString('fr-FR')} mouvements de cartes, ` +
        `${RESERVATIONS.toLocaleString('fr-FR')} réservations sur dix ans (chargés en ${seeded.toFixed(1)} s).`,
      'Objectif (issue 33) : p95 < 50 ms sur PostgreSQL, une personne à la fois.',
    ],
  );
}
