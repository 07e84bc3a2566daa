/**
 * Dates of the building's calendar: everything is read in Europe/Paris (DECISIONS, header). The zone and
 * "today" are the contract's, shared with the screens; re-exported here for the server's modules.
 */
export { parisDay, TIME_ZONE } from '@union/contract';

import { TIME_ZONE, frenchDay } from '@union/contract';

/**
 * A calendar day (yyyy-mm-dd) written the French way: "mardi 3 mars 2026", "mercredi 1er avril 2026"
 * (e-mails, documents): the contract's one formatter, shared with the screens.
 */
export const frenchDate = (day: string) => frenchDay(day, { weekday: true });

const parisWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The instant when Paris clocks show `day` (yyyy-mm-dd) at `time` (HH:MM). */
export function parisInstant(day: string, time: string): Date {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  let at = wanted;
  // Two corrections find the offset (+1 h or +2 h) on either side of a change of time.
  for (let i = 0; i < 2; i++) {
    const parts = Object.fromEntries(
      parisWallClock.formatToParts(new Date(at)).map((p) => [p.type, p.value]),
    );
    const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
    at += wanted - shown;
  }
  return new Date(at);
}
