import { ReservationAction, ReservationState } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { reservationMachine } from './machine';

/** DECISIONS §3, one row per state: the state each action leads to, '-' when it is not allowed. */
const TABLE: Record<ReservationState, Record<ReservationAction, ReservationState | '-'>> = {
  DC: {
    INFOS: 'DC',
    ACCEPT_CREATION: 'CR',
    REFUSE_CREATION: 'SU',
    CANCEL_CREATION: 'SU',
    EDIT: 'DC',
    ASK_DELETION: '-',
    ACCEPT_DELETION: '-',
    REFUSE_DELETION: '-',
    CANCEL_DELETION: '-',
    DELETE: 'SU',
  },
  CR: {
    INFOS: 'CR',
    ACCEPT_CREATION: '-',
    REFUSE_CREATION: '-',
    CANCEL_CREATION: '-',
    EDIT: 'CR',
    ASK_DELETION: 'DS',
    ACCEPT_DELETION: '-',
    REFUSE_DELETION: '-',
    CANCEL_DELETION: '-',
    DELETE: 'SU',
  },
  DS: {
    INFOS: 'DS',
    ACCEPT_CREATION: '-',
    REFUSE_CREATION: '-',
    CANCEL_CREATION: '-',
    EDIT: '-',
    ASK_DELETION: '-',
    ACCEPT_DELETION: 'SU',
    REFUSE_DELETION: 'CR',
    CANCEL_DELETION: 'CR',
    DELETE: 'SU',
  },
  SU: {
    INFOS: 'SU',
    ACCEPT_CREATION: '-',
    REFUSE_CREATION: '-',
    CANCEL_CREATION: '-',
    EDIT: '-',
    ASK_DELETION: '-',
    ACCEPT_DELETION: '-',
    REFUSE_DELETION: '-',
    CANCEL_DELETION: '-',
    DELETE: '-',
  },
};

const cases = ReservationState.codes.flatMap((state) =>
  ReservationAction.codes.map((action) => [state, action, TABLE[state][action]] as const),
);

describe('reservation machine', () => {
  it.each(cases)('from %s, %s → %s', (state, action, expected) => {
    if (expected === '-') {
      expect(reservationMachine.can(state, action)).toBe(false);
      expect(() => reservationMachine.next(state, action)).toThrow(/Action impossible/);
    } else {
      expect(reservationMachine.next(state, action)).toBe(expected);
    }
  });

  it('names the action and the state in French when refusing', () => {
    expect(() => reservationMachine.next('SU', 'ACCEPT_CREATION')).toThrow(
      "Action impossible : « Accepter la demande » n'est pas permis à l'état « Supprimée ».",
    );
  });
});
