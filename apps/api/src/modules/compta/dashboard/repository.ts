/**
 * The treasurer's dashboard in SQL (issue 33): each chart group is grouped and summed by the database,
 * in one to three statements, and reaches the presenter as a few rows (docs/decisions/dashboards.md).
 * The cards' balances are the restaurant's (restaurant/cards/monthly-repository.ts).
 */
import type { ReminderSettings } from '@union/contract';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  notInArray,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { entityNames } from '../../entities/entity-repository';
import {
  accountingCreditNotes,
  accountingOrders,
  accountingPayments,
  accountingReminders,
} from '../../../db/schema';

const o = accountingOrders;
const reste = sql`(${o.total} - ${o.regle})`;
const sumInt = (expression: SQLWrapper) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

export const dashboardRepository = {
  /** What each entity owes on its issued invoices, by days past due at `today`; the largest debts first. */
  async receivables(db: Executor, today: string) {
    const late = sql`(${today}::date - ${o.dateEcheance})`;
    const band = (condition: ReturnType<typeof sql>) =>
      sumInt(sql`CASE WHEN ${condition} THEN ${reste} ELSE 0 END`);
    const total = sumInt(reste);
    const names = entityNames(db);
    return db
      .select({
        id: names.id,
        nom: names.nom,
        nonEchu: band(sql`${o.dateEcheance} IS NULL OR ${late} < 0`),
        j0a30: band(sql`${late} BETWEEN 0 AND 30`),
        j31a60: band(sql`${late} BETWEEN 31 AND 60`),
        j61a90: band(sql`${late} BETWEEN 61 AND 90`),
        plus90: band(sql`${late} > 90`),
        total,
      })
      .from(o)
      .innerJoin(names, eq(names.id, o.entityId))
      .where(and(eq(o.etat, 'FE'), sql`${reste} > 0`))
      .groupBy(names.id, names.nom)
      .orderBy(desc(total), asc(names.nom));
  },

  /**
   * Per month of the years `from`–`to`: invoices issued less credit notes (by their dates), and payments
   * received less their counter-entries (refunds of a credit are not collections).
   */
  async months(db: Executor, from: string, to: string) {
    const invoiced = db
      .select({
        jour: sql<string>`date_trunc('month', ${o.dateFacture})::date::text`,
        montant: sumInt(o.total),
      })
      .from(o)
      .where(and(isNotNull(o.numeroFacture), gte(o.dateFacture, from), lte(o.dateFacture, to)))
      .groupBy(sql`1`);
    const credited = db
      .select({
        jour: sql<string>`date_trunc('month', ${accountingCreditNotes.date})::date::text`,
        montant: sumInt(accountingCreditNotes.montant),
      })
      .from(accountingCreditNotes)
      .where(and(gte(accountingCreditNotes.date, from), lte(accountingCreditNotes.date, to)))
      .groupBy(sql`1`);
    const p = accountingPayments;
    const collected = db
      .select({
        jour: sql<string>`date_trunc('month', ${p.date})::date::text`,
        montant: sumInt(sql`CASE WHEN ${p.nature} = 'E' THEN ${p.montant} ELSE -${p.montant} END`),
      })
      .from(p)
      .where(and(ne(p.nature, 'R'), gte(p.date, from), lte(p.date, to)))
      .groupBy(sql`1`);
    const [factures, avoirs, paiements] = await Promise.all([invoiced, credited, collected]);
    return { factures, avoirs, paiements };
  },

  /**
   * The issued invoices a reminder is due for at `today`, by the level due (due.ts's rule in SQL: the
   * level's delay after the due date, and the gap after the last letter; after the formal notice, none).
   */
  async remindersDue(db: Executor, today: string, delais: ReminderSettings) {
    const last = db
      .select({
        orderId: accountingReminders.orderId,
        jour: sql`max(${accountingReminders.date})`.as('jour'),
      })
      .from(accountingReminders)
      .groupBy(accountingReminders.orderId)
      .as('last_reminder');
    const niveau = sql<number>`(${o.niveauRelance} + 1)`.mapWith(Number);
    const delay = sql`CASE ${o.niveauRelance} WHEN 0 THEN ${delais.niveau1}::int WHEN 1 THEN ${delais.niveau2}::int ELSE ${delais.niveau3}::int END`;
    return db
      .select({ niveau, factures: sql<number>`count(*)`.mapWith(Number), montant: sumInt(reste) })
      .from(o)
      .leftJoin(last, eq(last.orderId, o.id))
      .where(
        and(
          eq(o.etat, 'FE'),
          sql`${reste} > 0`,
          isNotNull(o.dateEcheance),
          lt(o.niveauRelance, 3),
          sql`${o.dateEcheance} + ${delay} <= ${today}::date`,
          sql`(${last.jour} IS NULL OR ${last.jour} + ${delais.ecart}::int <= ${today}::date)`,
        ),
      )
      .groupBy(niveau)
      .orderBy(niveau);
  },

  /** Per masonic year and instalment, how many entities are called (a cancelled or refused call is not). */
  async calls(db: Executor, years: number[]) {
    return db
      .select({
        annee: o.annee,
        tranche: o.tranche,
        appelees: sql<number>`count(DISTINCT ${o.entityId})`.mapWith(Number),
      })
      .from(o)
      .where(and(eq(o.type, 'A'), inArray(o.annee, years), notInArray(o.etat, ['DA', 'FA', 'DR'])))
      .groupBy(o.annee, o.tranche);
  },
};
