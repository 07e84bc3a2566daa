/**
 * A payment's transaction as the Lyra form protocol names it: the UTC day, its number in that day's
 * series (six digits, `vads_trans_id`) and the instant (`vads_trans_date`, yyyyMMddHHmmss in UTC). Card
 * top-ups and lodges' invoices draw from the same series: the provider refuses a number used twice in
 * a day for the shop.
 */
import type { Executor } from '../../db/client';
import { guardConstraint } from '../../lib/constraints';
import { paymentProviderRepository } from './repository';

export interface Transaction {
  transDay: string;
  transId: string;
  transDate: string;
}

export async function newTransaction(db: Executor, now: Date): Promise<Transaction> {
  const transDay = now.toISOString().slice(0, 10);
  const n = await guardConstraint(() => paymentProviderRepository.nextTransId(db, transDay), {
    payment_trans_counters_range: {
      code: 'trans_ids_exhausted',
      message: "Trop de paiements aujourd'hui : réessayez demain.",
    },
  });
  return {
    transDay,
    transId: String(n).padStart(6, '0'),
    transDate: now.toISOString().replace(/[-:T]/g, '').slice(0, 14),
  };
}
