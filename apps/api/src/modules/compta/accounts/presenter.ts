/** The account's rows → contract DTOs: the account page, and a statement with its running balance. */
import {
  RecordedPaymentMode,
  type AccountDocument,
  type AccountDocumentKind,
  type LodgeAccount,
  type PeriodQuery,
  type StatementLine,
} from '@union/contract';
import type { EntityRow } from '../../entities/entity-repository';
import type { AccountOrderRow, LedgerEntry, accountsRepository } from './repository';

type Account = Awaited<ReturnType<typeof accountsRepository.entityAccount>>;

function presentDocument(o: AccountOrderRow, today: string, notes: Set<string>): AccountDocument {
  const reste = o.etat === 'FE' ? o.total - o.paye : 0;
  const documents: AccountDocumentKind[] = [];
  // The invoice first: it is what the lodge pays (its quote, if any, comes after).
  if (o.numeroFacture) documents.push('facture');
  // A credit note of its own row is listed with the others (`avoirs`); only a bare cancellation number
  // (an invoice in the lodge's favour, nothing credited) is the order's own document.
  if (o.numeroAvoir && !notes.has(o.numeroAvoir)) documents.push('avoir');
  if (o.niveauRelance > 0) documents.push('relance');
  if (o.numeroDevis) documents.push('devis');
  return {
    id: o.id,
    type: o.type,
    etat: o.etat,
    annee: o.annee,
    tranche: o.tranche,
    objet: o.objet,
    numeroDevis: o.numeroDevis,
    numeroFacture: o.numeroFacture,
    numeroAvoir: o.numeroAvoir,
    dateDevis: o.dateDevis,
    dateFacture: o.dateFacture,
    dateEcheance: o.dateEcheance,
    dateAvoir: o.dateAvoir,
    total: o.total,
    paye: o.paye,
    reste,
    enRetard: reste > 0 && o.dateEcheance !== null && o.dateEcheance < today,
    documents,
    payable: o.etat === 'FE' && reste > 0,
  };
}

/**
 * The account as its officers read it. What is due and the credit are the treasurer's own answer
 * (`paymentsRepository.balance`), so both sides and the statement show the same balance.
 */
export function presentAccount(
  entity: EntityRow,
  account: Account,
  balance: { du: number; credit: number },
  today: string,
): LodgeAccount {
  const notes = new Set(account.creditNotes.map((n) => n.numero));
  const documents = account.orders.map((o) => presentDocument(o, today, notes));
  return {
    entite: { id: entity.id, code: entity.code, nom: entity.nom },
    du: balance.du,
    echu: documents.reduce((s, d) => s + (d.enRetard ? d.reste : 0), 0),
    credit: balance.credit,
    solde: balance.du - balance.credit,
    avoirs: account.creditNotes,
    documents,
    paiements: account.payments.map((p) => ({
      id: p.id,
      idCommande: p.orderId,
      numeroFacture: p.numeroFacture,
      factures: p.factures,
      mode: p.mode,
      nature: p.nature,
      date: p.date,
      reference: p.reference,
      montant: Number(p.montant),
    })),
    relances: account.reminders.map((r) => ({
      idCommande: r.orderId,
      numeroFacture: r.numeroFacture,
      niveau: r.niveau,
      date: r.date,
    })),
  };
}

/** What an entry does to the entity's balance: an invoice is owed (debit), the rest credits it. */
export const debitOf = (e: LedgerEntry) => (e.kind === 'facture' ? e.montant : -e.montant);

/** The entry as the statement and the FEC name it, in French. */
export function entryLabel(e: LedgerEntry): string {
  switch (e.kind) {
    case 'facture':
      return `Facture ${e.piece} – ${e.objet}`;
    case 'avoir':
      return `Avoir ${e.piece} sur la facture ${e.numeroFacture}`;
    case 'paiement': {
      const mode = RecordedPaymentMode.labels[e.mode!];
      if (e.nature === 'C') return `Contre-passation du paiement ${e.reference ?? ''}`.trim();
      if (e.nature === 'R') return `Remboursement (${mode}) du crédit`;
      // One payment over several invoices names each of them.
      if (e.factures.length > 1) return `Paiement (${mode}) des factures ${e.factures.join(', ')}`;
      const facture = e.factures[0] ?? e.numeroFacture;
      return facture ? `Paiement (${mode}) de la facture ${facture}` : `Paiement (${mode}) porté au crédit`;
    }
  }
}

export interface Statement {
  entite: { id: number; code: string; nom: string; adresse: string | null };
  du: string;
  au: string;
  soldeInitial: number;
  lignes: StatementLine[];
  totalDebit: number;
  totalCredit: number;
  soldeFinal: number;
}

/** The statement of a period: the balance before it, each movement with the running balance, the end. */
export function presentStatement(entity: EntityRow, entries: LedgerEntry[], p: PeriodQuery): Statement {
  const lignes: StatementLine[] = [];
  let totalDebit = 0;
  let totalCredit = 0;
  for (const e of entries) {
    const d = debitOf(e);
    if (e.date < p.du) continue;
    const debit = Math.max(d, 0);
    const credit = Math.max(-d, 0);
    totalDebit += debit;
    totalCredit += credit;
    lignes.push({ date: e.date, piece: e.piece, libelle: entryLabel(e), debit, credit, solde: 0 });
  }
  const soldeInitial = entries.filter((e) => e.date < p.du).reduce((s, e) => s + debitOf(e), 0);
  let running = soldeInitial;
  for (const l of lignes) {
    running += l.debit - l.credit;
    l.solde = running;
  }
  return {
    entite: { id: entity.id, code: entity.code, nom: entity.nom, adresse: entity.adresseFacturation },
    du: p.du,
    au: p.au,
    soldeInitial,
    lignes,
    totalDebit,
    totalCredit,
    soldeFinal: running,
  };
}
