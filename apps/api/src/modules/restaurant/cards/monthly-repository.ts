/**
 * The cards' prepaid balances month by month (the treasurer's dashboard, issue 33), summed by the
 * database: the balance of every card before a day, then each Paris month's credits and debits.
 */
import { gte, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cardMovements as m } from '../../../db/schema';

const sumInt = (expression: SQLWrapper) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
/** Paris midnight of a yyyy-mm-dd day, the instant movements are compared with. */
const parisMidnight = (day: string) => sql`(${day}::timestamp AT TIME ZONE 'Europe/Paris')`;
const parisMonth = sql<string>`to_char(${m.createdAt} AT TIME ZONE 'Europe/Paris', 'YYYY-MM')`;

export const cardsMonthlyRepository = {
  /** Every card's movements before `from` (the opening balance), then per Paris month from `from`. */
  async cardMonths(db: Executor, from: string) {
    const [opening] = await db
      .select({ solde: sumInt(m.montant) })
      .from(m)
      .where(lt(m.createdAt, parisMidnight(from)));
    const months = await db
      .select({
        mois: parisMonth,
        credits: sumInt(sql`CASE WHEN ${m.montant} > 0 THEN ${m.montant} ELSE 0 END`),
        debits: sumInt(sql`CASE WHEN ${m.montant} < 0 THEN -${m.montant} ELSE 0 END`),
      })
      .from(m)
      .where(gte(m.createdAt, parisMidnight(from)))
      .groupBy(parisMonth)
      .orderBy(parisMonth);
    return { opening: opening?.solde ?? 0, months };
  },
};
