/**
 * The life of a user account (DECISIONS §1): A active, I inactive, S deleted. A deleted account can be
 * restored until it is anonymised; anonymising keeps it deleted for good.
 */
import { UserState, type UserAction } from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

export type StateAction = Extract<UserAction, 'ACTIVATE' | 'DEACTIVATE' | 'DELETE' | 'ANONYMISE'>;

const ACTION_LABELS: Record<StateAction, string> = {
  ACTIVATE: 'Réactiver',
  DEACTIVATE: 'Désactiver',
  DELETE: 'Supprimer',
  ANONYMISE: 'Anonymiser',
};

export const userMachine = defineMachine<UserState, StateAction>(
  {
    ACTIVATE: { I: 'A', S: 'A' },
    DEACTIVATE: { A: 'I' },
    DELETE: { A: 'S', I: 'S' },
    ANONYMISE: { S: 'S' },
  },
  { state: (s) => UserState.labels[s], action: (a) => ACTION_LABELS[a] },
);

/** The action that moves a user from one state to another (PUT /api/user carries the target state). */
export function actionToReach(from: UserState, to: UserState): StateAction | null {
  if (from === to) return null;
  if (to === 'A') return 'ACTIVATE';
  if (to === 'I') return 'DEACTIVATE';
  return 'DELETE';
}
