/**
 * A document's distribution (DECISIONS §6): never distributed (N), distributed (D), cancelled (A).
 * Distributing again reaches only those not reached yet (new members, a cancelled distribution's
 * remainder); cancelling stops what is not sent yet. Reading, editing and deleting are open in every
 * state. The policy says who (403), this machine says whether now (412).
 */
import {
  DistributionState,
  DocumentAction,
  type DistributionState as State,
  type DocumentAction as Action,
} from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

export const documentMachine = defineMachine<State, Action>(
  {
    READ: { N: 'N', D: 'D', A: 'A' },
    EDIT: { N: 'N', D: 'D', A: 'A' },
    DELETE: { N: 'N', D: 'D', A: 'A' },
    DISTRIBUTE: { N: 'D', D: 'D', A: 'D' },
    CANCEL_DISTRIBUTION: { D: 'A' },
  },
  {
    state: (s) => DistributionState.labels[s],
    action: (a) => DocumentAction.labels[a],
  },
);
