/**
 * A table of states × actions → next state. Each module declares one; the policy says who (403), the
 * machine says whether now (412 with a French message).
 */
import { invalid } from './errors';

export type Transitions<S extends string, A extends string> = Partial<Record<A, Partial<Record<S, S>>>>;

export interface Machine<S extends string, A extends string> {
  /** The next state, or a 412 naming the action and the state it cannot leave. */
  next(state: S, action: A): S;
  /** Whether the action may be taken from this state. */
  can(state: S, action: A): boolean;
  /** Every action possible from the state, in declaration order. */
  actionsFrom(state: S): A[];
}

export function defineMachine<S extends string, A extends string>(
  transitions: Transitions<S, A>,
  describe: { state: (s: S) => string; action: (a: A) => string },
): Machine<S, A> {
  const can = (state: S, action: A) => transitions[action]?.[state] !== undefined;
  return {
    can,
    next(state, action) {
      const to = transitions[action]?.[state];
      if (to === undefined) {
        throw invalid(
          `Action impossible : « ${describe.action(action)} » n'est pas permis à l'état « ${describe.state(state)} ».`,
        );
      }
      return to;
    },
    actionsFrom: (state) => (Object.keys(transitions) as A[]).filter((a) => can(state, a)),
  };
}
