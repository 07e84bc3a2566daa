import { describe, expect, it } from 'vitest';
import { actionToReach, userMachine, type StateAction } from './machine';

describe('userMachine', () => {
  it.each<[string, StateAction, string | null]>([
    ['A', 'DEACTIVATE', 'I'],
    ['A', 'DELETE', 'S'],
    ['A', 'ACTIVATE', null],
    ['A', 'ANONYMISE', null],
    ['I', 'ACTIVATE', 'A'],
    ['I', 'DELETE', 'S'],
    ['I', 'DEACTIVATE', null],
    ['I', 'ANONYMISE', null],
    ['S', 'ACTIVATE', 'A'],
    ['S', 'ANONYMISE', 'S'],
    ['S', 'DELETE', null],
    ['S', 'DEACTIVATE', null],
  ])('from %s, %s leads to %s', (from, action, to) => {
    const state = from as 'A' | 'I' | 'S';
    if (to === null) {
      expect(userMachine.can(state, action)).toBe(false);
      expect(() => userMachine.next(state, action)).toThrow(/Action impossible/);
    } else {
      expect(userMachine.next(state, action)).toBe(to);
    }
  });

  it.each([
    ['A', 'A', null],
    ['A', 'I', 'DEACTIVATE'],
    ['A', 'S', 'DELETE'],
    ['I', 'A', 'ACTIVATE'],
    ['S', 'A', 'ACTIVATE'],
    ['I', 'S', 'DELETE'],
  ] as const)('going from %s to %s takes %s', (from, to, action) => {
    expect(actionToReach(from, to)).toBe(action);
  });
});
