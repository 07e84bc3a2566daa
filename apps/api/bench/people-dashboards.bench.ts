/**
 * The lodge officers' and the administrators' dashboards (issue 33) at real size: 20,000 meal orders on
 * 300 meals (one in ten the agapes of a lodge's session), 2,000 card movements on 500 cards, 50,000
 * reservations over ten years among 40 lodges, 2,000 members, a lodge's invoices, half a year of sign-in
 * attempts (30,000), 20,000 e-mails in the outbox, a year of backups and 300 second factors. One person at
 * a time (what a person feels), then four at once. Runs on BENCH_DATABASE_URL (PostgreSQL; an empty
 * database of its own) when set, else on PGlite: `npm run bench people-dashboards`.
 */
import { randomBytes } from 'node:crypto';
import { addDays } from '@union/contract';
import { sql } from 'drizzle-orm';
import { entities } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { tokenHash } from '../src/lib/secrets';
import { measure, report } from './lib';
import { startBenchApp } from './setup';

const ORDERS = 20_000;
const MEALS = 300;
const MEMBERS = 2_000;
const CARDS = 500;
const MOVEMENTS = 2_000;
const RESERVATIONS = 50_000;
const DAYS = 3_650;
const ATTEMPTS = 30_000;
const EMAILS = 20_000;

function seedSql(today: string, venerable: string, admin: string): string {
  const firstDay = addDays(today, -DAYS / 2);
  const firstMeal = addDays(today, -MEALS / 2);
  return `
    INSERT INTO entities (code, nom, type) SELECT 'LOGE-' || i, 'Loge n° ' || i, 'GODF' FROM generate_series(1, 40) i;
    INSERT INTO rooms (nom, capacite, couleur, tarif_horaire)
      SELECT 'Salle ' || i, 50 * i, '#228be6', 3000 FROM generate_series(1, 5) i;
    INSERT INTO users (identifiant, nom, prenom, email, habilitations) VALUES
      ('bench-venerable', 'Maître', 'Victor', 'venerable@exemple.fr', ARRAY['USER', 'LOGE']),
      ('bench-admin', 'Banc', 'Admin', 'admin@exemple.fr', ARRAY['USER', 'ADMIN']);
    INSERT INTO users (identifiant, nom, prenom, email, habilitations)
      SELECT 'membre' || i, 'Membre ' || i, 'Jean', 'membre' || i || '@exemple.fr', ARRAY['USER', 'RESTAURATION']
      FROM generate_series(0, ${MEMBERS - 1}) i;
    INSERT INTO memberships (user_id, entity_id, gestion, carte_loge)
      SELECT u.id, (SELECT min(id) FROM entities) + (u.id % 40), u.id % 50 = 0, false
      FROM users u WHERE u.identifiant LIKE 'membre%';
    INSERT INTO memberships (user_id, entity_id, gestion)
      SELECT id, (SELECT min(id) FROM entities), true FROM users WHERE identifiant = 'bench-venerable';
    INSERT INTO access_tokens (token_hash, user_id, expires_at)
      SELECT CASE identifiant WHEN 'bench-venerable' THEN '${venerable}' ELSE '${admin}' END, id, now() + interval '1 day'
      FROM users WHERE identifiant IN ('bench-venerable', 'bench-admin');
    INSERT INTO reservations (room_id, entity_id, jour, debut, fin, type, libelle, etat)
      SELECT (SELECT min(id) FROM rooms) + i % 5,
             (SELECT min(id) FROM entities) + (i / 5) % 40,
             DATE '${firstDay}' + floor(i / ${RESERVATIONS / DAYS})::int,
             (ARRAY[480, 840, 1140])[1 + i % 3],
             (ARRAY[600, 960, 1320])[1 + i % 3],
             'TC', 'Tenue ' || i,
             CASE WHEN i % 20 = 0 THEN 'DC' ELSE 'CR' END
      FROM generate_series(0, ${RESERVATIONS - 1}) i;
    INSERT INTO meals (jour, type, titre, places, places_prises, limite, reservation_id)
      SELECT DATE '${firstMeal}' + i, 'S', 'Repas ' || i, 100, 67, (DATE '${firstMeal}' + i)::timestamp,
             CASE WHEN i % 10 = 0 THEN (SELECT r.id FROM reservations r
               WHERE r.jour = DATE '${firstMeal}' + i AND r.entity_id = (SELECT min(id) FROM entities) LIMIT 1) END
      FROM generate_series(0, ${MEALS - 1}) i;
    INSERT INTO meal_orders (meal_id, user_id, invites, montant, etat, moyen)
      SELECT (SELECT min(id) FROM meals) + i / ${Math.ceil(ORDERS / MEALS)},
             (SELECT min(id) FROM users WHERE identifiant LIKE 'membre%') + i % ${MEMBERS},
             i % 3, 1950, CASE WHEN i % 2 = 0 THEN 'P' ELSE 'C' END, CASE WHEN i % 2 = 0 THEN 'B' END
      FROM generate_series(0, ${ORDERS - 1}) i
      ON CONFLICT DO NOTHING;
    INSERT INTO cards (user_id) SELECT id FROM users WHERE identifiant LIKE 'membre%' ORDER BY id LIMIT ${CARDS};
    INSERT INTO cards (entity_id) SELECT id FROM entities;
    INSERT INTO card_movements (card_id, type, montant, libelle, created_at)
      SELECT (SELECT min(id) FROM cards) + i % (${CARDS} + 40), CASE WHEN i % 3 = 0 THEN 'P' ELSE 'J' END,
             CASE WHEN i % 3 = 0 THEN -1950 ELSE 3000 END, 'Mouvement ' || i, now() - i * interval '4 hours'
      FROM generate_series(0, ${MOVEMENTS - 1}) i;
    INSERT INTO accounting_orders (type, entity_id, annee, objet, etat, total, numero_facture, date_facture, date_echeance)
      SELECT 'S', (SELECT min(id) FROM entities) + i % 40, 2026, 'Prestation ' || i, 'FE', 6000, 'FA-BANC-' || i,
             DATE '${today}' - i, DATE '${today}' - i + 30
      FROM generate_series(0, 1999) i;
    INSERT INTO sign_in_attempts (identifiant, ip, success, outcome, created_at)
      SELECT 'membre' || (i % ${MEMBERS}), '192.0.2.' || (i % 200), i % 7 <> 0,
             CASE WHEN i % 7 = 0 THEN 'bad_password' ELSE 'ok' END, now() - i * interval '9 minutes'
      FROM generate_series(0, ${ATTEMPTS - 1}) i;
    INSERT INTO email_outbox (destinataire, sujet, texte, statut, tentatives, created_at, sent_at)
      SELECT 'membre' || i || '@exemple.fr', 'Sujet', 'Texte', (ARRAY['E', 'E', 'E', 'X', 'P'])[1 + i % 5],
             CASE WHEN i % 5 >= 3 THEN 3 ELSE 0 END, now() - i * interval '15 minutes',
             CASE WHEN i % 5 < 3 THEN now() - i * interval '15 minutes' END
      FROM generate_series(0, ${EMAILS - 1}) i;
    INSERT INTO backups (origine, debut, fin, reussie, chiffree)
      SELECT 'quotidienne', now() - i * interval '1 day', now() - i * interval '1 day', i % 30 <> 5, false
      FROM generate_series(0, 364) i;
    INSERT INTO totp_factors (user_id, secret_sealed, confirmed_at)
      SELECT id, 'scellé', now() FROM users WHERE identifiant LIKE 'membre%' ORDER BY id LIMIT 300;
    ANALYZE;`;
}

export default async function peopleDashboardsBench() {
  const bench = await startBenchApp();
  const venerable = randomBytes(32).toString('base64url');
  const admin = randomBytes(32).toString('base64url');
  const start = performance.now();
  await bench.handle.exec(seedSql(parisDay(), tokenHash(venerable), tokenHash(admin)));
  const seeded = (performance.now() - start) / 1000;
  const [lodge] = await bench.handle.db.select({ id: sql<number>`min(${entities.id})` }).from(entities);
  const lodgeId = Number(lodge!.id);
  const get = (path: string, token: string) => async () => {
    const response = await fetch(`${bench.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const lodgePath = `/api/loge/${lodgeId}/tableau-de-bord`;
  const lodgeCall = get(lodgePath, venerable);
  const adminCall = get('/api/admin/tableau-de-bord', admin);
  const measures = [
    await measure(`GET ${lodgePath} (1)`, lodgeCall, { requests: 200, concurrency: 1 }),
    await measure(`GET ${lodgePath} (4)`, lodgeCall, { requests: 200, concurrency: 4 }),
    await measure('GET /api/admin/tableau-de-bord (1)', adminCall, { requests: 200, concurrency: 1 }),
    await measure('GET /api/admin/tableau-de-bord (4)', adminCall, { requests: 200, concurrency: 4 }),
  ];
  await bench.close();
  report(
    `Tableaux de bord de la loge et de l’administration (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    measures,
    [
      `${ORDERS.toLocaleString('fr-FR')} commandes, ${MOVEMENTS.toLocaleString('fr-FR')} mouvements de cartes, ` +
        `${RESERVATIONS.toLocaleString('fr-FR')} réservations, ${ATTEMPTS.toLocaleString('fr-FR')} tentatives de connexion, ` +
        `${EMAILS.toLocaleString('fr-FR')} e-mails (chargés en ${seeded.toFixed(1)} s).`,
      'Objectif (issue 33) : p95 < 50 ms sur PostgreSQL, une personne à la fois.',
    ],
  );
}
