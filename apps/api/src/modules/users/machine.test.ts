import type { UserAction, UserState } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { actionToReach, userMachine } from './machine';

describe('userMachine', () => {
  it.each<[UserState, UserAction, UserState | null]>([
    ['A', 'DEACTIVATE', 'I'],
    ['A', 'DELETE', 'S'],
    ['A', 'ACTIVATE', null],
    ['A', 'ANONYMISE', null],
    ['A', 'EDIT', 'A'],
    ['A', 'INVITE', 'A'],
    ['I', 'ACTIVATE', 'A'],
    ['I', 'DELETE', 'S'],
    ['I', 'DEACTIVATE', null],
    ['I', 'ANONYMISE', null],
    ['I', 'EDIT', 'I'],
    ['I', 'INVITE', null],
    ['S', 'ACTIVATE', 'A'],
    ['S', 'ANONYMISE', 'S'],
    ['S', 'DELETE', null],
    ['S', 'DEACTIVATE', null],
    ['S', 'EDIT', 'S'],
    ['S', 'INVITE', null],
  ])('from %s, %s leads to %s', (from, action, to) => {
    if (to === null) {
      expect(userMachine.can(from, action)).toBe(false);
      expect(() => userMachine.next(from, action)).toThrow(/Action impossible/);
    } else {
      expect(userMachine.next(from, action)).toBe(to);
    }
  });

  it('lists the actions in the order of the page', () => {
    expect(userMachine.actionsFrom('A')).toEqual([
      'EDIT',
      'DEACTIVATE',
      'DELETE',
      'INVITE',
      'ADD_MEMBERSHIP',
    ]);
    expect(userMachine.actionsFrom('I')).toEqual(['EDIT', 'ACTIVATE', 'DELETE', 'ADD_MEMBERSHIP']);
    // A deleted account joins no entity until it is restored.
    expect(userMachine.actionsFrom('S')).toEqual(['EDIT', 'ACTIVATE', 'ANONYMISE']);
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
