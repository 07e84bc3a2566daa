/**
 * The life of a user account (DECISIONS §1): A active, I inactive, S deleted. A deleted account can be
 * restored until it is anonymised; anonymising keeps it deleted for good. Editing and re-sending the
 * invitation change no state: they are self-loops, so that the screen's buttons are this table crossed
 * with the policy (`allowedActions`), in the order declared here.
 */
import { UserAction, UserState } from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

/** The actions that move an account from one state to another. */
export type StateAction = Extract<UserAction, 'ACTIVATE' | 'DEACTIVATE' | 'DELETE' | 'ANONYMISE'>;

export const userMachine = defineMachine<UserState, UserAction>(
  {
    EDIT: { A: 'A', I: 'I', S: 'S' },
    ACTIVATE: { I: 'A', S: 'A' },
    DEACTIVATE: { A: 'I' },
    DELETE: { A: 'S', I: 'S' },
    ANONYMISE: { S: 'S' },
    // Only an active account is invited (an inactive one could not sign in with the link).
    INVITE: { A: 'A' },
    // A deleted account joins no entity until it is restored.
    ADD_MEMBERSHIP: { A: 'A', I: 'I' },
  },
  { state: (s) => UserState.labels[s], action: (a) => UserAction.labels[a] },
);

/** The action that moves a user from one state to another (PUT /api/user carries the target state). */
export function actionToReach(from: UserState, to: UserState): StateAction | null {
  if (from === to) return null;
  if (to === 'A') return 'ACTIVATE';
  if (to === 'I') return 'DEACTIVATE';
  return 'DELETE';
}
