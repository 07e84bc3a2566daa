import { describe, expect, it } from 'vitest';
import type { SepaBatchState } from '../../../db/schema';
import { sepaBatchMachine, type SepaBatchAction } from './machine';

const STATES: SepaBatchState[] = ['P', 'T', 'A', 'E'];

/** Each action's next state from P, T, A, E in that order; « - »: refused. */
const TABLE: Record<SepaBatchAction, string> = {
  SEND: 'T - - -',
  CANCEL: 'A - - -',
  COLLECT: '- E - -',
  RETURN: '- - - E',
};

describe('the SEPA batch machine', () => {
  it.each(Object.entries(TABLE))('%s goes %s from P T A E', (action, row) => {
    const got = STATES.map((s) =>
      sepaBatchMachine.can(s, action as SepaBatchAction)
        ? sepaBatchMachine.next(s, action as SepaBatchAction)
        : '-',
    ).join(' ');
    expect(got).toBe(row);
  });

  it('names the action and the state in French when it refuses', () => {
    expect(() => sepaBatchMachine.next('T', 'SEND')).toThrow(
      "Action impossible : « Transmettre à la banque » n'est pas permis à l'état « Transmis à la banque ».",
    );
    expect(() => sepaBatchMachine.next('P', 'COLLECT')).toThrow(/Enregistrer l’encaissement/);
  });
});
