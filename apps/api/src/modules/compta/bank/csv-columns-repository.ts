/** The columns of each bank account's CSV statements (migration 0052): the only place that reads them. */
import type { BankCsvColumns } from '@union/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bankCsvColumns } from '../../../db/schema';

export const csvColumnsRepository = {
  async find(db: Executor, iban: string): Promise<BankCsvColumns | undefined> {
    const [row] = await db.select().from(bankCsvColumns).where(eq(bankCsvColumns.iban, iban));
    return row?.colonnes;
  },

  async save(db: Executor, iban: string, colonnes: BankCsvColumns, by: number, at: Date) {
    const set = { colonnes, updatedById: by, updatedAt: at };
    await db
      .insert(bankCsvColumns)
      .values({ iban, ...set })
      .onConflictDoUpdate({ target: bankCsvColumns.iban, set });
  },
};
