/**
 * Gapless numbering (French law: quotes, invoices and credit notes are numbered in one unbroken series a
 * year, an invoice when it is issued and never before). The number is taken inside the use case's
 * transaction, so a refused request gives its number back.
 */
import type { Executor } from '../../../db/client';
import { numberingRepository, type Series } from './repository';

/** The next number of a series, in the calendar year of `day` (the Paris day the document is dated). */
export const nextNumber = (db: Executor, serie: Series, day: string): Promise<string> =>
  numberingRepository.next(db, serie, Number(day.slice(0, 4)));
