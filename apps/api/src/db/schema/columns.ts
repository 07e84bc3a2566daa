/**
 * Columns that several tables share because they mean the same thing in each. Not exported from the
 * index: they are pieces of tables, not tables.
 */
import { char, date, text } from 'drizzle-orm/pg-core';

/**
 * The card payment provider's transaction, the same for a restaurant top-up and a lodge's invoice paid
 * online: both draw their 6-digit id from one per-day counter (payment_trans_counters), so the pair
 * (trans_day, trans_id) names one transaction at the provider whichever table holds it.
 */
export function providerTransactionColumns() {
  return {
    /** The provider's transaction: 6 digits, unique within its UTC day. */
    transDay: date('trans_day').notNull(),
    transId: char('trans_id', { length: 6 }).notNull(),
    /** vads_trans_date sent to the provider (yyyyMMddHHmmss, UTC). */
    transDate: char('trans_date', { length: 14 }).notNull(),
    /** The provider's last word (vads_trans_status), for staff. */
    providerStatus: text('provider_status'),
  };
}
