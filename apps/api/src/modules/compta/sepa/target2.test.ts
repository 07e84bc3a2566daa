/** The contract's TARGET2 calendar (compta/target2.ts): the days a SEPA direct debit may be collected. */
import {
  daysBetween,
  earliestCollectionDay,
  easterSunday,
  isTarget2Day,
  nextTarget2Day,
  SEPA_MIN_NOTICE_DAYS,
} from '@union/contract';
import { describe, expect, it } from 'vitest';

describe('TARGET2 calendar', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'], // the latest Easter can be
    [2285, '2285-03-22'], // the earliest
  ])('Easter %i is on %s', (year, day) => expect(easterSunday(year)).toBe(day));

  it.each([
    ['2026-04-03', false, 'Good Friday 2026'],
    ['2026-04-06', false, 'Easter Monday 2026'],
    ['2027-03-26', false, 'Good Friday 2027'],
    ['2027-03-29', false, 'Easter Monday 2027'],
    ['2028-04-14', false, 'Good Friday 2028'],
    ['2028-04-17', false, 'Easter Monday 2028'],
    ['2026-12-25', false, 'Christmas'],
    ['2026-12-26', false, 'St Stephen’s day (a Saturday too)'],
    ['2027-12-27', true, 'the Monday after Christmas'],
    ['2027-01-01', false, 'New Year’s day'],
    ['2026-05-01', false, 'Labour day'],
    ['2026-05-08', true, 'a French holiday TARGET2 keeps open'],
    ['2026-07-14', true, 'another one'],
    ['2026-12-05', false, 'a Saturday'],
    ['2026-12-06', false, 'a Sunday'],
    ['2026-12-09', true, 'a plain Wednesday'],
    ['2026-04-02', true, 'Maundy Thursday'],
    ['2026-04-07', true, 'the Tuesday after Easter'],
  ])('%s is a TARGET2 day: %s (%s)', (day, open) => expect(isTarget2Day(day)).toBe(open));

  it.each([
    ['2026-12-25', '2026-12-28'], // Christmas (Friday), St Stephen, the weekend
    ['2027-01-01', '2027-01-04'], // New Year's day (Friday), the weekend
    ['2026-05-01', '2026-05-04'], // 1 May (Friday), the weekend
    ['2026-04-03', '2026-04-07'], // Good Friday, the weekend, Easter Monday
    ['2026-12-05', '2026-12-07'], // Saturday → Monday
    ['2026-12-09', '2026-12-09'], // a plain Wednesday is itself
  ])('the first TARGET2 day from %s is %s', (day, next) => expect(nextTarget2Day(day)).toBe(next));

  it.each([
    ['2026-11-23', '2026-12-07'], // 14 days on is a Monday
    ['2026-12-11', '2026-12-28'], // 14 days on is Christmas
    ['2026-11-21', '2026-12-07'], // 14 days on is a Saturday
  ])('a batch made on %s is collected on %s at the soonest', (today, earliest) => {
    expect(earliestCollectionDay(today)).toBe(earliest);
    expect(daysBetween(today, earliest)).toBeGreaterThanOrEqual(SEPA_MIN_NOTICE_DAYS);
  });
});
