/** The bank's statements and lines as the screens read them (pure). */
import {
  sepaReturnReason,
  type BankLine,
  type BankProposal,
  type BankStatementSummary,
  type CardSettlement,
  type SepaLineProposal,
  type UnionBankAccount,
} from '@union/contract';
import type { BankLineRow, BankStatementRow } from './repository';

export function presentStatement(
  s: BankStatementRow,
  who: { prenom: string | null; nom: string | null },
  accounts: UnionBankAccount[],
  previousClosing: number | null | undefined,
): BankStatementSummary {
  const account = accounts.find((a) => a.iban === s.iban);
  return {
    id: s.id,
    iban: s.iban,
    compte: account?.compte ?? '512',
    nomCompte: account?.nom ?? s.iban,
    identifiant: s.identifiant,
    du: s.du,
    au: s.au,
    soldeOuverture: s.soldeOuverture,
    soldeCloture: s.soldeCloture,
    ecart:
      previousClosing === undefined || previousClosing === null || s.soldeOuverture === null
        ? null
        : s.soldeOuverture - previousClosing,
    importePar: [who.prenom, who.nom].filter(Boolean).join(' '),
    importeLe: s.importedAt.toISOString(),
  };
}

export const lineState = (l: BankLineRow): BankLine['etat'] =>
  l.paymentId !== null || l.sepaBatchId !== null || l.sepaLineId !== null
    ? 'RAPPROCHEE'
    : l.note !== null
      ? 'IGNOREE'
      : l.entryId !== null
        ? 'IMPUTEE'
        : 'A_TRAITER';

export const presentLine = (
  l: BankLineRow,
  proposition: BankProposal | null,
  reglementCarte: CardSettlement | null = null,
  prelevement: SepaLineProposal | null = null,
): BankLine => ({
  id: l.id,
  dateComptable: l.dateComptable,
  dateValeur: l.dateValeur,
  montant: l.montant,
  reference: l.reference,
  contrepartie: l.contrepartie,
  ibanContrepartie: l.ibanContrepartie,
  libelle: l.libelle,
  etat: lineState(l),
  idPaiement: l.paymentId,
  note: l.note,
  compte: l.compte,
  proposition: lineState(l) === 'A_TRAITER' ? proposition : null,
  reglementCarte: lineState(l) === 'A_TRAITER' ? reglementCarte : null,
  retour: l.motifRetour
    ? { code: l.motifRetour, motif: sepaReturnReason(l.motifRetour), endToEndId: l.endToEndId }
    : null,
  prelevement,
});
