/**
 * The payments of issued invoices (DECISIONS §4, issue 20). A payment is received from an entity and
 * allocated to its invoices (one or several), never more than the payment nor than what each invoice has
 * due; what is not allocated is a credit of the entity, used on another invoice or refunded. A wrong
 * payment is reversed by a counter-entry, never deleted. Each runs under the row locks of the invoices
 * and of the money it moves; the database's CHECKs bound the sums whatever races (migration 0024).
 */
import {
  addDays,
  euros,
  type OrderChange,
  type PaymentCreate,
  type RecordedPaymentMode,
  type RefundCreate,
} from '@union/contract';
import { guardConstraint, type Refusal } from '../../../lib/constraints';
import type { TxContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { refused } from '../../../lib/errors';
import { unionSettings } from '../../settings/service';
import type { ActionHandler } from '../order-records/action-handler';
import { dueOf } from '../policy';
import { orderRecords, type OrderRow } from '../order-records/repository';
import { insertPayment } from '../books';
import { paymentsRepository, type CreditSource } from './repository';
import type { Executor } from '../../../db/client';
import type { Account } from '../../bookkeeping/service';

type Payment = NonNullable<OrderChange['paiement']>;

/** The database's refusals of money movements: the same sentences as the services' own checks. */
export const MONEY_REFUSALS: Record<string, Refusal> = {
  accounting_orders_settled_within: {
    code: 'over_allocation',
    message:
      'Ce montant dépasse ce qui reste dû sur la facture (une autre personne vient peut-être d’enregistrer un règlement) : rechargez la page.',
  },
  accounting_payments_allocated_within: {
    code: 'over_allocation',
    message: 'Les affectations dépassent le montant du paiement : rechargez la page.',
  },
  accounting_credit_notes_allocated_within: {
    code: 'no_credit',
    message: 'Le crédit de la loge vient d’être utilisé par une autre personne : rechargez la page.',
  },
  accounting_orders_creditable: {
    code: 'over_credit',
    message:
      'Cet avoir dépasse ce qui reste à créditer sur la facture (un autre avoir vient peut-être d’être établi) : rechargez la page.',
  },
  accounting_payments_reversed_once: {
    code: 'payment_reversed',
    message: 'Ce paiement vient d’être contre-passé par une autre personne : rechargez la page.',
  },
};

/** How far ahead a payment may be dated (a cheque received today, dated for next week). */
export const PAYMENT_DAYS_AHEAD = 7;

/**
 * A payment's day lies between the 1 January of the Union's first accounting year (settings) and a week
 * from today: a day outside is a typing error (1900, 2199) and would fall outside every FEC.
 */
export async function checkPaymentDate(tx: TxContext, date: string): Promise<void> {
  const { premierExercice } = (await unionSettings(tx.db)).comptabilite;
  const first = `${premierExercice}-01-01`;
  const last = addDays(tx.clock.today(), PAYMENT_DAYS_AHEAD);
  if (date < first || date > last)
    throw refused(
      'payment_date_out_of_range',
      `La date du règlement doit être comprise entre le 1er janvier ${premierExercice} et le ${frenchDate(last)}.`,
    );
}

/** An issued invoice's state follows what is settled of it: FP when nothing remains due, FE otherwise. */
export async function followSettlement(db: Executor, orderId: number, at: Date): Promise<OrderRow> {
  const [order] = await paymentsRepository.lockInvoices(db, [orderId]);
  if (!order || (order.etat !== 'FE' && order.etat !== 'FP')) return order!;
  const etat = order.regle >= order.total ? 'FP' : 'FE';
  if (etat !== order.etat) await orderRecords.update(db, order.id, { etat }, at);
  return { ...order, etat };
}

/** Uses the entity's credit (its sources, oldest first) on an invoice or a refund, up to `montant`. */
async function spendCredit(
  tx: TxContext,
  sources: CreditSource[],
  target: { orderId?: number; refundId?: number },
  montant: number,
): Promise<void> {
  let left = montant;
  for (const source of sources) {
    if (left <= 0) break;
    const part = Math.min(left, source.reste);
    if (part <= 0) continue;
    await paymentsRepository.allocate(tx.db, { source, ...target, montant: part }, tx.clock.now());
    source.reste -= part;
    left -= part;
  }
}

const paymentRow = (
  tx: TxContext,
  entityId: number,
  orderId: number | null,
  p: Omit<Payment, 'mode'> & { mode: RecordedPaymentMode },
) => ({
  entityId,
  orderId,
  nature: 'E' as const,
  mode: p.mode,
  date: p.date,
  reference: p.reference ?? null,
  montant: p.montant,
  createdById: tx.caller.id,
});

/** Records a payment of this invoice alone: never more than what remains. */
async function record(tx: TxContext, order: OrderRow, paiement: Payment): Promise<void> {
  await checkPaymentDate(tx, paiement.date);
  const reste = dueOf(order);
  if (paiement.montant > reste)
    throw refused(
      'overpayment',
      `Le paiement de ${euros(paiement.montant)} dépasse le reste à payer de la facture (${euros(reste)}).`,
    );
  await guardConstraint(async () => {
    const payment = await insertPayment(
      tx,
      paymentRow(tx, order.entityId, order.id, paiement),
      order.numeroFacture,
    );
    await paymentsRepository.allocate(
      tx.db,
      { source: { kind: 'payment', id: payment.id }, orderId: order.id, montant: paiement.montant },
      tx.clock.now(),
    );
  }, MONEY_REFUSALS);
}

const paymentDetails = (paiement: Payment) => ({ montant: paiement.montant, mode: paiement.mode });

/** EDIT_PAYMENT: one more payment; the last one settles the invoice. */
export const addPayment: ActionHandler = async (tx, { order, body }) => {
  if (!body.paiement)
    throw refused('payment_missing', 'Indiquez le paiement : mode (chèque ou virement), date et montant.');
  await record(tx, order, body.paiement);
  await followSettlement(tx.db, order.id, tx.clock.now());
  return paymentDetails(body.paiement);
};

/** FACTURE_PAID: the invoice is settled, with its last payment when one is given; refused while some remains. */
export const markPaid: ActionHandler = async (tx, { order, body }) => {
  if (body.paiement) await record(tx, order, body.paiement);
  const settled = await followSettlement(tx.db, order.id, tx.clock.now());
  if (settled.etat !== 'FP')
    throw refused(
      'invoice_not_paid',
      `Il reste ${euros(dueOf(settled))} à payer : enregistrez ce paiement (mode, date, montant) pour solder la facture.`,
    );
  return body.paiement ? paymentDetails(body.paiement) : {};
};

/**
 * The credit notes of an invoice that are not used settle what it has due (after a counter-entry reopened
 * it, its own credit notes come back to it before any other use).
 */
export async function applyOwnCreditNotes(tx: TxContext, order: OrderRow, notes: CreditSource[]) {
  const [locked] = await paymentsRepository.lockInvoices(tx.db, [order.id]);
  await spendCredit(tx, notes, { orderId: order.id }, dueOf(locked!));
}

/**
 * REVERSE_PAYMENT: a wrong payment is reversed by a counter-entry (same amount, dated today, or the
 * bank's day of a SEPA return, with its reason); its allocations are undone on every invoice it settled. The payment stays in the history. A
 * payment partly refunded is reversed for what remains (the refund stays).
 */
export const reversePayment: ActionHandler = async (tx, { order, body, on }) => {
  if (!body.paiementId) throw refused('payment_unknown', 'Choisissez le paiement à contre-passer.');
  const motif = body.motif?.trim();
  if (!motif)
    throw refused(
      'reason_missing',
      'Indiquez le motif de la contre-passation (chèque rejeté, erreur de saisie…).',
    );
  // The lock order (invoices, locked by `change`, then the entity's credit, then the payment): a credit
  // used elsewhere at the same time locks its invoice, then the same sources, so both queue.
  const seen = await paymentsRepository.find(tx.db, body.paiementId);
  if (seen) await paymentsRepository.creditSources(tx.db, seen.entityId, true);
  const payment = await paymentsRepository.lock(tx.db, body.paiementId);
  const allocations = payment ? await paymentsRepository.allocationsOf(tx.db, payment.id) : [];
  if (!payment || payment.nature !== 'E' || !allocations.some((a) => a.orderId === order.id && a.montant > 0))
    throw refused('payment_unknown', 'Ce paiement n’est pas un règlement de cette facture.');
  if (await paymentsRepository.reversalOf(tx.db, payment.id))
    throw refused('payment_reversed', 'Ce paiement est déjà contre-passé.');
  // A part refunded to the lodge went back out for real (a transfer, a cheque): the refund stays, and
  // the counter-entry reverses what remains of the payment (the ledger nets to zero: received, refunded,
  // reversed). All of it refunded leaves nothing to reverse.
  const refunded = allocations.filter((a) => a.refundId !== null).reduce((s, a) => s + a.montant, 0);
  const montant = payment.montant - refunded;
  if (montant <= 0)
    throw refused(
      'payment_refunded',
      `Ce paiement a été entièrement remboursé à la loge (${euros(refunded)}) : il ne reste rien à contre-passer. Si le remboursement lui-même était une erreur, enregistrez un nouveau paiement de la loge.`,
    );
  const invoices = allocations.filter((a) => a.orderId !== null && a.montant > 0);
  await paymentsRepository.lockInvoices(
    tx.db,
    invoices.map((a) => a.orderId!),
  );
  await guardConstraint(async () => {
    await insertPayment(
      tx,
      {
        entityId: payment.entityId,
        orderId: order.id,
        nature: 'C',
        mode: payment.mode,
        date: on ?? tx.clock.today(),
        reference: payment.reference,
        montant,
        contrePasseId: payment.id,
        motif,
        createdById: tx.caller.id,
      },
      order.numeroFacture,
    );
    for (const a of invoices)
      await paymentsRepository.allocate(
        tx.db,
        { source: { kind: 'payment', id: payment.id }, orderId: a.orderId!, montant: -a.montant },
        tx.clock.now(),
      );
  }, MONEY_REFUSALS);
  for (const a of invoices) {
    const [invoice] = await paymentsRepository.lockInvoices(tx.db, [a.orderId!]);
    const own = (await paymentsRepository.creditSources(tx.db, payment.entityId, true)).filter(
      (s) => s.kind === 'creditNote',
    );
    const ownNotes = await creditNotesOf(tx.db, invoice!.id, own);
    await applyOwnCreditNotes(tx, invoice!, ownNotes);
    await followSettlement(tx.db, invoice!.id, tx.clock.now());
  }
  return {
    montant,
    mode: payment.mode,
    motif,
    paiementId: payment.id,
    ...(refunded > 0 ? { rembourse: refunded } : {}),
  };
};

/** The sources among `sources` that are credit notes of this invoice. */
async function creditNotesOf(db: Executor, orderId: number, sources: CreditSource[]) {
  const ids = new Set((await orderRecords.creditNotes(db, orderId)).map((n) => n.id));
  return sources.filter((s) => ids.has(s.id));
}

/** USE_CREDIT: the entity's credit settles what the invoice has due (all of it, or the amount asked). */
export const useCredit: ActionHandler = async (tx, { order, body }) => {
  const du = dueOf(order);
  const sources = await paymentsRepository.creditSources(tx.db, order.entityId, true);
  const credit = sources.reduce((s, c) => s + c.reste, 0);
  if (credit <= 0) throw refused('no_credit', 'La loge n’a pas de crédit à imputer sur cette facture.');
  const montant = body.montant ?? Math.min(du, credit);
  if (montant > du)
    throw refused(
      'over_allocation',
      `${euros(montant)} dépasse ce qui reste dû sur la facture (${euros(du)}).`,
    );
  if (montant > credit)
    throw refused('no_credit', `${euros(montant)} dépasse le crédit de la loge (${euros(credit)}).`);
  await guardConstraint(() => spendCredit(tx, sources, { orderId: order.id }, montant), MONEY_REFUSALS);
  await followSettlement(tx.db, order.id, tx.clock.now());
  return { montant };
};

/**
 * One payment of an entity, allocated by the treasurer across its open invoices: each allocation at most
 * what the invoice has due, all of them at most the payment; the rest is a credit of the entity. Answers
 * the payment and the invoices it settled.
 */
export async function recordEntityPayment(
  tx: TxContext,
  input: Omit<PaymentCreate, 'mode'> & { mode: RecordedPaymentMode },
  bank?: Account,
) {
  await checkPaymentDate(tx, input.date);
  const ids = input.affectations.map((a) => a.idCommande);
  const invoices = new Map((await paymentsRepository.lockInvoices(tx.db, ids)).map((o) => [o.id, o]));
  for (const a of input.affectations) {
    const invoice = invoices.get(a.idCommande);
    if (!invoice || invoice.entityId !== input.idEntite || invoice.etat !== 'FE')
      throw refused(
        'invoice_not_open',
        `La pièce n° ${a.idCommande} n’est pas une facture émise à payer de cette loge.`,
      );
    if (a.montant > dueOf(invoice))
      throw refused(
        'over_allocation',
        `${euros(a.montant)} affectés à la facture ${invoice.numeroFacture} dépassent ce qu’elle a dû (${euros(dueOf(invoice))}).`,
      );
  }
  const affecte = input.affectations.reduce((s, a) => s + a.montant, 0);
  if (affecte > input.montant)
    throw refused(
      'over_allocation',
      `Les affectations (${euros(affecte)}) dépassent le montant du paiement (${euros(input.montant)}).`,
    );
  const payment = await guardConstraint(async () => {
    const row = await insertPayment(
      tx,
      paymentRow(tx, input.idEntite, null, { ...input, reference: input.reference ?? null }),
      null,
      bank,
    );
    for (const a of input.affectations)
      await paymentsRepository.allocate(
        tx.db,
        { source: { kind: 'payment', id: row.id }, orderId: a.idCommande, montant: a.montant },
        tx.clock.now(),
      );
    return row;
  }, MONEY_REFUSALS);
  for (const id of ids) await followSettlement(tx.db, id, tx.clock.now());
  return payment;
}

/** The entity's credit paid back to it: a refund movement, drawn from its credit's sources, oldest first. */
export async function refundCredit(tx: TxContext, entityId: number, input: RefundCreate) {
  await checkPaymentDate(tx, input.date);
  const sources = await paymentsRepository.creditSources(tx.db, entityId, true);
  const credit = sources.reduce((s, c) => s + c.reste, 0);
  if (input.montant > credit)
    throw refused(
      'no_credit',
      credit > 0
        ? `Le remboursement de ${euros(input.montant)} dépasse le crédit de la loge (${euros(credit)}).`
        : 'La loge n’a pas de crédit à rembourser.',
    );
  return guardConstraint(async () => {
    const refund = await insertPayment(
      tx,
      {
        entityId,
        orderId: null,
        nature: 'R',
        mode: input.mode,
        date: input.date,
        reference: input.reference ?? null,
        montant: input.montant,
        motif: input.motif || null,
        createdById: tx.caller.id,
      },
      null,
    );
    await spendCredit(tx, sources, { refundId: refund.id }, input.montant);
    return refund;
  }, MONEY_REFUSALS);
}
