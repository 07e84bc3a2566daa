/**
 * The server's side of the calendar: the half-hour grid's refusals (Paris's clock is the contract's
 * `parisNow`).
 * The pure day arithmetic (weeks, masonic years, the planning rules) is the contract's (`days.ts`),
 * shared with the screens; French dates are `lib/dates.ts`'s.
 */
import { FIRST_START_MINUTES, LAST_END_MINUTES, LAST_START_MINUTES, hhmmOf } from '@union/contract';
import { invalid } from '../../lib/errors';

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
