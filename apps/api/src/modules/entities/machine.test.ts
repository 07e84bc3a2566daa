import { describe, expect, it } from 'vitest';
import { membershipMachine, membershipState } from './machine';

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
