import { describe, expect, it } from 'vitest';
import { IP_LIMIT, LOCKOUT, canSignIn, refusalBeforeCheck } from './rules';

describe('refusalBeforeCheck', () => {
  it.each([
    [0, 0, null],
    [LOCKOUT.maxFailures - 1, 0, null],
    [LOCKOUT.maxFailures, 0, 'locked'],
    [0, IP_LIMIT.maxFailures - 1, null],
    [0, IP_LIMIT.maxFailures, 'rate_limited'],
    [LOCKOUT.maxFailures, IP_LIMIT.maxFailures, 'rate_limited'],
  ])(
    'with %i failures for the identifiant and %i for the address → %s',
    (forIdentifiant, forIp, expected) => {
      expect(refusalBeforeCheck(forIdentifiant, forIp)).toBe(expected);
    },
  );

  it('locks after 5 failures in 15 minutes, as DECISIONS §2 says', () => {
    expect(LOCKOUT).toEqual({ maxFailures: 5, windowMs: 15 * 60_000 });
  });
});

describe('canSignIn', () => {
  it.each([
    ['A', ['USER'], true],
    ['A', ['USER', 'ADMIN'], true],
    ['A', ['ADMIN'], false],
    ['I', ['USER'], false],
    ['S', ['USER'], false],
  ])('state %s with %o → %s', (etat, habilitations, expected) => {
    expect(canSignIn({ etat, habilitations })).toBe(expected);
  });
});
