/**
 * The reservation workflow (DECISIONS §3): load → authorize (policy, 403) → transition (machine, 412) →
 * persist, history and e-mails in one transaction. The no-overlap rule is the database's exclusion
 * constraint; a refusal by it becomes a 412 naming the reservation in the way.
 */
import {
  laSalle,
  ACTIONS_NEEDING_REASON,
  ReservationState,
  hhmmOf,
  minutesOf,
  type PendingRequests,
  type Reservation,
  type ReservationChange,
  type ReservationChangeAction,
  type ReservationDetail,
  type ReservationInput,
  type Week,
  weekOf,
} from '@union/contract';
import type { Database, Executor } from '../../db/client';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { authorize } from '../../lib/authorize';
import { guardConstraint } from '../../lib/constraints';
import { invalid, notFound, refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { entityRepository } from '../entities/entity-repository';
import { settingsRepository } from '../settings/repository';
import { mailRepository } from '../mail/repository';
import { activeAccountRepository } from '../users/active-account-repository';
import { frenchDate } from '../../lib/dates';
import { checkSlot, isPast, parisMinutesNow } from './calendar';
import { checkRules, rulesForScreen, type RulesNow } from './rules';
import { unionSettings } from '../settings/service';
import { closuresRepository } from './closures/repository';
import { reservationMachine } from './machine';
import { reservationEmails, type ReservationEvent } from './mails';
import { loadPlanningContext } from './context';
import { BOOK_REFUSED, may, type PlanningContext, type ReservationFacts } from './policy';
import { describeReservationEntry, presentDetail, presentReservation } from './presenter';
import {
  RESERVATION_NO_OVERLAP,
  reservationsRepository,
  type ReservationRecord,
  type ReservationRow,
} from './repository';

/** The request context on the database or inside a transaction: helpers run on either. */
type Ctx = RequestContext<Executor>;

/** The booking rules as they bind the caller now. */
async function rulesNow(
  { db, clock }: Pick<Ctx, 'db' | 'clock'>,
  planning: PlanningContext,
): Promise<RulesNow> {
  const { reservations } = await unionSettings(db);
  return {
    rules: reservations,
    isStaff: planning.isStaff,
    today: clock.today(),
    nowMinutes: parisMinutesNow(clock.now()),
  };
}

/** A new request of the caller for the entity, as BOOK judges it. */
const requestBy = (callerId: number, entityId: number): ReservationFacts => ({
  etat: 'DC',
  entityId,
  requestedById: callerId,
  deletionRequestedById: null,
});

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
function guardOverlap<T>(db: Database, slot: Slot, exceptId: number | undefined, run: () => Promise<T>) {
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
  if (isPast(slot.jour, slot.debut, clock.today(), parisMinutesNow(clock.now()))) {
    throw invalid('Date : impossible de réserver un créneau passé. Choisissez une date à venir.');
  }
  // The Union's booking rules (notice, horizon), for a booking or a move made through the planning screen.
  if (planning) checkRules(await rulesNow({ db, clock }, planning), slot);
  await checkOpen(db, slot);
  const overlap = await reservationsRepository.findOverlap(db, slot, exceptId);
  if (overlap) throw overlapError(overlap);
}

/** The room takes bookings and the building is open that day: checked again when a request is accepted. */
async function checkOpen(db: Executor, slot: Pick<Slot, 'roomId' | 'jour'>): Promise<void> {
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

async function checkEntity(db: Executor, entityId: number): Promise<void> {
  const entity = await entityRepository.find(db, entityId);
  if (!entity || entity.etat !== 'A') {
    throw invalid("Loge ou association : elle n'existe pas ou a été supprimée. Choisissez-en une autre.");
  }
}

const slotOf = (input: { idSalle: number; date: string; heureDebut: string; heureFin: string }): Slot => ({
  roomId: input.idSalle,
  jour: input.date,
  debut: minutesOf(input.heureDebut),
  fin: minutesOf(input.heureFin),
});

/** Which e-mail an action sends, if any. */
const EVENT_OF: Partial<Record<ReservationChangeAction, ReservationEvent>> = {
  ACCEPT_CREATION: 'ACCEPT_CREATION',
  REFUSE_CREATION: 'REFUSE_CREATION',
  ASK_DELETION: 'ASK_DELETION',
  ACCEPT_DELETION: 'ACCEPT_DELETION',
  REFUSE_DELETION: 'REFUSE_DELETION',
  DELETE: 'DELETE',
};

/** Enqueues the event's e-mails to the people concerned and to the Union staff. */
async function notify(
  { db, clock, publicUrl }: TxContext,
  event: ReservationEvent,
  row: ReservationRow,
  people: (number | null)[],
  motif?: string | null,
): Promise<void> {
  const addresses = await reservationsRepository.staffEmails(db, clock.today());
  for (const id of people) {
    const email = id === null ? undefined : await activeAccountRepository.activeEmailOf(db, id);
    if (email) addresses.push(email);
  }
  for (const email of reservationEmails(event, row, addresses, publicUrl, motif)) {
    await mailRepository.enqueue(db, email, clock.now());
  }
}

async function loadJoined(db: Executor, id: number): Promise<ReservationRow> {
  const row = await reservationsRepository.findJoined(db, id);
  if (!row) throw notFound("Cette réservation n'existe pas.");
  return row;
}

export const reservationsService = {
  /** The week (Monday to Sunday) containing `day`, with its closures. */
  async week(ctx: RequestContext, day: string): Promise<Week> {
    const { db } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    const { debut, fin } = weekOf(day);
    const [rows, closed] = await Promise.all([
      reservationsRepository.activeBetween(db, debut, fin),
      closuresRepository.between(db, debut, fin),
    ]);
    return {
      debut,
      fin,
      reservations: rows.map((row) => presentReservation(planning, row)),
      fermetures: closed.map((c) => ({ date: c.jour, motif: c.motif })),
      gestion: may(planning, 'MANAGE', null),
      regles: rulesForScreen(await rulesNow(ctx, planning)),
    };
  },

  /**
   * The caller's pending requests (with their upcoming refused ones, to read the reason), and for Union
   * staff every request waiting for a decision.
   */
  async pending(ctx: RequestContext): Promise<PendingRequests> {
    const { db, caller } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    const [mine, all] = await Promise.all([
      reservationsRepository.pendingOf(db, caller.id, ctx.clock.today()),
      planning.isStaff ? reservationsRepository.pendingAll(db) : Promise.resolve([]),
    ]);
    return {
      miennes: mine.map((row) => presentReservation(planning, row)),
      aTraiter: all.map((row) => presentReservation(planning, row)),
      gestion: may(planning, 'MANAGE', null),
    };
  },

  async infos(ctx: RequestContext, id: number): Promise<ReservationDetail> {
    const { db } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    const row = await loadJoined(db, id);
    const history = await audit.history(db, 'reservation', id, describeReservationEntry);
    return presentDetail(planning, row, history);
  },

  /** A request (DC) by a member of the entity, or a confirmed booking (CR) when made by Union staff. */
  async create(ctx: RequestContext, input: ReservationInput): Promise<Reservation> {
    const { db, caller } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'BOOK', requestBy(caller.id, input.idEntite)), BOOK_REFUSED);
    const slot = slotOf(input);
    const etat = planning.isStaff ? 'CR' : 'DC';
    return guardOverlap(db, slot, undefined, () =>
      inTransaction(ctx, async (tx) => {
        await checkEntity(tx.db, input.idEntite);
        await checkBookable(tx, slot, undefined, planning);
        const record = await reservationsRepository.insert(
          tx.db,
          {
            roomId: slot.roomId,
            entityId: input.idEntite,
            jour: slot.jour,
            debut: slot.debut,
            fin: slot.fin,
            type: input.type,
            libelle: input.libelle,
            participants: input.participants ?? null,
            commentaire: input.commentaire || null,
            etat,
            requestedById: caller.id,
            changedByHand: true,
          },
          tx.clock.now(),
        );
        await audit.record(tx, {
          action: etat === 'DC' ? 'CREATE_REQUEST' : 'CREATE_CONFIRMED',
          recordType: 'reservation',
          recordId: record.id,
        });
        const row = await loadJoined(tx.db, record.id);
        if (etat === 'DC') await notify(tx, 'CREATE_REQUEST', row, [caller.id]);
        return presentReservation(planning, row);
      }),
    );
  },

  /** One action of the workflow (PUT /api/reservation?action=). */
  async change(
    ctx: RequestContext,
    action: ReservationChangeAction,
    body: ReservationChange,
  ): Promise<Reservation> {
    const { db, caller } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    let slot: Slot | undefined;
    const run = () =>
      inTransaction(ctx, async (tx) => {
        const record = await reservationsRepository.findByIdForUpdate(tx.db, body.id);
        if (!record) throw notFound("Cette réservation n'existe pas.");
        const etat = decide(reservationMachine, record.etat, action, may(planning, action, record));
        const motif = body.motif?.trim() || null;
        if (ACTIONS_NEEDING_REASON.includes(action) && !motif) {
          throw invalid('Motif : indiquez la raison du refus ; elle sera transmise au demandeur.');
        }
        const changes: Partial<ReservationRecord> = { etat, changedByHand: true };
        let champs: string[] = [];
        if (action === 'EDIT') {
          const edited = await editedFields(tx, planning, record, body, (s) => (slot = s));
          Object.assign(changes, edited);
          champs = changedFields(record, edited);
        }
        // A day closed or a room retired since the request: accepting it would book what is not open.
        if (action === 'ACCEPT_CREATION') {
          await reservationsRepository.lockDay(tx.db, record.jour);
          await checkOpen(tx.db, record);
        }
        if (action === 'REFUSE_CREATION') changes.motifRefus = motif;
        // Kept after the decision: a late "cancel" by the one who asked then meets a 412, not a 403.
        if (action === 'ASK_DELETION') changes.deletionRequestedById = caller.id;
        await reservationsRepository.update(tx.db, record.id, changes, tx.clock.now());
        await audit.record(tx, {
          action,
          recordType: 'reservation',
          recordId: record.id,
          details: {
            avant: record.etat,
            apres: etat,
            ...(motif ? { motif } : {}),
            ...(action === 'EDIT' ? { champs } : {}),
          },
        });
        const row = await loadJoined(tx.db, record.id);
        const event = EVENT_OF[action];
        if (event) {
          await notify(
            tx,
            event,
            row,
            // After the change: whoever just asked the deletion gets the acknowledgement too.
            [record.requestedById, changes.deletionRequestedById ?? record.deletionRequestedById],
            motif,
          );
        }
        return presentReservation(planning, row);
      });
    try {
      return await run();
    } catch (error) {
      if (!slot) throw error;
      return guardOverlap(db, slot, body.id, () => Promise.reject(error));
    }
  },
};

/**
 * What an EDIT changed, by the names of EDITED_FIELD_LABELS (presenter), in the form's order: the
 * history says « Réservation modifiée … : salle, horaires ».
 */
function changedFields(before: ReservationRecord, after: Partial<ReservationRecord>): string[] {
  const differs = (key: keyof ReservationRecord) => key in after && after[key] !== before[key];
  const champs: string[] = [];
  if (differs('roomId')) champs.push('salle');
  if (differs('entityId')) champs.push('entite');
  if (differs('jour')) champs.push('date');
  if (differs('debut') || differs('fin')) champs.push('horaires');
  if (differs('type')) champs.push('type');
  if (differs('libelle')) champs.push('libelle');
  if (differs('participants')) champs.push('participants');
  if (differs('commentaire')) champs.push('commentaire');
  return champs;
}

/** The fields an EDIT changes; a new slot or entity is checked like a new booking. */
async function editedFields(
  tx: TxContext,
  planning: PlanningContext,
  record: ReservationRecord,
  body: ReservationChange,
  rememberSlot: (slot: Slot) => void,
): Promise<Partial<ReservationRecord>> {
  const slot: Slot = {
    roomId: body.idSalle ?? record.roomId,
    jour: body.date ?? record.jour,
    debut: body.heureDebut ? minutesOf(body.heureDebut) : record.debut,
    fin: body.heureFin ? minutesOf(body.heureFin) : record.fin,
  };
  const slotChanged =
    slot.roomId !== record.roomId ||
    slot.jour !== record.jour ||
    slot.debut !== record.debut ||
    slot.fin !== record.fin;
  if (body.idEntite !== undefined && body.idEntite !== record.entityId) {
    authorize(may(planning, 'BOOK', { ...record, entityId: body.idEntite }), BOOK_REFUSED);
    await checkEntity(tx.db, body.idEntite);
  }
  if (slotChanged) {
    rememberSlot(slot);
    await checkBookable(tx, slot, record.id, planning);
  }
  return {
    ...slot,
    entityId: body.idEntite ?? record.entityId,
    type: body.type ?? record.type,
    libelle: body.libelle ?? record.libelle,
    participants: body.participants === undefined ? record.participants : body.participants,
    commentaire: body.commentaire === undefined ? record.commentaire : body.commentaire || null,
  };
}
