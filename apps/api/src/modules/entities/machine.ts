/**
 * The two lives of this module. An entity is active (A) or deleted (S, DECISIONS §1): deleting keeps it
 * with its history and memberships, and it can be reactivated; members are added to active entities
 * only. A membership is ongoing (no last day, or a last day not yet past) or ended: its state is derived
 * from the dates and today, never stored. Each table is the one place that says what each state allows
 * (the screen's buttons through the policy, and the server's refusal through the service); the actions
 * that change no state are self-loops.
 */
import { EntityAction, EntityState } from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

/** The screen's buttons (`EntityAction`), and the moves the edit form makes. */
export type EntityMachineAction = EntityAction | 'DELETE' | 'RESTORE';

const ENTITY_ACTION_LABELS: Record<EntityMachineAction, string> = {
  ...EntityAction.labels,
  DELETE: 'Supprimer',
  RESTORE: 'Réactiver',
};

export const entityMachine = defineMachine<EntityState, EntityMachineAction>(
  {
    EDIT: { A: 'A', S: 'S' },
    // A deleted entity keeps its members and its history, both still shown.
    MEMBERS: { A: 'A', S: 'S' },
    HISTORY: { A: 'A', S: 'S' },
    // Members are added (one by one or by import) to active entities only.
    ADD_MEMBER: { A: 'A' },
    DELETE: { A: 'S' },
    RESTORE: { S: 'A' },
  },
  { state: (s) => EntityState.labels[s], action: (a) => ENTITY_ACTION_LABELS[a] },
);

/** Whether the action is one of the screen's buttons (the state moves are made through the edit form). */
export const isEntityButton = (action: EntityMachineAction): action is EntityAction =>
  action in EntityAction.labels;

/** The move the edit form makes when it changes the entity's state (PUT /api/entite carries the target). */
export function entityActionToReach(from: EntityState, to: EntityState): 'DELETE' | 'RESTORE' | null {
  if (from === to) return null;
  return to === 'S' ? 'DELETE' : 'RESTORE';
}

export type MembershipState = 'ONGOING' | 'ENDED';
export type MembershipAction = 'EDIT' | 'END';

const MEMBERSHIP_STATE_LABELS: Record<MembershipState, string> = { ONGOING: 'en cours', ENDED: 'terminée' };
const MEMBERSHIP_ACTION_LABELS: Record<MembershipAction, string> = { EDIT: 'Modifier', END: 'Terminer' };

/** Ongoing until the end of its last day (Lyon's day, `today`). */
export function membershipState(membership: { fin: string | null }, today: string): MembershipState {
  return membership.fin === null || membership.fin >= today ? 'ONGOING' : 'ENDED';
}

export const membershipMachine = defineMachine<MembershipState, MembershipAction>(
  {
    // An ended membership can still be corrected (its dates, its flags): it stays in the history.
    EDIT: { ONGOING: 'ONGOING', ENDED: 'ENDED' },
    END: { ONGOING: 'ENDED' },
  },
  { state: (s) => MEMBERSHIP_STATE_LABELS[s], action: (a) => MEMBERSHIP_ACTION_LABELS[a] },
);
