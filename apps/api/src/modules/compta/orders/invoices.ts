/**
 * The actions on an invoice (DECISIONS §4): issue it (its number and dates, French law: numbered when
 * issued, never before) by e-mail or not, cancel it (a draft outright, an issued one by a credit note).
 */
import { addDays } from '@union/contract';
import type { TxContext } from '../../../lib/context';
import type { ActionHandler, AuditDetails } from '../order-records/action-handler';
import { invoicePdf, orderPdf } from '../documents/issued';
import { sendCancellation, sendDocument } from '../documents/send';
import { postInvoice, reverseInvoice } from '../books';
import { nextNumber } from '../numbering/service';
import { orderRecords, type OrderRow } from '../order-records/repository';
import { checkTotal } from './common';
import { cancelByCreditNote } from './credit-notes';

/** Days between an invoice and its due date. */
export const PAYMENT_TERM_DAYS = 30;

/** Gives the draft its invoice number and dates. */
async function issue(tx: TxContext, order: OrderRow): Promise<OrderRow> {
  checkTotal(order.type, order.tranche, [{ montant: order.total }]);
  const today = tx.clock.today();
  const issued = {
    numeroFacture: await nextNumber(tx.db, 'FA', today),
    dateFacture: today,
    dateEcheance: addDays(today, PAYMENT_TERM_DAYS),
    etat: 'FE' as const,
  };
  await orderRecords.update(tx.db, order.id, issued, tx.clock.now());
  const current = { ...order, ...issued };
  // Rendered once, now: the issued invoice's PDF and Factur-X never change (issued.ts).
  await invoicePdf(tx.db, current, tx.clock.now());
  await postInvoice(tx, current);
  return current;
}

/** A draft is issued first; an issued invoice stays as it is. */
async function issued(tx: TxContext, order: OrderRow): Promise<{ order: OrderRow; details: AuditDetails }> {
  if (order.etat !== 'FC') return { order, details: {} };
  const current = await issue(tx, order);
  return { order: current, details: { numero: current.numeroFacture } };
}

/** SEND_FACTURE: issues the draft and e-mails the invoice, or e-mails the issued invoice again. */
export const sendInvoice: ActionHandler = async (tx, { order }) => {
  const current = await issued(tx, order);
  await sendDocument(tx, current.order, 'facture');
  return current.details;
};

/** FACTURE_SENT: issues the draft, sent by other means. */
export const markInvoiceSent: ActionHandler = async (tx, { order }) => (await issued(tx, order)).details;

/**
 * FACTURE_CANCELLED: a draft is cancelled; an issued invoice, paid or not, by a credit note of what remains
 * creditable (credit-notes.ts). An invoice in the lodge's favour (a fee adjustment) has nothing to credit:
 * its cancellation is numbered in the AV series alone.
 */
export const cancelInvoice: ActionHandler = async (tx, { order, next, body }) => {
  const motifAnnulation = body.motif?.trim() || null;
  if (order.numeroFacture && order.total > 0) return cancelByCreditNote(tx, order, motifAnnulation);
  const details: AuditDetails = {};
  if (order.numeroFacture) {
    const today = tx.clock.today();
    const numeroAvoir = await nextNumber(tx.db, 'AV', today);
    const cancelled = { etat: next, numeroAvoir, dateAvoir: today, motifAnnulation };
    await orderRecords.update(tx.db, order.id, cancelled, tx.clock.now());
    // Rendered once, now, and e-mailed to the invoice's address with those bytes, as a credit note is.
    await orderPdf(tx.db, { ...order, ...cancelled }, 'avoir', tx.clock.now());
    await sendCancellation(tx, { ...order, ...cancelled });
    await reverseInvoice(tx, order, numeroAvoir);
    details.numero = numeroAvoir;
  } else {
    await orderRecords.update(tx.db, order.id, { etat: next, motifAnnulation }, tx.clock.now());
  }
  if (motifAnnulation) details.motif = motifAnnulation;
  return details;
};
