/**
 * The accounting e-mails, through the outbox inside the use case's transaction, each with the stored PDF
 * of its issued document (issued.ts): a quote or an invoice sent to the entity's billing address, a
 * credit note or the cancellation of an invoice to the same address, the receipt of an online payment
 * to the person who paid.
 */
import type { Executor } from '../../../db/client';
import type { TxContext } from '../../../lib/context';
import { entityRepository } from '../../entities/entity-repository';
import { mailRepository } from '../../mail/repository';
import { unionSettings } from '../../settings/service';
import { accountRepository } from '../../users/account-repository';
import type { CreditNoteRow, OrderRow } from '../order-records/repository';
import { cancellationPdf, creditNotePdf, invoicePdf, quotePdf } from './issued';
import { cancellationEmail, creditNoteEmail, invoiceEmail, quoteEmail, receiptEmail } from './mails';
import { billingAddress, fileName } from './service';

const PDF = 'application/pdf';

/** E-mails the quote or the invoice, its stored PDF attached. */
export async function sendDocument(tx: TxContext, order: OrderRow, kind: 'devis' | 'facture') {
  const { to, entite } = await billingAddress(
    tx.db,
    order,
    kind === 'devis' ? 'marquez le devis comme envoyé' : 'émettez la facture sans e-mail',
  );
  const union = (await unionSettings(tx.db)).identite.raisonSociale;
  const facts = {
    to,
    union,
    entite,
    objet: order.objet,
    numero: (kind === 'devis' ? order.numeroDevis : order.numeroFacture)!,
    total: order.total,
    echeance: order.dateEcheance,
  };
  const now = tx.clock.now();
  const pdf = kind === 'devis' ? await quotePdf(tx.db, order, now) : await invoicePdf(tx.db, order, now);
  await mailRepository.enqueueWithAttachments(
    tx.db,
    kind === 'devis' ? quoteEmail(facts) : invoiceEmail(facts),
    [{ nom: fileName(kind, order), typeMime: PDF, contenu: pdf }],
    now,
  );
}

/**
 * E-mails a new credit note, its stored PDF attached, to the address the invoice went to (the lodge's
 * treasury). An entity without a billing address gets none: the credit note is issued all the same
 * (it settles the invoice), and its PDF is on the lodge's account. Says whether it was sent.
 */
export async function sendCreditNote(tx: TxContext, order: OrderRow, note: CreditNoteRow): Promise<boolean> {
  const entity = (await entityRepository.find(tx.db, order.entityId))!;
  if (!entity.emailFacturation) return false;
  const now = tx.clock.now();
  const pdf = await creditNotePdf(tx.db, order, note, now);
  await mailRepository.enqueueWithAttachments(
    tx.db,
    creditNoteEmail({
      to: entity.emailFacturation,
      union: (await unionSettings(tx.db)).identite.raisonSociale,
      entite: entity.nom,
      objet: order.objet,
      numero: note.numero,
      total: note.montant,
      facture: order.numeroFacture!,
      motif: note.motif,
    }),
    [{ nom: `${note.numero}.pdf`, typeMime: PDF, contenu: pdf }],
    now,
  );
  return true;
}

/**
 * E-mails the AV-numbered cancellation of an invoice in the lodge's favour (`order` as cancelled: its
 * `numeroAvoir` set), its stored PDF attached, as a credit note is: to the lodge's treasury, and to
 * nobody when the entity has no billing address. Says whether it was sent.
 */
export async function sendCancellation(tx: TxContext, order: OrderRow): Promise<boolean> {
  const entity = (await entityRepository.find(tx.db, order.entityId))!;
  if (!entity.emailFacturation) return false;
  const now = tx.clock.now();
  const pdf = await cancellationPdf(tx.db, order, now);
  await mailRepository.enqueueWithAttachments(
    tx.db,
    cancellationEmail({
      to: entity.emailFacturation,
      union: (await unionSettings(tx.db)).identite.raisonSociale,
      entite: entity.nom,
      objet: order.objet,
      numero: order.numeroAvoir!,
      total: order.total,
      facture: order.numeroFacture!,
      motif: order.motifAnnulation,
    }),
    [{ nom: `${order.numeroAvoir}.pdf`, typeMime: PDF, contenu: pdf }],
    now,
  );
  return true;
}

/** E-mails the receipt of an invoice's online payment to the person who started it, if known. */
export async function sendReceipt(
  db: Executor,
  order: OrderRow,
  payment: { payerId: number | null; montant: number; reference: string; day: string },
  at: Date,
) {
  const to = payment.payerId === null ? undefined : await accountRepository.emailOf(db, payment.payerId);
  if (!to) return;
  const entity = (await entityRepository.find(db, order.entityId))!;
  await mailRepository.enqueue(
    db,
    receiptEmail({
      to,
      union: (await unionSettings(db)).identite.raisonSociale,
      entite: entity.nom,
      numero: order.numeroFacture!,
      montant: payment.montant,
      reference: payment.reference,
      day: payment.day,
      at,
    }),
    at,
  );
}
