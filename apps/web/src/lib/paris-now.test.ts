import { describe, expect, it } from 'vitest';
import { parisDay, parisNow } from '@union/contract';

// The web tests run in New York (vite.config.ts): a reading of the machine's zone would fail here.
describe('parisNow', () => {
  it.each([
    ['2026-07-01T21:45:00Z', '2026-07-01', '23:45'],
    ['2026-12-31T23:10:00Z', '2027-01-01', '00:10'],
    // 29 March 2026: at 01:00 UTC Paris clocks jump from 02:00 to 03:00.
    ['2026-03-28T23:30:00Z', '2026-03-29', '00:30'],
    ['2026-03-29T00:59:00Z', '2026-03-29', '01:59'],
    ['2026-03-29T01:00:00Z', '2026-03-29', '03:00'],
    // 25 October 2026: at 01:00 UTC they fall back from 03:00 to 02:00.
    ['2026-10-25T00:30:00Z', '2026-10-25', '02:30'],
    ['2026-10-25T01:30:00Z', '2026-10-25', '02:30'],
    ['2026-10-25T22:59:00Z', '2026-10-25', '23:59'],
    ['2026-10-25T23:00:00Z', '2026-10-26', '00:00'],
  ])('at %s it is %s %s in Lyon', (utc, day, time) => {
    const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    expect(parisNow(new Date(utc))).toEqual({ day, time, minutes });
    expect(parisDay(new Date(utc))).toBe(day);
  });
});
