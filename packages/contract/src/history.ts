/**
 * The one history entry every history panel shows (a user, an entity, a reservation, an order): the
 * audit module's presenter builds it from the audit log, each module saying what its entries mean.
 */
import { z } from 'zod';
import { RecordIdSchema } from './ids';

export const HistoryEntrySchema = z.object({
  id: RecordIdSchema,
  date: z.string(),
  /** The audit action, a stable code (`user_created`, `ACCEPT_CREATION`…). */
  action: z.string(),
  /** What happened, in French. */
  libelle: z.string(),
  /** A readable summary of what changed, in French, when the module gives one. */
  resume: z.string().nullable(),
  /** Who did it; null for the system (a worker, the annual planning's removal…). */
  auteur: z.string().nullable(),
  /** The reason given with a refusal or a cancellation, shown apart. */
  motif: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export const HistorySchema = z.array(HistoryEntrySchema);
