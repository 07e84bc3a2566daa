/** The e-mail outbox, readable by administrators (DECISIONS §7). */
import { z } from 'zod';

export const OutboxStatus = { P: 'En attente', E: 'Envoyé', X: 'Échec' } as const;
export const OutboxStatusSchema = z.enum(['P', 'E', 'X']);

export const OutboxEmailSchema = z.object({
  id: z.number().int(),
  destinataire: z.string(),
  sujet: z.string(),
  texte: z.string(),
  statut: OutboxStatusSchema,
  tentatives: z.number().int(),
  erreur: z.string().nullable(),
  creeLe: z.string(),
  envoyeLe: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
export const OutboxListSchema = z.array(OutboxEmailSchema);
