/**
 * The payments of an issued invoice (DECISIONS §4): each is recorded under the order's row lock (taken
 * by `change`), never more than what remains; the payment that completes the total settles the invoice.
 */
import { euros, type OrderChange } from '@union/contract';
import type { TxContext } from '../../../lib/context';
import { refused } from '../../../lib/errors';
import type { ActionHandler } from '../actions';
import { comptaRepository, type OrderRow } from '../repository';
import { paymentsRepository } from './repository';

type Payment = NonNullable<OrderChange['paiement']>;

/** Records a payment: never more than what remains. Answers what is paid now. */
async function record(tx: TxContext, order: OrderRow, paiement: Payment): Promise<number> {
  const paye = await paymentsRepository.paidAmount(tx.db, order.id);
  const reste = order.total - paye;
  if (paiement.montant > reste)
    throw refused(
      'overpayment',
      `Le paiement de ${euros(paiement.montant)} dépasse le reste à payer de la facture (${euros(Math.max(reste, 0))}).`,
    );
  await paymentsRepository.insert(
    tx.db,
    {
      orderId: order.id,
      mode: paiement.mode,
      date: paiement.date,
      reference: paiement.reference ?? null,
      montant: paiement.montant,
      createdById: tx.caller.id,
    },
    tx.clock.now(),
  );
  return paye + paiement.montant;
}

const settle = (tx: TxContext, order: OrderRow) =>
  comptaRepository.update(tx.db, order.id, { etat: 'FP' }, tx.clock.now());

const paymentDetails = (paiement: Payment) => ({ montant: paiement.montant, mode: paiement.mode });

/** EDIT_PAYMENT: one more payment; the last one settles the invoice. */
export const addPayment: ActionHandler = async (tx, { order, body }) => {
  if (!body.paiement)
    throw refused('payment_missing', 'Indiquez le paiement : mode (chèque ou virement), date et montant.');
  const paye = await record(tx, order, body.paiement);
  if (paye >= order.total) await settle(tx, order);
  return paymentDetails(body.paiement);
};

/** FACTURE_PAID: the invoice is settled, with its last payment when one is given; refused while some remains. */
export const markPaid: ActionHandler = async (tx, { order, body }) => {
  const paye = body.paiement
    ? await record(tx, order, body.paiement)
    : await paymentsRepository.paidAmount(tx.db, order.id);
  if (paye < order.total)
    throw refused(
      'invoice_not_paid',
      `Il reste ${euros(order.total - paye)} à payer : enregistrez ce paiement (mode, date, montant) pour solder la facture.`,
    );
  await settle(tx, order);
  return body.paiement ? paymentDetails(body.paiement) : {};
};
