/**
 * Calendar feeds (issue 7): a private iCalendar address per user, for their lodges' confirmed
 * reservations, and for Union staff one per room and one for the whole building. The secret token in
 * the path authenticates the feed (a calendar application sends no bearer).
 */
import { z } from 'zod';

export const CALENDAR_API = {
  /** Own feeds: GET (state), POST (create or renew the secret; answers the addresses once). */
  account: '/api/user/calendrier',
  /** Confirmed reservations of the user's entities. */
  personal: (jeton: string) => `/api/calendrier/${jeton}.ics`,
  personalPattern: '/api/calendrier/:fichier',
  /** Union staff: one room. */
  room: (jeton: string, idSalle: number) => `/api/calendrier/${jeton}/salle/${idSalle}.ics`,
  roomPattern: '/api/calendrier/:jeton/salle/:fichier',
  /** Union staff: the whole building. */
  building: (jeton: string) => `/api/calendrier/${jeton}/batiment.ics`,
  buildingPattern: '/api/calendrier/:jeton/batiment.ics',
} as const;

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
