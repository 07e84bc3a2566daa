/**
 * The life of a membership: ongoing (no last day, or a last day not yet past) or ended. The state is
 * derived from the dates and today, never stored; this table is the one place that says what each state
 * allows (the screen's buttons through the policy, and the server's refusal through the service).
 */
import { defineMachine } from '../../lib/state-machine';

export type MembershipState = 'ONGOING' | 'ENDED';
export type MembershipAction = 'EDIT' | 'END';

const STATE_LABELS: Record<MembershipState, string> = { ONGOING: 'en cours', ENDED: 'terminée' };
const ACTION_LABELS: Record<MembershipAction, string> = { EDIT: 'Modifier', END: 'Terminer' };

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
  { state: (s) => STATE_LABELS[s], action: (a) => ACTION_LABELS[a] },
);
