/**
 * Every date and time the screens show or compute, in Paris time (DECISIONS: the building's zone,
 * whatever the browser's): a member in New York reads 02:05 for a movement made at 02:05 in Lyon, never
 * 20:05 the day before. The one module of the web app that reads the clock's zone: the lint forbids
 * `toLocale…String`, `getHours` and the like, `Intl.DateTimeFormat` and dayjs anywhere else
 * (eslint.config.js), and the web tests run in New York (vite.config.ts) so a slip shows.
 * Formats (DECISIONS): "03/03/2026", "03/03/2026 à 19:30", "mardi 3 mars 2026".
 */
import { MONTH_LABELS, addDays, frenchDay, parisDay, parisNow } from '@union/contract';

/** The day and the time in Lyon (`parisNow`): the building's clock decides what is past, whatever the browser. */
export { addDays, parisDay, parisNow };

/** A calendar day (yyyy-mm-dd) stays that day; an instant (ISO with a time) is the day it is in Paris. */
const dayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : parisNow(new Date(value)).day);

/** "2026-03-03" or an ISO instant → "03/03/2026"; empty for null. */
export function formatDay(value: string | null | undefined): string {
  return value ? dayOf(value).split('-').reverse().join('/') : '';
}

/** An ISO instant → "03/03/2026 à 19:30", Paris time. */
export function formatDateTime(iso: string): string {
  const { day, time } = parisNow(new Date(iso));
  return `${day.split('-').reverse().join('/')} à ${time}`;
}

/** An ISO instant → "19:30", Paris time. */
export const formatTime = (iso: string): string => parisNow(new Date(iso)).time;

/** "2026-03-03" (or an instant, its Paris day) → "mardi 3 mars 2026", "mercredi 1er avril 2026". */
export function formatLongDate(value: string): string {
  return frenchDay(dayOf(value), { weekday: true });
}

/** "1er avril 2026", without the weekday. */
export const formatFrenchDay = (value: string): string => frenchDay(dayOf(value));

/** "2026-11" or "2026-11-08" → "novembre 2026": the month, or the month the day is in. */
export const monthLabel = (value: string): string =>
  `${MONTH_LABELS[Number(value.slice(5, 7))]} ${value.slice(0, 4)}`;

/** The months as French calendars abbreviate them, for a chart's axis where twelve stand side by side. */
const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

/** "2026-11" → « nov. 2026 », or « nov. 26 » with `twoDigitYear` where the axis is narrow. */
export const shortMonthLabel = (value: string, { twoDigitYear = false } = {}): string =>
  `${SHORT_MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(twoDigitYear ? 2 : 0, 4)}`;

/** The year it is in Lyon. */
export const parisYear = (at = new Date()): number => Number(parisDay(at).slice(0, 4));

const shortFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** "2026-03-03" → "mar. 3 mars" (a calendar day: read in UTC, so no zone moves it). */
export const shortDate = (day: string): string => shortFormat.format(new Date(`${day}T00:00:00Z`));

/**
 * The yyyy-mm-dd of a value a date picker gives (Mantine 8 gives "2026-03-03", a "2026-03-03 00:00:00"
 * date-time, or a Date in older code): the calendar day the person picked, read in no zone.
 */
export function pickedDay(value: unknown): string | null {
  if (!value) return null;
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    // The picker's Date is local midnight of the picked day: its local fields are that day.
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}
