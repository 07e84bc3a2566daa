/** How the books write what they hold: the entry's number, the lines of a signed amount. */
import type { JournalCode } from '../../db/schema';

/** EcritureNum: the journal, the year and the rank, e.g. VT2026-000012. */
export const entryNumber = (journal: JournalCode, annee: number, rang: number) =>
  `${journal}${annee}-${String(rang).padStart(6, '0')}`;

/** A signed amount as a line's two sides: positive is a debit, negative a credit. */
export const sidesOf = (montant: number) => ({ debit: Math.max(montant, 0), credit: Math.max(-montant, 0) });
