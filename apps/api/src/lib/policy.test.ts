import { describe, expect, it } from 'vitest';
import { fixedClock } from './context';
import { type AppError } from './errors';
import { allowedActions, decide } from './policy';
import { defineMachine } from './state-machine';

type State = 'C' | 'P';
type Action = 'PAY' | 'UNDO' | 'READ';
const machine = defineMachine<State, Action>(
  { READ: { C: 'C', P: 'P' }, PAY: { C: 'P' }, UNDO: { P: 'C' } },
  { state: (s) => s, action: (a) => a },
);

describe('allowedActions', () => {
  it('keeps the actions both the state and the policy allow, in the machine order', () => {
    expect(allowedActions(machine, 'C', () => true)).toEqual(['READ', 'PAY']);
    expect(allowedActions(machine, 'P', (a) => a !== 'UNDO')).toEqual(['READ']);
  });
});

describe('decide', () => {
  it('refuses with 403 before looking at the state', () => {
    expect(() => decide(machine, 'P', 'PAY', false)).toThrow(
      expect.objectContaining({ status: 403 }) as AppError,
    );
  });
  it('refuses with 412 when the state does not allow it, else answers the next state', () => {
    expect(() => decide(machine, 'P', 'PAY', true)).toThrow(
      expect.objectContaining({ status: 412 }) as AppError,
    );
    expect(decide(machine, 'C', 'PAY', true)).toBe('P');
  });
});

describe('fixedClock', () => {
  it('reads today in Paris: 23:30 UTC on 31 December is already 1 January in Lyon', () => {
    const clock = fixedClock('2026-12-31T23:30:00Z');
    expect(clock.today()).toBe('2027-01-01');
    expect(clock.now().toISOString()).toBe('2026-12-31T23:30:00.000Z');
  });
});
