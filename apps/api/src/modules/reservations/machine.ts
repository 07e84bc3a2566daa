/**
 * The reservation workflow (DECISIONS §3): states × actions → next state. The policy says who (403),
 * this machine says whether now (412).
 */
import {
  ReservationAction,
  ReservationState,
  type ReservationAction as Action,
  type ReservationState as State,
} from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

export const reservationMachine = defineMachine<State, Action>(
  {
    INFOS: { DC: 'DC', CR: 'CR', DS: 'DS', SU: 'SU' },
    ACCEPT_CREATION: { DC: 'CR' },
    REFUSE_CREATION: { DC: 'SU' },
    CANCEL_CREATION: { DC: 'SU' },
    EDIT: { DC: 'DC', CR: 'CR' },
    ASK_DELETION: { CR: 'DS' },
    ACCEPT_DELETION: { DS: 'SU' },
    REFUSE_DELETION: { DS: 'CR' },
    CANCEL_DELETION: { DS: 'CR' },
    DELETE: { DC: 'SU', CR: 'SU', DS: 'SU' },
  },
  {
    state: (s) => ReservationState.labels[s],
    action: (a) => ReservationAction.labels[a],
  },
);
