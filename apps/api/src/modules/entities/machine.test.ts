import type { EntityState } from '@union/contract';
import { describe, expect, it } from 'vitest';
import {
  entityActionToReach,
  entityMachine,
  isEntityButton,
  membershipMachine,
  membershipState,
  type EntityMachineAction,
} from './machine';

describe('the entity machine', () => {
  it.each<[EntityState, EntityMachineAction, EntityState | null]>([
    ['A', 'EDIT', 'A'],
    ['A', 'MEMBERS', 'A'],
    ['A', 'HISTORY', 'A'],
    ['A', 'DELETE', 'S'],
    ['A', 'RESTORE', null],
    ['A', 'ADD_MEMBER', 'A'],
    ['S', 'EDIT', 'S'],
    ['S', 'MEMBERS', 'S'],
    ['S', 'HISTORY', 'S'],
    ['S', 'DELETE', null],
    ['S', 'RESTORE', 'A'],
    ['S', 'ADD_MEMBER', null],
  ])('from %s, %s leads to %s', (from, action, to) => {
    if (to === null) {
      expect(entityMachine.can(from, action)).toBe(false);
      expect(() => entityMachine.next(from, action)).toThrow(/Action impossible/);
    } else {
      expect(entityMachine.next(from, action)).toBe(to);
    }
  });

  it('adds members to an active entity only; the moves are made through the edit form', () => {
    expect(entityMachine.actionsFrom('A').filter(isEntityButton)).toEqual([
      'EDIT',
      'MEMBERS',
      'HISTORY',
      'ADD_MEMBER',
    ]);
    expect(entityMachine.actionsFrom('S').filter(isEntityButton)).toEqual(['EDIT', 'MEMBERS', 'HISTORY']);
  });

  it.each([
    ['A', 'A', null],
    ['A', 'S', 'DELETE'],
    ['S', 'A', 'RESTORE'],
    ['S', 'S', null],
  ] as const)('going from %s to %s takes %s', (from, to, action) => {
    expect(entityActionToReach(from, to)).toBe(action);
  });
});

describe('the membership machine', () => {
  it.each([
    [{ fin: null }, 'ONGOING'],
    [{ fin: '2026-11-23' }, 'ONGOING'], // its last day is today: still a member until tonight
    [{ fin: '2026-11-22' }, 'ENDED'],
  ] as const)('%j on 2026-11-23 is %s', (membership, state) => {
    expect(membershipState(membership, '2026-11-23')).toBe(state);
  });

  it('ends an ongoing membership once, and lets both be corrected', () => {
    expect(membershipMachine.actionsFrom('ONGOING')).toEqual(['EDIT', 'END']);
    expect(membershipMachine.actionsFrom('ENDED')).toEqual(['EDIT']);
    expect(membershipMachine.next('ONGOING', 'END')).toBe('ENDED');
    expect(() => membershipMachine.next('ENDED', 'END')).toThrow(/« Terminer » n'est pas permis/);
  });
});
