/**
 * Who may do what in the planning (DECISIONS §3). Everyone with PLANNING sees the planning; requests are
 * made for the caller's `reservation` entities; Union staff arbitrate, manage closures and the annual
 * planning. One pure `may` over a context loaded once per request, so it tests as a table.
 */
import type { ReservationAction, ReservationState } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface PlanningContext {
  caller: Caller;
  /** Current manager of the Union entity (DECISIONS §1). */
  isStaff: boolean;
  /** Entities for which the caller may request rooms (membership flag `reservation`). */
  reservationEntityIds: ReadonlySet<number>;
  /** Entities the caller is a current member of (any flag): their bookings are shown whole. */
  memberEntityIds: ReadonlySet<number>;
}

/** The fields of a reservation the rules read. */
export interface ReservationFacts {
  etat: ReservationState;
  entityId: number;
  requestedById: number | null;
  deletionRequestedById: number | null;
}

/**
 * The workflow's actions on a reservation, and: READ (the planning, on no record), MANAGE (closures and
 * the annual planning, on no record), BOOK (the reservation as it would be once made or moved to another
 * entity: booked for one of the caller's `reservation` entities, or by staff).
 */
export type PlanningAction = ReservationAction | 'READ' | 'MANAGE' | 'BOOK';

/** The 403 of BOOK says what would be allowed. */
export const BOOK_REFUSED =
  'Vous ne pouvez demander une salle que pour une loge ou association dont vous êtes chargé des réservations.';

/**
 * Whether the caller sees a booking whole (label, type, attendance, comment, requester, refusal reason,
 * history) or only the lodge, the room and the time: Union staff and the members of the booking's entity
 * see it whole; the other lodges see that the room is taken, by whom, not who asked nor why (issue 21).
 */
export const seesWhole = (ctx: PlanningContext, r: { entityId: number }): boolean =>
  ctx.isStaff || ctx.memberEntityIds.has(r.entityId) || ctx.reservationEntityIds.has(r.entityId);

/** Whether the caller, as a person, may take the action (on this reservation, whatever its state allows). */
export const may: May<PlanningContext, ReservationFacts | null, PlanningAction> = (ctx, action, r) => {
  if (!hasHabilitation(ctx.caller, 'PLANNING')) return false;
  switch (action) {
    case 'READ':
    case 'INFOS':
      return true;
    case 'MANAGE':
      return ctx.isStaff;
    case 'BOOK':
      return r !== null && (ctx.isStaff || ctx.reservationEntityIds.has(r.entityId));
    case 'CANCEL_CREATION':
      return r !== null && r.requestedById === ctx.caller.id;
    case 'EDIT':
      // Requesters may still adjust their request; once confirmed, only staff move a booking.
      return ctx.isStaff || (r !== null && r.etat === 'DC' && r.requestedById === ctx.caller.id);
    case 'ASK_DELETION':
      return r !== null && ctx.reservationEntityIds.has(r.entityId);
    case 'CANCEL_DELETION':
      return r !== null && r.deletionRequestedById === ctx.caller.id;
    case 'ACCEPT_CREATION':
    case 'REFUSE_CREATION':
    case 'ACCEPT_DELETION':
    case 'REFUSE_DELETION':
    case 'DELETE':
      return ctx.isStaff;
  }
};
