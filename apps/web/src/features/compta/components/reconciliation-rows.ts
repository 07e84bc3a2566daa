/**
 * The bank reconciled, explained (issue 34 §3), pure: the figures of an account at a date become the
 * rows of the small French table that goes from the statement's balance to the books', each with its
 * sign, so that the treasurer reads the difference explained to the cent.
 */
import type { BankReconciliation } from '@union/contract';
import { formatDay } from '../../../lib/dates';

export interface ExplanationRow {
  libelle: string;
  /** Cents, as added on the way from the statement's balance to the books' (negative: taken off). */
  montant: number;
  /** `solde` a balance read, `ligne` a step, `total` what the steps give, `ecart` what stays unexplained. */
  kind: 'solde' | 'ligne' | 'total' | 'ecart';
}

const count = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** Null before any statement of the account: there is nothing to explain yet. */
export function explanationRows(r: BankReconciliation): ExplanationRow[] | null {
  if (r.soldeReleve === null || !r.compte) return null;
  const day = formatDay(r.date);
  const rows: ExplanationRow[] = [
    { libelle: `Solde du relevé au ${day}`, montant: r.soldeReleve, kind: 'solde' },
    {
      libelle: `Moins les opérations du relevé absentes de la comptabilité (${count(r.lignesBanque.length, 'ligne', 'lignes')})`,
      montant: -r.totalBanque,
      kind: 'ligne',
    },
    {
      libelle: `Plus les écritures du compte ${r.compte.compte} absentes du relevé (${count(r.ecritures.length, 'écriture', 'écritures')})`,
      montant: r.totalEcritures,
      kind: 'ligne',
    },
  ];
  if (r.reprise !== 0 && r.premierReleve)
    rows.push({
      libelle: `Plus le solde du compte ${r.compte.compte} avant le premier relevé (${formatDay(r.premierReleve.date)}), moins le solde d’ouverture de ce relevé`,
      montant: r.reprise,
      kind: 'ligne',
    });
  rows.push(
    { libelle: 'Solde rapproché', montant: rows.reduce((sum, row) => sum + row.montant, 0), kind: 'total' },
    {
      libelle: `Solde comptable du compte ${r.compte.compte} au ${day}`,
      montant: r.soldeComptable,
      kind: 'solde',
    },
    { libelle: 'Écart inexpliqué', montant: r.ecart, kind: 'ecart' },
  );
  return rows;
}
