import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CODE_LOCK,
  IP_LIMIT,
  LOCKOUT,
  SLOWDOWN,
  isLockedOut,
  refusalBeforeCheck,
  slowDownMs,
} from './rules';

describe('isLockedOut', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  /** Failures at these many minutes before now. */
  const ago = (...minutes: number[]) => minutes.map((m) => new Date(now.getTime() - m * 60_000));

  it.each([
    ['no failure', ago(), false],
    ['4 failures in a row', ago(1, 2, 3, 4), false],
    ['5 failures within a minute', ago(1, 1, 1, 1, 1), true],
    ['the 5th 14 minutes ago, the 1st 28 minutes ago: 1 more minute', ago(14, 17, 20, 24, 28), true],
    ['the 5th 1 minute ago, the 1st 14 minutes ago: locked for 14 more minutes', ago(1, 5, 9, 12, 14), true],
    ['the 5th 14 minutes ago, all within 2 minutes', ago(14, 14.5, 15, 15.5, 16), true],
    ['the 5th 16 minutes ago', ago(16, 16, 16, 16, 16), false],
    ['5 failures spread over more than 15 minutes', ago(1, 5, 9, 12, 17), false],
  ])('%s → %s', (_label, failures, expected) => {
    expect(isLockedOut(failures, now)).toBe(expected);
  });
});

describe('isLockedOut for the account’s codes (every address)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (...minutes: number[]) => minutes.map((m) => new Date(now.getTime() - m * 60_000));
  it.each([
    ['9 wrong codes within a minute', ago(1, 1, 1, 1, 1, 1, 1, 1, 1), false],
    ['10 wrong codes within a minute', ago(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), true],
    ['the 10th 14 minutes ago', ago(14, 14, 14, 14, 14, 14, 14, 14, 14, 20), true],
    ['the 10th 16 minutes ago', ago(16, 16, 16, 16, 16, 16, 16, 16, 16, 16), false],
  ])('%s → %s', (_label, failures, expected) => {
    expect(isLockedOut(failures, now, ACCOUNT_CODE_LOCK)).toBe(expected);
  });
});

describe('slowDownMs', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 250],
    [6, 500],
    [7, 1000],
    [8, 2000],
    [9, 3000],
    [50, 3000],
    [100_000, 3000],
  ])('%i recent failures → %i ms', (failures, expected) => {
    expect(slowDownMs(failures)).toBe(expected);
  });

  it('never holds the owner more than a few seconds', () => {
    expect(SLOWDOWN.maxDelayMs).toBeLessThanOrEqual(3000);
  });
});

describe('refusalBeforeCheck', () => {
  it.each([
    [false, 0, null],
    [true, 0, 'locked'],
    [false, IP_LIMIT.maxFailures - 1, null],
    [false, IP_LIMIT.maxFailures, 'rate_limited'],
    [true, IP_LIMIT.maxFailures, 'rate_limited'],
  ])('pair locked %s, with %i failures for the address → %s', (pair, forIp, expected) => {
    expect(refusalBeforeCheck(pair, forIp)).toBe(expected);
  });

  it('tells the account’s wait for codes apart from the pair’s lock', () => {
    expect(refusalBeforeCheck(true, 0, true)).toBe('account_locked');
    expect(refusalBeforeCheck(false, IP_LIMIT.maxFailures, true)).toBe('rate_limited');
  });

  it('locks after 5 failures in 15 minutes, as DECISIONS §2 says', () => {
    expect(LOCKOUT).toEqual({ maxFailures: 5, windowMs: 15 * 60_000 });
  });
});
