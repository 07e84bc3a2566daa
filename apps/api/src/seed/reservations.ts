/**
 * Demo planning: the current masonic year with the regular sessions of every lodge, two closed days,
 * and a few requests of the Vénérable in every state, so each screen has something to show.
 * Goes through the module's services, so the demo data obeys the same rules as real data.
 */
import type { PlanningInput, ReservationInput } from '@union/contract';
import { eq } from 'drizzle-orm';
import { parisDay } from '../lib/dates';
import { addDays, masonicYearOf, weekdayOf } from '@union/contract';
import { closuresService } from '../modules/reservations/closures/service';
import { planningService } from '../modules/reservations/planning/service';
import { reservationsService } from '../modules/reservations/service';
import type { Database } from '../db/client';
import { demoContext } from './context';
import { entities, rooms } from '../db/schema';

const ALL_MONTHS = [9, 10, 11, 12, 1, 2, 3, 4, 5, 6];

/** Regular sessions: lodge code, room, rule, hours. */
const SESSIONS: [string, string, PlanningInput['regle'], string, string, string][] = [
  ['CHEV-RHONE', 'Temple Hiram', { jourSemaine: 2, rang: 2 }, '19:30', '23:00', 'Tenue régulière'],
  ['TOL-PROGRES', 'Temple Hiram', { jourSemaine: 4, rang: 1 }, '19:30', '23:00', 'Tenue régulière'],
  ['CROIX-ROUSSE', 'Temple Salomon', { jourSemaine: 1, rang: 3 }, '20:00', '23:00', 'Tenue régulière'],
  ['LUM-FOURVIERE', 'Temple Salomon', { jourSemaine: 5, rang: -1 }, '19:30', '22:30', 'Tenue régulière'],
  ['HELVETIE', 'Temple Hiram', { jourSemaine: 3, rang: 1 }, '19:00', '22:30', 'Tenue régulière'],
  ['PERF-ST-JEAN', 'Temple Hiram', { jourSemaine: 6, rang: -1 }, '15:00', '19:00', 'Tenue de perfection'],
  ['AFM-CULTURE', 'Salle Voltaire', { jourSemaine: 1, rang: null }, '18:00', '20:00', 'Atelier de lecture'],
];

/** The next day after `from` falling on the weekday (1 = Monday). */
const nextWeekday = (from: string, weekday: number) =>
  addDays(from, ((weekday - weekdayOf(from) + 6) % 7) + 1);

export async function seedReservations(db: Database): Promise<void> {
  const today = parisDay();
  const entityId = async (code: string) =>
    (await db.select().from(entities).where(eq(entities.code, code)))[0]!.id;
  const roomId = async (nom: string) => (await db.select().from(rooms).where(eq(rooms.nom, nom)))[0]!.id;
  // The demo data goes through the services, as the people themselves would, on the real clock.
  const as = (identifiant: string) => demoContext(db, identifiant);
  const staff = await as('secretariat');
  const venerable = await as('venerable');

  // Closed days first, so the planning skips them.
  const annee = masonicYearOf(today);
  for (const [date, motif] of [
    [`${annee}-12-25`, 'Noël'],
    [`${annee + 1}-05-01`, 'Fête du Travail'],
  ] as const) {
    if (date > today) await closuresService.close(staff, date, motif);
  }

  await planningService.openYear(staff);
  for (const [code, room, regle, heureDebut, heureFin, libelle] of SESSIONS) {
    await planningService.create(staff, {
      annee,
      idEntite: await entityId(code),
      idSalle: await roomId(room),
      type: 'TC',
      libelle,
      heureDebut,
      heureFin,
      regle,
      mois: ALL_MONTHS,
    });
  }

  const chevaliers = await entityId('CHEV-RHONE');
  const request = (date: string, over: Partial<ReservationInput>): ReservationInput => ({
    idSalle: 0,
    idEntite: chevaliers,
    date,
    heureDebut: '18:00',
    heureFin: '20:00',
    type: 'REU',
    libelle: 'Réunion',
    participants: 12,
    commentaire: null,
    ...over,
  });
  const voltaire = await roomId('Salle Voltaire');
  const condorcet = await roomId('Salle Condorcet');
  const salomon = await roomId('Temple Salomon');

  // Pending: a college of officers next Thursday, a rehearsal the week after.
  await reservationsService.create(
    venerable,
    request(nextWeekday(today, 4), { idSalle: condorcet, type: 'CO', libelle: 'Collège des officiers' }),
  );
  await reservationsService.create(
    venerable,
    request(nextWeekday(addDays(today, 7), 6), {
      idSalle: salomon,
      heureDebut: '10:00',
      heureFin: '12:30',
      type: 'REP',
      libelle: "Répétition de l'initiation",
    }),
  );
  // Accepted: a white open session.
  const accepted = await reservationsService.create(
    venerable,
    request(nextWeekday(addDays(today, 14), 3), {
      idSalle: salomon,
      heureDebut: '14:00',
      heureFin: '17:00',
      type: 'TBO',
      libelle: 'Conférence publique : la laïcité',
      participants: 70,
    }),
  );
  await reservationsService.change(staff, 'ACCEPT_CREATION', { id: accepted.id });
  // Refused, with its reason.
  const refused = await reservationsService.create(
    venerable,
    request(nextWeekday(today, 5), { idSalle: voltaire, heureDebut: '10:00', heureFin: '12:00' }),
  );
  await reservationsService.change(staff, 'REFUSE_CREATION', {
    id: refused.id,
    motif: 'La salle Voltaire est en travaux ce matin-là ; la salle Condorcet est libre.',
  });
}
