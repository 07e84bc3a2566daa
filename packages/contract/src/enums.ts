/**
 * Fixed enumerations of the specification (§3), each with its French label.
 * A code list and its labels live together so the screens never spell a label twice.
 */
import { z } from 'zod';

/**
 * The label maps of every code list made so far, in the order the contract's files load: the French
 * messages of a value outside a list read it (validation.ts), instead of walking the whole contract.
 */
export const CODE_LIST_LABELS: Readonly<Record<string, string>>[] = [];

/** Builds a Zod enum plus the label map of a code list. */
export function codeList<const T extends Record<string, string>>(labels: T) {
  const codes = Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
  CODE_LIST_LABELS.push(labels);
  return { schema: z.enum(codes), labels, codes };
}

export const UserState = codeList({ A: 'Actif', I: 'Inactif', S: 'Supprimé' });
export type UserState = z.infer<typeof UserState.schema>;

export const EntityState = codeList({ A: 'Active', S: 'Supprimée' });
export type EntityState = z.infer<typeof EntityState.schema>;

export const EntityType = codeList({
  AFM: 'Association maçonnique',
  DH: 'Loge bleue (Droit Humain)',
  GODF: 'Loge bleue (Grand Orient de France)',
  GOS: 'Loge bleue (Grand Orient de Suisse)',
  HG: 'Loge de perfection (hauts grades)',
  UN: "L'Union",
});
export type EntityType = z.infer<typeof EntityType.schema>;

/** The four purposes of a membership, each one a list served by GET /api/user/entites/{purpose}. */
export const EntityPurpose = codeList({
  reservation: 'Réservation de salles',
  gestion: 'Gestion',
  restauration: 'Restauration',
  carte_loge: 'Carte Union de la loge',
});
export type EntityPurpose = z.infer<typeof EntityPurpose.schema>;
