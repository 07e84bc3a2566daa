/**
 * What a statement line is in SEPA terms (issue 34 §4), pure. A credit is the collection of a batch sent
 * to the bank: an exact match when its text names the batch (its message id, which the pain.008 file's
 * PmtInfId starts with) and it is the batch's total; a suggestion when it is the total of the one batch
 * sent whose collection day it is on or after; a suggestion too when it names the batch for less than its
 * total and one set of its debits, rejected before settlement, makes the difference. A debit carrying a return's reason code (R-transaction) is
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

const shown = (d: SepaDebit) => ({
  idEntite: d.entityId,
  entite: d.entite,
  idCommande: d.orderId,
  numeroFacture: d.numeroFacture ?? '',
  montant: d.montant,
});

export const sepaProposal = (
  sens: SepaLineProposal['sens'],
  nature: SepaLineProposal['nature'],
  b: SepaBatchFacts,
  debits: SepaDebit[],
  raison: string,
  rejetes: SepaDebit[] = [],
): SepaLineProposal => ({
  sens,
  nature,
  idLot: b.id,
  reference: b.messageId,
  datePrelevement: b.datePrelevement,
  debits: debits.map(shown),
  rejetes: rejetes.map(shown),
  raison,
});

/** The most debits a net credit is searched for as rejected: beyond, the sets are too many to tell apart. */
export const MOST_REJECTED = 3;

/**
 * The debits a credit naming the batch for less than its total leaves out: the one set of at most
 * {@link MOST_REJECTED} debits whose amounts make the difference, or null when none or several do (three
 * lodges debited the same dues: the bank's credit does not say which was rejected).
 */
export function rejectedFrom(debits: SepaDebit[], missing: number): SepaDebit[] | null {
  let found: SepaDebit[] | null = null;
  let count = 0;
  const search = (from: number, left: number, taken: SepaDebit[]) => {
    if (count > 1) return;
    if (left === 0 && taken.length) {
      count += 1;
      found = taken;
      return;
    }
    if (taken.length === MOST_REJECTED) return;
    for (let i = from; i < debits.length; i++)
      if (debits[i]!.montant <= left) search(i + 1, left - debits[i]!.montant, [...taken, debits[i]!]);
  };
  if (missing > 0) search(0, missing, []);
  return count === 1 ? found : null;
}

const invoicesOf = (debits: SepaDebit[]) =>
  debits.map((d) => d.numeroFacture ?? `CMD-${d.orderId}`).join(', ');

/** Whether the text names the batch: its message id, read without punctuation. */
const names = (line: SepaMatchLine, b: SepaBatchFacts) => plain(line.libelle).includes(plain(b.messageId));

/** The batch a credit collects, among the batches sent. */
export function proposeCollection(line: SepaMatchLine, sent: SepaBatchFacts[]): SepaLineProposal | null {
  if (line.montant <= 0) return null;
  const batches = sent.filter((b) => b.etat === 'T' && b.debits.length);
  const named = batches.find((b) => names(line, b));
  if (named) {
    if (totalOf(named) === line.montant)
      return sepaProposal(
        'ENCAISSEMENT',
        'exacte',
        named,
        named.debits,
        `Le libellé cite le lot ${named.messageId}, pour son total.`,
      );
    // Credited net of debits rejected before settlement: a suggestion, the bank not saying which.
    const rejected = rejectedFrom(named.debits, totalOf(named) - line.montant);
    if (!rejected) return null;
    return sepaProposal(
      'ENCAISSEMENT',
      'suggestion',
      named,
      named.debits.filter((d) => !rejected.includes(d)),
      `Le libellé cite le lot ${named.messageId}, pour ${euros(line.montant)} : son total moins ${invoicesOf(rejected)} (${euros(totalOf(named) - line.montant)}), rejeté${rejected.length > 1 ? 's' : ''} avant règlement.`,
      rejected,
    );
  }
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
