/**
 * Dates of the building's calendar: everything is read in Europe/Paris (DECISIONS, header). The zone and
 * "today" are the contract's, shared with the screens; re-exported here for the server's modules.
 */
export { parisDay, parisNow, TIME_ZONE } from '@union/contract';

import { frenchDay, parisNow } from '@union/contract';

/**
 * A calendar day (yyyy-mm-dd) written the French way: "mardi 3 mars 2026", "mercredi 1er avril 2026"
 * (e-mails, documents): the contract's one formatter, shared with the screens.
 */
export const frenchDate = (day: string) => frenchDay(day, { weekday: true });

/** The instant when Paris clocks show `day` (yyyy-mm-dd) at `time` (HH:MM). */
export function parisInstant(day: string, time: string): Date {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  let at = wanted;
  // Two corrections find the offset (+1 h or +2 h) on either side of a change of time.
  for (let i = 0; i < 2; i++) {
    const shown = parisNow(new Date(at));
    at += wanted - Date.parse(`${shown.day}T${shown.time}:00Z`);
  }
  return new Date(at);
}
