/** Reference data served by /api/parametres and the entity lists of /api/user/entites/{purpose}. */
import { z } from 'zod';
import { EntityState, EntityType } from './enums';

export const RoomSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  capacite: z.number().int(),
  couleur: z.string(),
  /** Hourly rate in cents, used for room-rental invoices. */
  tarifHoraire: z.number().int(),
  active: z.boolean(),
});
export type Room = z.infer<typeof RoomSchema>;

export const EntitySummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nom: z.string(),
  type: EntityType.schema,
  numero: z.string().nullable(),
  ville: z.string().nullable(),
  etat: EntityState.schema,
});
export type EntitySummary = z.infer<typeof EntitySummarySchema>;
