/**
 * The reservation workflow (DECISIONS §3): load → authorize (policy, 403) → transition (machine, 412) →
 * persist, history and e-mails in one transaction. The no-overlap rule is the database's exclusion
 * constraint; a refusal by it becomes a 412 naming the reservation in the way.
 */
import {
  ACTIONS_NEEDING_REASON,
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
import type { Executor } from '../../db/client';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { authorize } from '../../lib/authorize';
import { invalid, notFound } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { activeAccountRepository } from '../users/active-account-repository';
import { rulesForScreen } from './rules';
import { closuresRepository } from './closures/repository';
import { reservationMachine } from './machine';
import { reservationEmails, type ReservationEvent } from './mails';
import { loadPlanningContext } from './context';
import { BOOK_REFUSED, may, type PlanningContext, type ReservationFacts } from './policy';
import { checkBookable, checkEntity, checkOpen, guardOverlap, rulesNow, slotOf, type Slot } from './bookable';
import { describeReservationEntry, presentDetail, presentReservation } from './presenter';
import { reservationsRepository, type ReservationRecord, type ReservationRow } from './repository';

/** A new request of the caller for the entity, as BOOK judges it. */
const requestBy = (callerId: number, entityId: number): ReservationFacts => ({
  etat: 'DC',
  entityId,
  requestedById: callerId,
  deletionRequestedById: null,
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
