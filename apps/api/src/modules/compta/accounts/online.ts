/**
 * A lodge's online card payment of an invoice (issue 20), through the shop's one provider: its
 * notification, checked by `payment-provider/notification.ts` (signature, shop, mode, currency), reaches
 * here for every order reference `FACTURE-<id>` (entered at composition, app.ts). Applied once,
 * under the online payment's row lock: a repeat finds it no longer « en cours » and changes nothing; the
 * database refuses any second change of it (migration 0026) and a second accounting payment for it.
 * The person who paid is e-mailed a receipt.
 */
import type { PublicContext } from '../../../lib/context';
import { audit } from '../../audit/audit';
import { mismatch, unknownPayment, type NotificationHandler } from '../../payment-provider/notification';
import { sendReceipt } from '../documents/send';
import { RECORD_TYPE } from '../order-records/record';
import { dueOf } from '../policy';
import { insertPayment } from '../books';
import { paymentsRepository } from '../payments/repository';
import { followSettlement } from '../payments/actions';
import { orderRecords } from '../order-records/repository';
import { accountsRepository } from './repository';

/** The prefix of an online payment's order reference, before its number. */
export const INVOICE_REFERENCE_PREFIX = 'FACTURE-';

/** The provider's order reference of an online payment of an invoice. */
export const onlineOrderId = (id: number) => `${INVOICE_REFERENCE_PREFIX}${id}`;

/**
 * Applies a checked notification to online payment `id`: paid, the payment « CB en ligne » is recorded
 * (the last one settles the invoice); failed, the attempt ends. A payment that arrives when the invoice
 * no longer owes it (cancelled, or paid otherwise meanwhile) is kept as « à régulariser » (A), audited,
 * for the treasurer to refund: the money was taken, nothing is lost or overpaid.
 */
export const applyInvoiceNotification: NotificationHandler = async (
  ctx: PublicContext,
  id,
  fields,
  verdict,
) => {
  const status = fields.vads_trans_status ?? '';
  return ctx.db.transaction(async (tx) => {
    const p = await accountsRepository.lockOnlinePayment(tx, id);
    if (!p || p.transId !== fields.vads_trans_id || p.transDate !== fields.vads_trans_date)
      throw unknownPayment();
    if (fields.vads_amount !== String(p.montant)) throw mismatch('vads_amount');
    if (verdict === null) return 'ignored';
    if (p.etat !== 'C') return 'already_applied';
    const now = ctx.clock.now();
    if (verdict === 'FAILED') {
      await accountsRepository.endOnlinePayment(tx, p.id, { etat: 'X', providerStatus: status }, now);
      await audit.recordSystem(tx, now, {
        action: 'invoice_online_payment_failed',
        recordType: RECORD_TYPE,
        recordId: p.orderId,
        details: { statut: status, montant: p.montant, paiementEnLigne: p.id },
      });
      return 'applied';
    }
    const order = (await orderRecords.lock(tx, p.orderId))!;
    const reste = dueOf(order);
    if (order.etat !== 'FE' || p.montant > reste) {
      await accountsRepository.endOnlinePayment(tx, p.id, { etat: 'A', providerStatus: status }, now);
      await audit.recordSystem(tx, now, {
        action: 'invoice_online_payment_unapplied',
        recordType: RECORD_TYPE,
        recordId: order.id,
        details: { statut: status, montant: p.montant, paiementEnLigne: p.id, reste },
      });
      return 'applied';
    }
    // A payment of this invoice alone, allocated to it (the credit notes' and payments' model, 0024).
    const reference = `CB ${p.transDay.replaceAll('-', '')}-${p.transId}`;
    const payment = await insertPayment(
      { db: tx, clock: ctx.clock },
      {
        entityId: order.entityId,
        orderId: order.id,
        mode: 'B',
        date: ctx.clock.today(),
        reference,
        montant: p.montant,
        createdById: p.createdById,
      },
      order.numeroFacture,
    );
    const paymentId = payment.id;
    await paymentsRepository.allocate(
      tx,
      { source: { kind: 'payment', id: paymentId }, orderId: order.id, montant: p.montant },
      now,
    );
    await accountsRepository.endOnlinePayment(
      tx,
      p.id,
      { etat: 'P', providerStatus: status, paymentId },
      now,
    );
    await followSettlement(tx, order.id, now);
    // The person who paid gets a receipt (with the outbox's message, in this transaction: applied once).
    await sendReceipt(
      tx,
      order,
      { payerId: p.createdById, montant: p.montant, reference, day: ctx.clock.today() },
      now,
    );
    await audit.recordSystem(tx, now, {
      action: 'invoice_paid_online',
      recordType: RECORD_TYPE,
      recordId: order.id,
      details: { action: 'EDIT_PAYMENT', montant: p.montant, mode: 'B', paiementEnLigne: p.id },
    });
    return 'applied';
  });
};
