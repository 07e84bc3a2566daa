/** Day arithmetic for the planning screens (yyyy-mm-dd, weeks from Monday, masonic years). */
import dayjs from 'dayjs';

export const ISO = 'YYYY-MM-DD';

/**
 * The day and the minute in Lyon now: the building's clock decides what is past, whatever the zone of
 * the browser (a member travelling abroad sees the same "today" as the server).
 */
export function parisNow(at = new Date()): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

export const todayIso = () => parisNow().day;

/** The Monday of the week containing `day`. */
export function mondayOf(day: string): string {
  const d = dayjs(day);
  return d.subtract((d.day() + 6) % 7, 'day').format(ISO);
}

export const addDays = (day: string, n: number) => dayjs(day).add(n, 'day').format(ISO);

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** "mardi 3 mars 2026". */
export const longDate = (day: string) => dayjs(day).locale('fr').format('dddd D MMMM YYYY');

/** "Mardi 3 mars 2026": only the first letter raised, as French writes it at the start of a line. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "mar. 3 mars". */
export const shortDate = (day: string) => dayjs(day).locale('fr').format('ddd D MMM');

/** The masonic year (September to August, named by its first calendar year) containing `day`. */
export function masonicYearOf(day: string): number {
  const d = dayjs(day);
  return d.month() >= 8 ? d.year() : d.year() - 1;
}

/** "19:30" → 1170. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** 1170 → "19:30". */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
