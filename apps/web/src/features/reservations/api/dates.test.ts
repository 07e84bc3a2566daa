import { describe, expect, it } from 'vitest';
import { parisNow } from './dates';

describe('parisNow', () => {
  it.each([
    ['2026-03-28T23:30:00Z', '2026-03-29', 30],
    ['2026-07-01T21:45:00Z', '2026-07-01', 23 * 60 + 45],
    ['2026-12-31T23:10:00Z', '2027-01-01', 10],
  ])('at %s it is %s, minute %i, in Lyon', (utc, day, minutes) => {
    expect(parisNow(new Date(utc))).toEqual({ day, minutes });
  });
});
