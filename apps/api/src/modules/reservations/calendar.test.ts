import { describe, expect, it } from 'vitest';
import { datesOfRule, daysBetween, masonicYearOf, weekOf, weekdayOf } from '@union/contract';
import { frenchDate } from '../../lib/dates';

describe('calendar', () => {
  it.each([
    ['2026-03-04', '2026-03-02', '2026-03-08'],
    ['2026-03-02', '2026-03-02', '2026-03-08'],
    ['2026-03-08', '2026-03-02', '2026-03-08'],
    ['2026-01-01', '2025-12-29', '2026-01-04'],
  ])('the week of %s runs from Monday %s to Sunday %s', (day, debut, fin) => {
    expect(weekOf(day)).toEqual({ debut, fin });
  });

  it.each([
    ['2026-03-02', '2026-03-02', 0],
    ['2026-03-02', '2026-03-09', 7],
    ['2026-03-09', '2026-03-02', -7],
    ['2026-03-28', '2026-03-30', 2], // across the spring change of hour, still whole days
    ['2025-12-31', '2026-01-01', 1],
    ['2024-02-28', '2024-03-01', 2], // a leap year
  ])('counts the days from %s to %s as %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it('numbers weekdays from Monday', () => {
    expect(weekdayOf('2026-03-02')).toBe(1);
    expect(weekdayOf('2026-03-08')).toBe(7);
  });

  it.each([
    ['2026-08-31', 2025],
    ['2026-09-01', 2026],
    ['2027-01-15', 2026],
  ])('%s is in masonic year %s', (day, year) => expect(masonicYearOf(day)).toBe(year));

  it('writes dates the French way', () => expect(frenchDate('2026-03-03')).toBe('mardi 3 mars 2026'));

  it('finds the 2nd Tuesday of chosen months, in masonic order', () => {
    expect(datesOfRule(2026, { jourSemaine: 2, rang: 2 }, [9, 1, 6])).toEqual([
      '2026-09-08',
      '2027-01-12',
      '2027-06-08',
    ]);
  });

  it('finds every Monday of a month and the last Friday', () => {
    expect(datesOfRule(2026, { jourSemaine: 1, rang: null }, [9])).toEqual([
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
    ]);
    expect(datesOfRule(2026, { jourSemaine: 5, rang: -1 }, [10])).toEqual(['2026-10-30']);
  });
});
