/** How the books write what they hold: the entry's number, the lines of a signed amount. */
import type { ChequeDeposit } from '@union/contract';
import type { JournalCode } from '../../db/schema';

/** EcritureNum: the journal, the year and the rank, e.g. VT2026-000012. */
export const entryNumber = (journal: JournalCode, annee: number, rang: number) =>
  `${journal}${annee}-${String(rang).padStart(6, '0')}`;

/** A signed amount as a line's two sides: positive is a debit, negative a credit. */
export const sidesOf = (montant: number) => ({ debit: Math.max(montant, 0), credit: Math.max(-montant, 0) });

/** A recorded deposit as the contract gives it. */
export const presentDeposit = (found: {
  deposit: { id: number; date: string; du: string; au: string; total: number };
  cheques: { date: string; tireur: string; reference: string; montant: number }[];
  ecriture: string;
}): ChequeDeposit => ({
  id: found.deposit.id,
  date: found.deposit.date,
  du: found.deposit.du,
  au: found.deposit.au,
  total: found.deposit.total,
  ecriture: found.ecriture,
  cheques: found.cheques.map((c) => ({
    date: c.date,
    tireur: c.tireur,
    reference: c.reference,
    montant: c.montant,
  })),
});
