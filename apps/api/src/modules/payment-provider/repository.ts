/** The provider's transaction numbers: one series per UTC day, shared by every kind of online payment. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentTransCounters } from '../../db/schema';

export const paymentProviderRepository = {
  /**
   * The next vads_trans_id of a UTC day (1, 2, …): one upsert, so simultaneous payments each get their
   * own number; the CHECK stops at 899999 (the protocol's range).
   */
  async nextTransId(db: Executor, utcDay: string): Promise<number> {
    const [row] = await db
      .insert(paymentTransCounters)
      .values({ jour: utcDay, dernier: 1 })
      .onConflictDoUpdate({
        target: paymentTransCounters.jour,
        set: { dernier: sql`${paymentTransCounters.dernier} + 1` },
      })
      .returning({ dernier: paymentTransCounters.dernier });
    return row!.dernier;
  },
};
