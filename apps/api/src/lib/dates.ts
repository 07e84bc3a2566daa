/**
 * Dates of the building's calendar: everything is read in Europe/Paris (DECISIONS, header). The zone and
 * "today" are the contract's, shared with the screens; re-exported here for the server's modules.
 */
export { parisDay, TIME_ZONE } from '@union/contract';

import { frenchDay } from '@union/contract';

/**
 * A calendar day (yyyy-mm-dd) written the French way: "mardi 3 mars 2026", "mercredi 1er avril 2026"
 * (e-mails, documents): the contract's one formatter, shared with the screens.
 */
export const frenchDate = (day: string) => frenchDay(day, { weekday: true });
