/**
 * The one policy shape. Each module loads its policy context once per request (who the caller is for
 * that module: habilitations, the entities they manage…), then answers `may(context, action, record)` as
 * a pure function, testable as a table. `allowedActions` crosses it with the module's state machine: the
 * presenter returns that list with each record, so the screens show exactly the buttons the server allows
 * and never recompute a right.
 */
import { authorize } from './authorize';
import type { Machine } from './state-machine';

/** Whether the caller, as a person, may take the action on the record (whatever its state allows). */
export type May<Context, Record, Action extends string> = (
  context: Context,
  action: Action,
  record: Record,
) => boolean;

/** The actions possible now: allowed by the record's state (machine) and by the policy (may). */
export function allowedActions<State extends string, Action extends string>(
  machine: Machine<State, Action>,
  state: State,
  may: (action: Action) => boolean,
): Action[] {
  return machine.actionsFrom(state).filter(may);
}

/**
 * The order every action call follows: 403 when the policy refuses (says nothing of the state), then the
 * machine's 412 when the state does not allow it now; answers the next state.
 */
export function decide<State extends string, Action extends string>(
  machine: Machine<State, Action>,
  state: State,
  action: Action,
  allowed: boolean,
  message?: string,
): State {
  authorize(allowed, message);
  return machine.next(state, action);
}
