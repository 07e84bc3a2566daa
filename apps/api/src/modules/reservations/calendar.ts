/**
 * Calendar arithmetic on yyyy-mm-dd days, free of time zones (a day is a label, not an instant), plus
 * the half-hour grid, masonic years and the planning rules ("2e mardi du mois").
 */
import {
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  LAST_START_MINUTES,
  MASONIC_MONTHS,
  hhmmOf,
  type Rule,
} from '@union/contract';
import { invalid } from '../../lib/errors';
import { TIME_ZONE } from '../../lib/dates';

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `n` days after (or before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return toDay(date);
}

/** 1 = Monday … 7 = Sunday. */
export const weekdayOf = (day: string) => ((toDate(day).getUTCDay() + 6) % 7) + 1;

/** The Monday and the Sunday of the week containing `day`. */
export function weekOf(day: string): { debut: string; fin: string } {
  const debut = addDays(day, 1 - weekdayOf(day));
  return { debut, fin: addDays(debut, 6) };
}

/** The masonic year (September to August, named by its first calendar year) containing `day`. */
export function masonicYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 9 ? year : year - 1;
}

/** First and last day of a masonic year. */
export const masonicYearBounds = (annee: number) => ({ debut: `${annee}-09-01`, fin: `${annee + 1}-08-31` });

const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "mardi 3 mars 2026". */
export const frenchDate = (day: string) => frenchDay.format(toDate(day));

const parisClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes since midnight, now, in Paris. */
export function parisMinutesNow(at: Date = new Date()): number {
  const [h, m] = parisClock.format(at).split(':').map(Number);
  return h! * 60 + m!;
}

/** Throws a 412 naming the field unless the slot sits on the half-hour grid (starts 08:00–22:30, ends ≤ 23:00). */
export function checkSlot(debut: number, fin: number): void {
  if (debut < FIRST_START_MINUTES || debut > LAST_START_MINUTES) {
    throw invalid(
      `Heure de début : choisissez entre ${hhmmOf(FIRST_START_MINUTES)} et ${hhmmOf(LAST_START_MINUTES)}.`,
    );
  }
  if (fin > LAST_END_MINUTES)
    throw invalid(`Heure de fin : choisissez au plus tard ${hhmmOf(LAST_END_MINUTES)}.`);
  if (fin <= debut) throw invalid("Heure de fin : elle doit être après l'heure de début.");
}

/** Whether a slot on `day` starting at `debut` has already begun (Paris time). */
export function isPast(day: string, debut: number, today: string, nowMinutes: number): boolean {
  return day < today || (day === today && debut <= nowMinutes);
}

/** Every day of a masonic year matching the rule, in the chosen months, in date order. */
export function datesOfRule(annee: number, rule: Rule, months: readonly number[]): string[] {
  const days: string[] = [];
  for (const month of MASONIC_MONTHS) {
    if (!months.includes(month)) continue;
    const year = month >= 9 ? annee : annee + 1;
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const offset = (rule.jourSemaine - weekdayOf(first) + 7) % 7;
    const matching: string[] = [];
    for (let day = addDays(first, offset); Number(day.slice(5, 7)) === month; day = addDays(day, 7)) {
      matching.push(day);
    }
    if (rule.rang === null) days.push(...matching);
    else if (rule.rang === -1) days.push(matching[matching.length - 1]!);
    else if (matching[rule.rang - 1]) days.push(matching[rule.rang - 1]!);
  }
  return days;
}
