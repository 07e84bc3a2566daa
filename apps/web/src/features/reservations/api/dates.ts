/**
 * Dates of the planning screens, under the names these screens know: lib/dates.ts's (Paris time, the
 * building's clock, whatever the zone of the browser: a member travelling abroad sees the same "today"
 * as the server). The day arithmetic (weeks from Monday, masonic years) is the contract's.
 */
import {
  addDays,
  formatLongDate,
  monthLabel,
  parisDay,
  parisNow,
  pickedDay,
  shortDate,
} from '../../../lib/dates';

export { monthLabel, parisDay as todayIso, parisNow, pickedDay, shortDate };

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** « mercredi 1er avril 2026 »: the contract's one French date formatter. */
export const longDate = formatLongDate;

/** "Mardi 3 mars 2026": only the first letter raised, as French writes it at the start of a line. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
