/**
 * The planning under load: the week search with 50,000 reservations in the database (p95), and the
 * generation of the annual planning of 40 lodges (one entry each, a year of confirmed reservations).
 */
import { performance } from 'node:perf_hooks';
import { entities, memberships, reservations, rooms, users } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { hashPassword } from '../src/lib/secrets';
import { addDays, masonicYearOf } from '../src/modules/reservations/calendar';
import { measure, report } from './lib';
import { CLIENT_BASIC, startBenchApp } from './setup';

const RESERVATIONS = 50_000;
const ROOMS = 10;
const LODGES = 40;
/** Four two-hour daytime slots per room and day; the evening stays free for the annual planning. */
const SLOTS = [480, 600, 720, 840];

export default async function reservationsBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  const [union] = await db.insert(entities).values({ code: 'UNION', nom: 'Union', type: 'UN' }).returning();
  const lodges = await db
    .insert(entities)
    .values(
      Array.from({ length: LODGES }, (_, i) => ({
        code: `LOGE-${i}`,
        nom: `Loge n° ${i + 1}`,
        type: 'GODF' as const,
      })),
    )
    .returning();
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        nom: `Salle ${i + 1}`,
        capacite: 50,
        couleur: '#1c7ed6',
        tarifHoraire: 3000,
      })),
    )
    .returning();
  const [staff] = await db
    .insert(users)
    .values({
      identifiant: 'secretariat',
      nom: 'Secrétan',
      prenom: 'Sophie',
      email: 'secretariat@exemple.fr',
      habilitations: ['USER', 'PLANNING'],
      passwordHash: await hashPassword('Mot-de-passe-bench-1'),
    })
    .returning();
  await db.insert(memberships).values({ userId: staff!.id, entityId: union!.id, gestion: true });

  // 50,000 confirmed reservations over the days around today, never overlapping.
  const first = addDays(parisDay(), -600);
  const perDay = ROOMS * SLOTS.length;
  const rows = Array.from({ length: RESERVATIONS }, (_, i) => {
    const slot = SLOTS[i % SLOTS.length]!;
    return {
      roomId: roomRows[Math.floor(i / SLOTS.length) % ROOMS]!.id,
      entityId: lodges[i % LODGES]!.id,
      jour: addDays(first, Math.floor(i / perDay)),
      debut: slot,
      fin: slot + 120,
      type: 'REU' as const,
      libelle: `Réunion ${i}`,
      etat: 'CR' as const,
      requestedById: staff!.id,
    };
  });
  for (let i = 0; i < rows.length; i += 2000) await db.insert(reservations).values(rows.slice(i, i + 2000));
  const days = Math.ceil(RESERVATIONS / perDay);

  const token = (
    (await (
      await fetch(`${bench.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'secretariat',
          password: 'Mot-de-passe-bench-1',
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const auth = { authorization: `Bearer ${token}` };

  const week = await measure(
    `GET /api/reservation/search (${RESERVATIONS} réservations)`,
    async (i) => {
      const day = addDays(first, (i * 37) % days);
      const response = await fetch(`${bench.url}/api/reservation/search/${day}`, { headers: auth });
      const body = (await response.json()) as { reservations: unknown[] };
      return response.status === 200 && body.reservations.length > 0;
    },
    { requests: 1000, concurrency: 8 },
  );

  // Annual planning: the next masonic year (all of it ahead), one evening rule per lodge.
  const mutating = { ...auth, cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };
  for (let i = 0; i < 2; i++)
    await fetch(`${bench.url}/api/planning/annees`, { method: 'POST', headers: mutating });
  const annee = masonicYearOf(parisDay()) + 1;
  let created = 0;
  let conflicts = 0;
  const start = performance.now();
  const generation = await measure(
    `POST /api/planning (${LODGES} loges)`,
    async (i) => {
      const response = await fetch(`${bench.url}/api/planning`, {
        method: 'POST',
        headers: { ...mutating, 'content-type': 'application/json' },
        body: JSON.stringify({
          annee,
          idEntite: lodges[i]!.id,
          idSalle: roomRows[i % ROOMS]!.id,
          type: 'TC',
          libelle: 'Tenue régulière',
          heureDebut: '19:00',
          heureFin: '22:30',
          regle: { jourSemaine: (Math.floor(i / ROOMS) % 5) + 1, rang: (i % 4) + 1 },
          mois: [9, 10, 11, 12, 1, 2, 3, 4, 5, 6],
        }),
      });
      const body = (await response.json()) as { creees: number; conflits: unknown[] };
      created += body.creees ?? 0;
      conflicts += body.conflits?.length ?? 0;
      return response.status === 201;
    },
    { requests: LODGES, concurrency: 1, warmup: 0 },
  );
  const seconds = (performance.now() - start) / 1000;

  report(
    'Planning',
    [week, generation],
    [
      `Recherche de la semaine : p95 ${week.p95.toFixed(1)} ms avec ${RESERVATIONS} réservations en base.`,
      `Planning annuel de ${LODGES} loges : ${created} réservations créées, ${conflicts} dates non placées, en ${seconds.toFixed(1)} s.`,
    ],
  );
  await bench.close();
}
