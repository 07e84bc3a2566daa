/** The e-mail outbox, readable by administrators (DECISIONS §7). */
import { z } from 'zod';
import { isRealDay } from './ids';

export const OutboxStatus = { P: 'En attente', E: 'Envoyé', X: 'Échec', A: 'Annulé' } as const;
export const OutboxStatusSchema = z.enum(['P', 'E', 'X', 'A']);

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

/**
 * `GET /api/admin/emails?destinataire=&statut=&du=&au=`: the outbox filtered by recipient (part of the
 * address, case and accents ignored), state, and creation day (Paris time, both days included).
 */
const outboxDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} doit être au format aaaa-mm-jj.`, abort: true })
    .refine(isRealDay, {
      message: `${label} n'existe pas.`,
    });
export const OutboxQuerySchema = z
  .object({
    destinataire: z
      .string()
      .trim()
      .max(200, { message: 'Le destinataire recherché est trop long (200 caractères au plus).' })
      .optional(),
    statut: z.enum(['P', 'E', 'X'], { message: "L'état doit être En attente, Envoyé ou Échec." }).optional(),
    du: outboxDay('La date de début').optional(),
    au: outboxDay('La date de fin').optional(),
  })
  .refine((q) => !q.du || !q.au || q.du <= q.au, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['au'],
  });
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;
