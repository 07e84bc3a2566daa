/** The document counters: one yearly series per kind of document (DE quotes, FA invoices, AV credit notes). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { documentCounters } from '../../../db/schema';

export type Series = 'DE' | 'FA' | 'AV';

export const numberingRepository = {
  /**
   * The next number of a yearly series. The upsert locks the counter row until the transaction ends, so
   * concurrent issuers queue; a transaction that fails rolls its increment back: no gap, no reuse.
   */
  async next(db: Executor, serie: Series, annee: number): Promise<string> {
    const [row] = await db
      .insert(documentCounters)
      .values({ serie, annee, dernier: 1 })
      .onConflictDoUpdate({
        target: [documentCounters.serie, documentCounters.annee],
        set: { dernier: sql`${documentCounters.dernier} + 1` },
      })
      .returning({ dernier: documentCounters.dernier });
    return `${serie}-${annee}-${String(row!.dernier).padStart(4, '0')}`;
  },
};
