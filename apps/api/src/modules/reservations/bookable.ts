/**
 * Whether a slot can be booked: the half-hour grid, not in the past, the Union's booking rules, an open
 * room and building, an active entity, and no reservation in the way (the rule the exclusion constraint
 * keeps under concurrency, turned into a 412 naming the reservation in the way).
 */
import { ReservationState, hhmmOf, laSalle, minutesOf } from '@union/contract';
import type { Database, Executor } from '../../db/client';
import { guardConstraint } from '../../lib/constraints';
import type { RequestContext } from '../../lib/context';
import { frenchDate } from '../../lib/dates';
import { invalid, refused } from '../../lib/errors';
import { entityRepository } from '../entities/entity-repository';
import { settingsRepository } from '../settings/repository';
import { unionSettings } from '../settings/service';
import { parisNow } from '../../lib/dates';
import { checkSlot, isPast } from './calendar';
import { closuresRepository } from './closures/repository';
import type { PlanningContext } from './policy';
import { RESERVATION_NO_OVERLAP, reservationsRepository, type ReservationRow } from './repository';
import { checkRules, type RulesNow } from './rules';

/** The request context on the database or inside a transaction: helpers run on either. */
export type Ctx = RequestContext<Executor>;

/** The booking rules as they bind the caller now. */
export async function rulesNow(
  { db, clock }: Pick<Ctx, 'db' | 'clock'>,
  planning: PlanningContext,
): Promise<RulesNow> {
  const { reservations } = await unionSettings(db);
  return {
    rules: reservations,
    isStaff: planning.isStaff,
    today: clock.today(),
    nowMinutes: parisNow(clock.now()).minutes,
  };
}

export interface Slot {
  roomId: number;
  jour: string;
  debut: number;
  fin: number;
}

/** "La salle Temple Hiram est déjà réservée le mardi 3 mars 2026 de 19:00 à 23:00 par …". */
export function overlapReason(row: ReservationRow): string {
  const r = row.reservation;
  return (
    `${laSalle(row.salle)} est déjà réservée le ${frenchDate(r.jour)} de ${hhmmOf(r.debut)} à ${hhmmOf(r.fin)} ` +
    `par ${row.entite} (« ${r.libelle} », ${ReservationState.labels[r.etat].toLowerCase()}, réservation n° ${r.id}).`
  );
}

const SLOT_TAKEN = 'slot_taken';
const overlapMessage = (row: ReservationRow) =>
  `${overlapReason(row)} Choisissez un autre créneau ou une autre salle.`;
const overlapError = (row: ReservationRow) => refused(SLOT_TAKEN, overlapMessage(row));

/**
 * Runs a booking transaction; when the exclusion constraint refuses it (a concurrent booking committed
 * first), answers 412 naming the reservation now in the way, read after the refused transaction.
 */
export function guardOverlap<T>(
  db: Database,
  slot: Slot,
  exceptId: number | undefined,
  run: () => Promise<T>,
) {
  return guardConstraint(run, {
    [RESERVATION_NO_OVERLAP]: {
      code: SLOT_TAKEN,
      message: async () => {
        const row = await reservationsRepository.findOverlap(db, slot, exceptId);
        return row ? overlapMessage(row) : 'Ce créneau vient d’être réservé. Actualisez le planning.';
      },
    },
  });
}

/**
 * Throws a 412 naming the field unless the slot can be booked: half-hour grid, not in the past, an
 * active room, an open day, and no reservation in the way.
 */
export async function checkBookable(
  { db, clock }: Pick<Ctx, 'db' | 'clock'>,
  slot: Slot,
  exceptId?: number,
  planning?: PlanningContext,
): Promise<void> {
  checkSlot(slot.debut, slot.fin);
  await reservationsRepository.lockDay(db, slot.jour);
  if (isPast(slot.jour, slot.debut, clock.today(), parisNow(clock.now()).minutes)) {
    throw invalid('Date : impossible de réserver un créneau passé. Choisissez une date à venir.');
  }
  // The Union's booking rules (notice, horizon), for a booking or a move made through the planning screen.
  if (planning) checkRules(await rulesNow({ db, clock }, planning), slot);
  await checkOpen(db, slot);
  const overlap = await reservationsRepository.findOverlap(db, slot, exceptId);
  if (overlap) throw overlapError(overlap);
}

/** The room takes bookings and the building is open that day: checked again when a request is accepted. */
export async function checkOpen(db: Executor, slot: Pick<Slot, 'roomId' | 'jour'>): Promise<void> {
  const room = await settingsRepository.findRoomById(db, slot.roomId);
  if (!room) throw invalid("Salle : la salle choisie n'existe pas.");
  if (!room.active)
    throw invalid(`Salle : « ${room.nom} » n'est pas ouverte à la réservation. Choisissez une autre salle.`);
  const closure = await closuresRepository.find(db, slot.jour);
  if (closure) {
    throw invalid(
      `Date : le bâtiment est fermé le ${frenchDate(slot.jour)} (${closure.motif}). Choisissez un autre jour.`,
    );
  }
}

export async function checkEntity(db: Executor, entityId: number): Promise<void> {
  const entity = await entityRepository.find(db, entityId);
  if (!entity || entity.etat !== 'A') {
    throw invalid("Loge ou association : elle n'existe pas ou a été supprimée. Choisissez-en une autre.");
  }
}

export const slotOf = (input: {
  idSalle: number;
  date: string;
  heureDebut: string;
  heureFin: string;
}): Slot => ({
  roomId: input.idSalle,
  jour: input.date,
  debut: minutesOf(input.heureDebut),
  fin: minutesOf(input.heureFin),
});
