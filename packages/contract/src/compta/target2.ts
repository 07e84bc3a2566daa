/**
 * The days SEPA direct debits settle (issue 34 §4): TARGET2's calendar, the one the SEPA network follows.
 * It is closed on Saturdays and Sundays, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December;
 * a batch's collection day must be one of the other days. Pure arithmetic on yyyy-mm-dd days (the
 * contract's `addDays` and `weekdayOf`, read at UTC midnight), so the server and the screens agree
 * whatever their time zone.
 */
import { addDays, weekdayOf } from '../days';
import { SEPA_MIN_NOTICE_DAYS } from './sepa';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Easter Sunday of a Gregorian year, yyyy-mm-dd: the anonymous computus (Meeus/Jones/Butcher), integer
 * arithmetic only, right for every Gregorian year.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The fixed days TARGET2 is closed, as mm-dd. */
const CLOSED_EVERY_YEAR = new Set(['01-01', '05-01', '12-25', '12-26']);

/** Whether SEPA settles on `day` (yyyy-mm-dd): a weekday that is none of TARGET2's holidays. */
export function isTarget2Day(day: string): boolean {
  if (weekdayOf(day) >= 6) return false;
  if (CLOSED_EVERY_YEAR.has(day.slice(5))) return false;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day !== addDays(easter, -2) && day !== addDays(easter, 1);
}

/** `day` itself when SEPA settles on it, else the next day it does (at most four days on: Good Friday → Tuesday). */
export function nextTarget2Day(day: string): string {
  let next = day;
  while (!isTarget2Day(next)) next = addDays(next, 1);
  return next;
}

/** The first day a batch made on `today` may be collected: the notice's 14 days, then a TARGET2 day. */
export const earliestCollectionDay = (today: string): string =>
  nextTarget2Day(addDays(today, SEPA_MIN_NOTICE_DAYS));

/** What the TARGET2 calendar closes, as a refusal names it. */
export const TARGET2_CLOSED_DAYS =
  'week-ends, 1er janvier, Vendredi saint, lundi de Pâques, 1er mai, 25 et 26 décembre';
