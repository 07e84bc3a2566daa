/** The payments of invoices: the list of an order, what is paid, and the paid sum as a column of an order query. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountingPayments } from '../../../db/schema';

/** What is paid on each order, as a column of a query over `accounting_orders` (the searches, the fee table). */
export const paidSum = sql<number>`(SELECT coalesce(sum(p.montant), 0)::int FROM ${accountingPayments} p WHERE p.order_id = ${sql.raw('"accounting_orders"."id"')})`;

export const paymentsRepository = {
  async payments(db: Executor, orderId: number) {
    return db
      .select()
      .from(accountingPayments)
      .where(eq(accountingPayments.orderId, orderId))
      .orderBy(asc(accountingPayments.date), asc(accountingPayments.id));
  },

  async paidAmount(db: Executor, orderId: number): Promise<number> {
    const [row] = await db
      .select({ paye: sql<number>`coalesce(sum(${accountingPayments.montant}), 0)::int` })
      .from(accountingPayments)
      .where(eq(accountingPayments.orderId, orderId));
    return row!.paye;
  },

  async insert(db: Executor, payment: typeof accountingPayments.$inferInsert, at: Date): Promise<void> {
    await db.insert(accountingPayments).values({ ...payment, createdAt: at });
  },
};
