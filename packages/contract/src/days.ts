/**
 * Calendar arithmetic on yyyy-mm-dd days, free of time zones (a day is a label, not an instant): weeks
 * from Monday, masonic years and the annual planning's rules (« 2e mardi du mois »). Pure, so the
 * server (the week view, the planning's generation, the seeds) and the screens compute the same days.
 * The one place a zone enters is `parisNow` (and `parisDay`, its day): the day and time it is, in the
 * building's zone.
 */
import { MASONIC_MONTHS, type Rule } from './reservations';

/** The building's zone (DECISIONS, header): "today" is Lyon's, whatever the zone of the machine or browser. */
export const TIME_ZONE = 'Europe/Paris';

const parisClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** What Paris clocks show at an instant: the day, the time and the same time in minutes since midnight. */
export interface ParisTime {
  /** yyyy-mm-dd */
  day: string;
  /** HH:MM, 00:00 to 23:59 */
  time: string;
  minutes: number;
}

/**
 * The day and the time it is in Lyon at `at` (now by default), whatever the zone of the machine or
 * browser, summer time included: the one reading of the building's clock, on the server and the screens.
 */
export function parisNow(at: Date = new Date()): ParisTime {
  const part = Object.fromEntries(parisClock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}`,
    minutes: Number(part.hour) * 60 + Number(part.minute),
  };
}

/** The day (yyyy-mm-dd) it is in Lyon at `at` (now by default): the one "today" of the server and the screens. */
export const parisDay = (at: Date = new Date()) => parisNow(at).day;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `n` days after (or before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return toDay(date);
}

/** Whole days from `from` to `to`: positive when `to` is later, 0 the same day (both read at UTC midnight). */
export const daysBetween = (from: string, to: string) =>
  Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);

/** 1 = Monday … 7 = Sunday. */
export const weekdayOf = (day: string) => ((toDate(day).getUTCDay() + 6) % 7) + 1;

/** The Monday and the Sunday of the week containing `day`. */
export function weekOf(day: string): { debut: string; fin: string } {
  const debut = addDays(day, 1 - weekdayOf(day));
  return { debut, fin: addDays(debut, 6) };
}

/** The Monday of the week containing `day`. */
export const mondayOf = (day: string) => weekOf(day).debut;

/** The masonic year (September to August, named by its first calendar year) containing `day`. */
export function masonicYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 9 ? year : year - 1;
}

/** First and last day of a masonic year. */
export const masonicYearBounds = (annee: number) => ({ debut: `${annee}-09-01`, fin: `${annee + 1}-08-31` });

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
