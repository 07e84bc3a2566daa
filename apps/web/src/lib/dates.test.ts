import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatFrenchDay,
  formatLongDate,
  formatTime,
  monthLabel,
  parisNow,
  parisYear,
  pickedDay,
  shortDate,
  shortMonthLabel,
} from './dates';

describe('dates, in Paris time whatever the browser’s zone', () => {
  it('runs in New York (vite.config.ts), so a date read in the browser’s zone shows here', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    // 02:05 in Paris is 20:05 the day before in New York.
    expect(new Date('2026-11-28T01:05:00Z').getHours()).toBe(20);
  });

  it('writes an instant as Paris clocks show it', () => {
    // Winter (UTC+1) and summer (UTC+2).
    expect(formatDateTime('2026-11-28T01:05:00Z')).toBe('28/11/2026 à 02:05');
    expect(formatDateTime('2026-07-14T22:30:00.000Z')).toBe('15/07/2026 à 00:30');
    expect(formatTime('2026-11-28T01:05:00Z')).toBe('02:05');
    expect(formatDay('2026-11-27T23:30:00Z')).toBe('28/11/2026');
    expect(formatLongDate('2026-11-27T23:30:00Z')).toBe('samedi 28 novembre 2026');
    expect(formatFrenchDay('2026-03-31T22:30:00Z')).toBe('1er avril 2026');
  });

  it('keeps a calendar day the day it names', () => {
    expect(formatDay('2026-03-03')).toBe('03/03/2026');
    expect(formatDay(null)).toBe('');
    expect(formatLongDate('2026-03-02')).toBe('lundi 2 mars 2026');
    expect(shortDate('2026-03-03')).toBe('mar. 3 mars');
    expect(pickedDay('2026-03-03')).toBe('2026-03-03');
    expect(pickedDay('2026-03-03 00:00:00')).toBe('2026-03-03');
    expect(pickedDay(new Date(2026, 2, 3))).toBe('2026-03-03');
    expect(pickedDay(null)).toBeNull();
  });

  it('names a month in full, or shortened as French calendars do for a chart’s axis', () => {
    expect(monthLabel('2026-02')).toBe('février 2026');
    expect(monthLabel('2026-11-08')).toBe('novembre 2026');
    expect(shortMonthLabel('2026-01')).toBe('janv. 2026');
    expect(shortMonthLabel('2025-12', { twoDigitYear: true })).toBe('déc. 25');
    expect(shortMonthLabel('2026-07', { twoDigitYear: true })).toBe('juil. 26');
  });

  it('knows the day, minute and year it is in Lyon', () => {
    // 23:30 UTC on 31 December: still the 31st in New York, already 1 January 00:30 in Lyon.
    const at = new Date('2026-12-31T23:30:00Z');
    expect(parisNow(at)).toEqual({ day: '2027-01-01', time: '00:30', minutes: 30 });
    expect(parisYear(at)).toBe(2027);
  });
});
