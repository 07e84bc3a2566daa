/**
 * Dates of the planning screens: Lyon's "today" and the French formats. The day arithmetic (weeks from
 * Monday, masonic years) and the half-hour minutes are the contract's: imported from there.
 */
import { addDays, frenchDay, parisDay, TIME_ZONE } from '@union/contract';
import dayjs from 'dayjs';

export const ISO = 'YYYY-MM-DD';

const parisTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The day and the minute in Lyon now: the building's clock decides what is past, whatever the zone of
 * the browser (a member travelling abroad sees the same "today" as the server).
 */
export function parisNow(at = new Date()): { day: string; minutes: number } {
  const parts = parisTime.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { day: parisDay(at), minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

export { parisDay as todayIso };

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** "mardi 3 mars 2026". */
/** « mercredi 1er avril 2026 »: the contract's one French date formatter. */
export const longDate = (day: string) => frenchDay(day, { weekday: true });

/** "Mardi 3 mars 2026": only the first letter raised, as French writes it at the start of a line. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "mar. 3 mars". */
export const shortDate = (day: string) => dayjs(day).locale('fr').format('ddd D MMM');
