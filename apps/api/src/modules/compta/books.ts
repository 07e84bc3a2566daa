/**
 * What the accounts of entities post to the books (issue 31 §2), in the transaction that records them:
 * an issued invoice (VT: 411 of the entity against 706), a credit note (VT, sides exchanged), a payment
 * received, its counter-entry or a refund of credit (BQ: 512 for transfers and online card payments, 5112
 * for cheques, against 411). The labels are the statement's (`entryLabel`).
 */
import { bookkeeping, type Account, type BooksContext, type PostingLine } from '../bookkeeping/service';
import type { LedgerEntry } from './accounts/repository';
import { entryLabel } from './accounts/presenter';
import { accountsRepository } from './accounts/repository';
import { paymentsRepository, type NewPayment, type PaymentRow } from './payments/repository';
import type { CreditNoteRow, OrderRow } from './order-records/repository';

/** The entity's auxiliary account of 411: « 411 » and its code, with its name. */
async function customer(tx: BooksContext, entityId: number): Promise<NonNullable<PostingLine['aux']>> {
  const [entity] = await accountsRepository.entityCodes(tx.db, [entityId]);
  return { num: `411${entity!.code}`, lib: entity!.nom };
}

const base = (order: OrderRow | null) => ({
  orderId: order?.id ?? null,
  numeroFacture: order?.numeroFacture ?? null,
  objet: order?.objet ?? '',
  mode: null,
  nature: null,
  paymentId: null,
  reference: null,
  factures: [] as string[],
});

/** The invoice just issued: the entity owes its total (a negative one, a fee adjustment, is owed to it). */
export async function postInvoice(tx: BooksContext, order: OrderRow): Promise<void> {
  const entry: LedgerEntry = {
    ...base(order),
    kind: 'facture',
    entityId: order.entityId,
    date: order.dateFacture!,
    piece: order.numeroFacture!,
    montant: order.total,
  };
  await bookkeeping.post(tx, {
    journal: 'VT',
    date: entry.date,
    piece: entry.piece,
    libelle: entryLabel(entry),
    source: `invoice:${order.id}`,
    lines: [
      { compte: 'clients', aux: await customer(tx, order.entityId), montant: order.total },
      { compte: 'ventes', montant: -order.total },
    ],
  });
}

/**
 * An issued invoice in the entity's favour cancelled without a credit note of its own (its number is
 * in the AV series alone): its entry is reversed.
 */
export async function reverseInvoice(tx: BooksContext, order: OrderRow, numeroAvoir: string): Promise<void> {
  await bookkeeping.reverse(tx, `invoice:${order.id}`, {
    source: `invoice_cancelled:${order.id}`,
    date: tx.clock.today(),
    piece: numeroAvoir,
    libelle: `Annulation ${numeroAvoir} de la facture ${order.numeroFacture}`,
  });
}

/** A credit note: the entity owes that much less. */
export async function postCreditNote(tx: BooksContext, order: OrderRow, note: CreditNoteRow): Promise<void> {
  const entry: LedgerEntry = {
    ...base(order),
    kind: 'avoir',
    entityId: note.entityId,
    date: note.date,
    piece: note.numero,
    montant: note.montant,
  };
  await bookkeeping.post(tx, {
    journal: 'VT',
    date: note.date,
    piece: note.numero,
    libelle: entryLabel(entry),
    source: `credit_note:${note.id}`,
    lines: [
      { compte: 'ventes', montant: note.montant },
      { compte: 'clients', aux: await customer(tx, note.entityId), montant: -note.montant },
    ],
  });
}

/**
 * Where a payment's money is: a cheque received waits in 5112 until deposited; its counter-entry takes
 * it back from 5112, or from the bank once deposited (a cheque returned unpaid). A refund goes out of the
 * bank whatever its means (the Union's own transfer or cheque); transfers and online payments are in 512,
 * or in the 512x of the bank account whose statement brought the transfer (`bank`, issue 34). Any other
 * counter-entry takes the money back from the account its payment went to.
 */
async function cashAccount(
  tx: BooksContext,
  payment: PaymentRow,
  reverses: string | undefined,
  bank: Account | undefined,
): Promise<PostingLine['compte']> {
  if (bank) return bank;
  if (payment.mode !== 'C' || payment.nature === 'R') {
    const original = reverses && payment.nature === 'C' && (await bookkeeping.cashAccountOf(tx.db, reverses));
    return original || 'banque';
  }
  if (reverses && (await bookkeeping.deposited(tx.db, reverses))) return 'banque';
  return 'cheques';
}

/**
 * A payment received (E) credits the entity; its counter-entry (C) and a refund of its credit (R) debit
 * it back. Cheques wait in 5112 until their deposit; transfers and online card payments are in 512.
 */
export async function postPayment(
  tx: BooksContext,
  payment: PaymentRow,
  numeroFacture: string | null,
  bank?: Account,
): Promise<void> {
  const owed = payment.nature === 'E' ? -payment.montant : payment.montant;
  const entry: LedgerEntry = {
    entityId: payment.entityId,
    orderId: payment.orderId,
    numeroFacture,
    factures: numeroFacture ? [numeroFacture] : [],
    objet: '',
    kind: 'paiement',
    date: payment.date,
    piece: payment.reference ? payment.reference : `PAI-${payment.id}`,
    montant: -owed,
    mode: payment.mode,
    nature: payment.nature,
    paymentId: payment.id,
    reference: payment.reference,
  };
  const reverses = payment.contrePasseId ? `payment:${payment.contrePasseId}` : undefined;
  await bookkeeping.post(tx, {
    journal: 'BQ',
    date: payment.date,
    piece: entry.piece,
    libelle: entryLabel(entry),
    source: `payment:${payment.id}`,
    ...(reverses ? { reverses } : {}),
    lines: [
      { compte: await cashAccount(tx, payment, reverses, bank), montant: -owed },
      { compte: 'clients', aux: await customer(tx, payment.entityId), montant: owed },
    ],
  });
}

/**
 * Writes a payment (received, counter-entry, refund) and posts its entry, in the same transaction;
 * `bank`: the 512x it came into, when a bank statement's line brought it.
 */
export async function insertPayment(
  tx: BooksContext,
  row: NewPayment,
  numeroFacture: string | null,
  bank?: Account,
): Promise<PaymentRow> {
  const payment = await paymentsRepository.insert(tx.db, row, tx.clock.now());
  await postPayment(tx, payment, numeroFacture, bank);
  return payment;
}
