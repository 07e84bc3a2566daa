/**
 * Dates of the building's calendar: everything is read in Europe/Paris (DECISIONS, header). The zone and
 * "today" are the contract's, shared with the screens; re-exported here for the server's modules.
 */
export { parisDay, TIME_ZONE } from '@union/contract';

const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A calendar day (yyyy-mm-dd) written the French way: "mardi 3 mars 2026" (e-mails, documents). */
export const frenchDate = (day: string) => frenchDay.format(new Date(`${day}T00:00:00Z`));
