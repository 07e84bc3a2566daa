/**
 * The lodges' side of the Union's accounts (issue 20): an invoice paid online by card, one row per
 * attempt. The attempt leaves « en cours » (C) once, to paid (P, with the accounting payment it recorded),
 * failed (X) or paid but not applicable (A: the invoice no longer owed that amount; the treasurer
 * refunds or allocates it); a trigger (migration 0026) refuses any later change, so a notification is
 * applied once whatever code writes.
 */
import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { providerTransactionColumns } from './columns';
import { accountingOrders, accountingPayments } from './compta';
import { users } from './people';

/**
 * C in progress, P paid (its accounting payment recorded), X failed or abandoned, A « à régulariser »
 * (paid at the bank, not applied), R refunded to the card by the treasurer (migration 0033).
 */
export type OnlinePaymentState = 'C' | 'P' | 'X' | 'A' | 'R';

export const invoiceCardPayments = pgTable(
  'invoice_card_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => accountingOrders.id),
    montant: integer('montant').notNull(),
    etat: char('etat', { length: 1 }).$type<OnlinePaymentState>().notNull().default('C'),
    /** Numbered from the top-ups' per-day counter. */
    ...providerTransactionColumns(),
    paymentId: integer('payment_id').references(() => accountingPayments.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_card_payments_trans_key').on(t.transDay, t.transId),
    uniqueIndex('invoice_card_payments_payment_key').on(t.paymentId),
    index('invoice_card_payments_order_idx').on(t.orderId),
    check('invoice_card_payments_amount_positive', sql`${t.montant} > 0`),
    check('invoice_card_payments_etat', sql`${t.etat} IN ('C', 'P', 'X', 'A', 'R')`),
    check('invoice_card_payments_paid_recorded', sql`(${t.etat} = 'P') = (${t.paymentId} IS NOT NULL)`),
  ],
);
