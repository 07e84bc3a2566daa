/**
 * Issued documents are fixed records (issue 31, French invoicing law: corrections go through credit
 * notes). An invoice's PDF with its Factur-X, a credit note's, a quote's once out of draft, is rendered
 * once, in the transaction that issues it, and kept in `issued_documents` (migration 0035, in every
 * backup; a trigger refuses any change); every later download, e-mail and reminder attachment serves
 * those bytes. What is paid and due today is the statement's, the lodge account's and the order's screen's.
 */
import type { Executor } from '../../../db/client';
import { orderRecords, type CreditNoteRow, type OrderRow } from '../order-records/repository';
import { issuedRepository, type IssuedKind } from './repository';
import { render, renderCreditNote } from './service';

/**
 * The stored PDF of a document; the first reading of one issued before the table existed renders it
 * (with what was known at its issue, see the callers) and keeps it, so the next readings get these bytes.
 */
async function stored(
  db: Executor,
  kind: IssuedKind,
  documentId: number,
  renderIt: () => Promise<Buffer>,
  at: Date,
): Promise<Buffer> {
  const found = await issuedRepository.find(db, kind, documentId);
  if (found) return Buffer.from(found.pdf);
  await issuedRepository.keep(db, kind, documentId, await renderIt(), at);
  return Buffer.from((await issuedRepository.find(db, kind, documentId))!.pdf);
}

/**
 * The issued invoice. It says nothing of what was paid or credited after its issue: payments are taken
 * only of an issued invoice (the machine), so nothing was paid before it and its Factur-X
 * `TotalPrepaidAmount` is 0, its `DuePayableAmount` its total; credit notes are documents of their own.
 */
export const invoicePdf = (db: Executor, order: OrderRow, at: Date) =>
  stored(db, 'facture', order.id, () => render(db, order, 'facture'), at);

/** The quote once out of draft (sent, or made an invoice): a draft quote is rendered as it stands. */
export const quotePdf = (db: Executor, order: OrderRow, at: Date) =>
  stored(db, 'devis', order.id, () => render(db, order, 'devis'), at);

/** A credit note (partial or whole), type 381. */
export const creditNotePdf = (db: Executor, order: OrderRow, note: CreditNoteRow, at: Date) =>
  stored(db, 'avoir', note.id, () => renderCreditNote(db, order, note), at);

/** The AV-numbered cancellation of an invoice in the lodge's favour (nothing credited: no credit note row). */
export const cancellationPdf = (db: Executor, order: OrderRow, at: Date) =>
  stored(db, 'annulation', order.id, () => render(db, order, 'avoir'), at);

/**
 * A document of an order as PDF: the issued ones stored, a draft (quote or invoice) and a reminder letter
 * (it says what remained due on its day, stored with it) rendered now.
 */
export async function orderPdf(
  db: Executor,
  order: OrderRow,
  kind: 'devis' | 'facture' | 'avoir' | 'relance',
  at: Date,
  relance?: { niveau: number; date: string; reste?: number | null },
): Promise<Buffer> {
  switch (kind) {
    case 'devis':
      return order.etat === 'DC' ? render(db, order, 'devis') : quotePdf(db, order, at);
    case 'facture':
      return order.numeroFacture ? invoicePdf(db, order, at) : render(db, order, 'facture');
    case 'avoir': {
      const note = order.numeroAvoir && (await orderRecords.creditNoteNumbered(db, order.numeroAvoir));
      return note ? creditNotePdf(db, order, note, at) : cancellationPdf(db, order, at);
    }
    case 'relance':
      return render(db, order, 'relance', relance);
  }
}
