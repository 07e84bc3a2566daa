/**
 * Calendar feeds (issue 7): a private iCalendar address per user, for their lodges' confirmed
 * reservations, and for Union staff one per room and one for the whole building. The secret token in
 * the path authenticates the feed (a calendar application sends no bearer).
 */
import { z } from 'zod';

export const CalendarFeedUrlsSchema = z.object({
  personnel: z.string(),
  /** Null unless the user is Union staff. */
  batiment: z.string().nullable(),
  salles: z.array(z.object({ id: z.number().int(), nom: z.string(), url: z.string() })),
});
export type CalendarFeedUrls = z.infer<typeof CalendarFeedUrlsSchema>;

export const CalendarFeedStateSchema = z.object({
  /** Whether an address exists (it is only shown when created: the server keeps only its hash). */
  actif: z.boolean(),
  creeLe: z.string().nullable(),
  /** Union staff also get one address per room and one for the building. */
  gestion: z.boolean(),
  /** Present only in the answer of POST, the one moment the secret is known. */
  adresses: CalendarFeedUrlsSchema.nullable(),
});
export type CalendarFeedState = z.infer<typeof CalendarFeedStateSchema>;
