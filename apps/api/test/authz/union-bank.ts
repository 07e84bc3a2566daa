/**
 * What the bank's rows (bank, bank-reconciliation, sepa) share: who keeps the books, the Union's current
 * account, and the Union's settings written with what a row needs (its bank accounts, its ICS).
 */
import { unionSettings } from '../../src/db/schema';
import { allow } from './rows';
import type { World } from './world';

/** COMPTA_LECTURE and COMPTA_SAISIE: admin and tresorier hold both. */
export const bookKeepers = (status: number) => allow({ admin: status, tresorier: status });

export const UNION_IBAN = 'FR7630006000011234567890189';

/** The Union's current account, as the settings list it. */
export const CURRENT_ACCOUNT = { nom: 'Compte courant', iban: UNION_IBAN, bic: null, compte: '512' };

/** The Union's settings with `set`, over what another row wrote (one settings row in the database). */
export async function unionSettingsWith(w: World, set: Partial<typeof unionSettings.$inferInsert>) {
  await w.t.db
    .insert(unionSettings)
    .values({
      raisonSociale: 'Union des Loges et Associations de Lyon',
      adresse: 'Lyon',
      email: 'contact@union-lyon.fr',
      mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
      ...set,
    })
    .onConflictDoUpdate({ target: unionSettings.id, set });
}
