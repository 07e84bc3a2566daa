/**
 * Who may do what in the planning (DECISIONS §3). Everyone with PLANNING sees the planning; requests are
 * made for the caller's `reservation` entities; Union staff arbitrate, manage closures and the annual
 * planning. Pure functions over a context loaded once per request, so they test as tables.
 */
import type { ReservationAction, ReservationState } from '@union/contract';
import { authorize, hasHabilitation, type Caller } from '../../lib/authorize';
import { reservationMachine } from './machine';

export interface PlanningContext {
  caller: Caller;
  /** Current manager of the Union entity (DECISIONS §1). */
  isStaff: boolean;
  /** Entities for which the caller may request rooms (membership flag `reservation`). */
  reservationEntityIds: ReadonlySet<number>;
}

/** The fields of a reservation the rules read. */
export interface ReservationFacts {
  etat: ReservationState;
  entityId: number;
  requestedById: number | null;
  deletionRequestedById: number | null;
}

const canPlan = (ctx: PlanningContext) => hasHabilitation(ctx.caller, 'PLANNING');

/** Whether the caller, as a person, may take the action on this reservation (whatever its state allows). */
export function mayAct(ctx: PlanningContext, r: ReservationFacts, action: ReservationAction): boolean {
  if (!canPlan(ctx)) return false;
  switch (action) {
    case 'INFOS':
      return true;
    case 'CANCEL_CREATION':
      return r.requestedById === ctx.caller.id;
    case 'EDIT':
      // Requesters may still adjust their request; once confirmed, only staff move a booking.
      return ctx.isStaff || (r.etat === 'DC' && r.requestedById === ctx.caller.id);
    case 'ASK_DELETION':
      return ctx.reservationEntityIds.has(r.entityId);
    case 'CANCEL_DELETION':
      return r.deletionRequestedById === ctx.caller.id;
    case 'ACCEPT_CREATION':
    case 'REFUSE_CREATION':
    case 'ACCEPT_DELETION':
    case 'REFUSE_DELETION':
    case 'DELETE':
      return ctx.isStaff;
  }
}

/** The actions the caller may take now: allowed by the state and by the policy. */
export const allowedActions = (ctx: PlanningContext, r: ReservationFacts): ReservationAction[] =>
  reservationMachine.actionsFrom(r.etat).filter((action) => mayAct(ctx, r, action));

export const reservationPolicy = {
  /** 403 unless the caller may see the planning. */
  read(ctx: PlanningContext): void {
    authorize(canPlan(ctx));
  },
  /** 403 unless the caller may book for this entity: one of their `reservation` entities, or staff. */
  create(ctx: PlanningContext, entityId: number): void {
    authorize(
      canPlan(ctx) && (ctx.isStaff || ctx.reservationEntityIds.has(entityId)),
      'Vous ne pouvez demander une salle que pour une loge ou association dont vous êtes chargé des réservations.',
    );
  },
  /** 403 unless the caller may take this action on this reservation. */
  act(ctx: PlanningContext, r: ReservationFacts, action: ReservationAction): void {
    authorize(mayAct(ctx, r, action));
  },
  /** 403 unless the caller is Union staff with PLANNING: closures and the annual planning. */
  manage(ctx: PlanningContext): void {
    authorize(canPlan(ctx) && ctx.isStaff);
  },
  mayManage: (ctx: PlanningContext) => canPlan(ctx) && ctx.isStaff,
};
