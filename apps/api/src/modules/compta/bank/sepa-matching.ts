/**
 * What a statement line is in SEPA terms (issue 34 §4), pure. A credit is the collection of a batch sent
 * to the bank: an exact match when its text names the batch (its message id, which the pain.008 file's
 * PmtInfId starts with) and it is the batch's total; a suggestion when it is the total of the one batch
 * sent whose collection day it is on or after. A debit carrying a return's reason code (R-transaction) is
 * the return of the collected debit whose end-to-end id (the invoice's number, as pain008.ts writes it)
 * it names, for that debit's amount: an exact match.
 */
import { euros, sepaReturnReason, type SepaLineProposal } from '@union/contract';
import { plain } from './matching';
import { sepaText } from '../sepa/pain008';

export interface SepaDebit {
  id: number;
  entityId: number;
  entite: string;
  orderId: number;
  numeroFacture: string | null;
  montant: number;
}

export interface SepaBatchFacts {
  id: number;
  messageId: string;
  datePrelevement: string;
  etat: 'P' | 'T' | 'A' | 'E';
  /** Its debits still standing (a returned one is left out). */
  debits: SepaDebit[];
}

export interface SepaMatchLine {
  montant: number;
  libelle: string;
  dateComptable: string;
  dateValeur: string | null;
  motifRetour: string | null;
  endToEndId: string | null;
}

/** The end-to-end id the pain.008 file gave a debit. */
export const endToEndOf = (d: SepaDebit) => sepaText(d.numeroFacture ?? `CMD-${d.orderId}`, 35);

const totalOf = (b: SepaBatchFacts) => b.debits.reduce((t, d) => t + d.montant, 0);

export const sepaProposal = (
  sens: SepaLineProposal['sens'],
  nature: SepaLineProposal['nature'],
  b: SepaBatchFacts,
  debits: SepaDebit[],
  raison: string,
): SepaLineProposal => ({
  sens,
  nature,
  idLot: b.id,
  reference: b.messageId,
  datePrelevement: b.datePrelevement,
  debits: debits.map((d) => ({
    idEntite: d.entityId,
    entite: d.entite,
    idCommande: d.orderId,
    numeroFacture: d.numeroFacture ?? '',
    montant: d.montant,
  })),
  raison,
});

/** Whether the text names the batch: its message id, read without punctuation. */
const names = (line: SepaMatchLine, b: SepaBatchFacts) => plain(line.libelle).includes(plain(b.messageId));

/** The batch a credit collects, among the batches sent. */
export function proposeCollection(line: SepaMatchLine, sent: SepaBatchFacts[]): SepaLineProposal | null {
  if (line.montant <= 0) return null;
  const batches = sent.filter((b) => b.etat === 'T' && b.debits.length);
  const named = batches.find((b) => names(line, b));
  if (named)
    return totalOf(named) === line.montant
      ? sepaProposal(
          'ENCAISSEMENT',
          'exacte',
          named,
          named.debits,
          `Le libellé cite le lot ${named.messageId}, pour son total.`,
        )
      : null;
  const day = line.dateValeur ?? line.dateComptable;
  const same = batches.filter((b) => totalOf(b) === line.montant && day >= b.datePrelevement);
  if (same.length !== 1) return null;
  const [b] = same;
  return sepaProposal(
    'ENCAISSEMENT',
    'suggestion',
    b!,
    b!.debits,
    `Même montant que le lot ${b!.messageId} (${euros(line.montant)}), prélevé le ${b!.datePrelevement}.`,
  );
}

/** The collected debit a return names by its end-to-end id, for its amount. */
export function proposeReturn(line: SepaMatchLine, collected: SepaBatchFacts[]): SepaLineProposal | null {
  if (line.montant >= 0 || !line.motifRetour || !line.endToEndId) return null;
  for (const b of collected) {
    if (b.etat !== 'E') continue;
    const debit = b.debits.find((d) => endToEndOf(d) === line.endToEndId && d.montant === -line.montant);
    if (debit)
      return sepaProposal(
        'RETOUR',
        'exacte',
        b,
        [debit],
        `Retour du prélèvement ${line.endToEndId} du lot ${b.messageId} : ${sepaReturnReason(line.motifRetour)} (${line.motifRetour}).`,
      );
  }
  return null;
}

/** What a line is in SEPA terms, if anything. */
export const proposeSepa = (line: SepaMatchLine, batches: SepaBatchFacts[]) =>
  line.montant > 0 ? proposeCollection(line, batches) : proposeReturn(line, batches);
