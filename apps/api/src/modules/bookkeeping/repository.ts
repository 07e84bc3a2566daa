/** The journal's SQL: the counters that number entries, the entries and their lines, the balances. */
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  chequeDepositItems,
  chequeDeposits,
  journalCounters,
  journalEntries,
  journalLines,
  type JournalCode,
} from '../../db/schema';

export type EntryRow = typeof journalEntries.$inferSelect;
export type LineRow = typeof journalLines.$inferSelect;

export const bookkeepingRepository = {
  /**
   * The next rank of a journal's yearly series. The upsert locks the counter row until the transaction
   * ends: simultaneous recorders queue, and a transaction that fails gives its rank back (no gap).
   */
  async nextRank(db: Executor, journal: JournalCode, annee: number): Promise<number> {
    const [row] = await db
      .insert(journalCounters)
      .values({ journal, annee, dernier: 1 })
      .onConflictDoUpdate({
        target: [journalCounters.journal, journalCounters.annee],
        set: { dernier: sql`${journalCounters.dernier} + 1` },
      })
      .returning({ dernier: journalCounters.dernier });
    return row!.dernier;
  },

  async insertEntry(db: Executor, entry: typeof journalEntries.$inferInsert): Promise<EntryRow> {
    const [row] = await db.insert(journalEntries).values(entry).returning();
    return row!;
  },

  async insertLines(db: Executor, lines: (typeof journalLines.$inferInsert)[]): Promise<void> {
    await db.insert(journalLines).values(lines);
  },

  async bySource(db: Executor, source: string) {
    const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.source, source));
    if (!entry) return undefined;
    const lines = await db
      .select()
      .from(journalLines)
      .where(eq(journalLines.entryId, entry.id))
      .orderBy(asc(journalLines.id));
    return { entry, lines };
  },

  /** The entries dated in [du, au], by date then number, each with its lines in their order. */
  async entries(db: Executor, du: string, au: string) {
    const entries = await db
      .select()
      .from(journalEntries)
      .where(and(gte(journalEntries.date, du), lte(journalEntries.date, au)))
      .orderBy(asc(journalEntries.date), asc(journalEntries.journal), asc(journalEntries.id));
    if (!entries.length) return [];
    const lines = await db
      .select()
      .from(journalLines)
      .where(
        inArray(
          journalLines.entryId,
          entries.map((e) => e.id),
        ),
      )
      .orderBy(asc(journalLines.id));
    const byEntry = new Map<number, LineRow[]>();
    for (const l of lines) byEntry.set(l.entryId, [...(byEntry.get(l.entryId) ?? []), l]);
    return entries.map((entry) => ({ entry, lines: byEntry.get(entry.id) ?? [] }));
  },

  /** The entries recording one of `sources` with a debit on `compte`, with that debit, by date. */
  async debitsOn(db: Executor, compte: string, sources: string[]) {
    if (!sources.length) return [];
    return db
      .select({
        idEcriture: journalEntries.id,
        date: journalEntries.date,
        piece: journalEntries.piece,
        libelle: journalEntries.libelle,
        montant: journalLines.debit,
      })
      .from(journalEntries)
      .innerJoin(
        journalLines,
        and(
          eq(journalLines.entryId, journalEntries.id),
          eq(journalLines.compte, compte),
          gt(journalLines.debit, 0),
        ),
      )
      .where(inArray(journalEntries.source, sources))
      .orderBy(asc(journalEntries.date), asc(journalEntries.id));
  },

  async deposited(db: Executor, source: string): Promise<boolean> {
    const [row] = await db
      .select({ id: chequeDepositItems.id })
      .from(chequeDepositItems)
      .innerJoin(journalEntries, eq(journalEntries.id, chequeDepositItems.entryId))
      .where(eq(journalEntries.source, source));
    return row !== undefined;
  },

  /**
   * The cheques waiting in 5112 (`compte`) received in [du, au] (by their entry's date): entries with a
   * debit on it, not yet deposited and not reversed, with who paid (the other line's auxiliary account).
   */
  async pendingCheques(db: Executor, compte: string, du: string, au: string) {
    const drawer = alias(journalLines, 'drawer');
    const reversal = alias(journalEntries, 'reversal');
    return db
      .select({
        entryId: journalEntries.id,
        date: journalEntries.date,
        reference: journalEntries.piece,
        montant: journalLines.debit,
        tireur: sql<string>`coalesce(${drawer.auxLib}, ${journalEntries.libelle})`,
      })
      .from(journalEntries)
      .innerJoin(
        journalLines,
        and(
          eq(journalLines.entryId, journalEntries.id),
          eq(journalLines.compte, compte),
          gt(journalLines.debit, 0),
        ),
      )
      .leftJoin(
        drawer,
        and(eq(drawer.entryId, journalEntries.id), isNotNull(drawer.aux), gt(drawer.credit, 0)),
      )
      .leftJoin(chequeDepositItems, eq(chequeDepositItems.entryId, journalEntries.id))
      .leftJoin(reversal, eq(reversal.contrePasseId, journalEntries.id))
      .where(
        and(
          gte(journalEntries.date, du),
          lte(journalEntries.date, au),
          isNull(chequeDepositItems.id),
          isNull(reversal.id),
        ),
      )
      .orderBy(asc(journalEntries.date), asc(journalEntries.id));
  },

  async insertDeposit(db: Executor, deposit: typeof chequeDeposits.$inferInsert) {
    const [row] = await db.insert(chequeDeposits).values(deposit).returning();
    return row!;
  },

  async insertDepositItems(db: Executor, items: (typeof chequeDepositItems.$inferInsert)[]) {
    await db.insert(chequeDepositItems).values(items);
  },

  /** A recorded deposit and its cheques, as they were when deposited. */
  async deposit(db: Executor, id: number) {
    const [deposit] = await db.select().from(chequeDeposits).where(eq(chequeDeposits.id, id));
    if (!deposit) return undefined;
    const drawer = alias(journalLines, 'drawer');
    const cheques = await db
      .select({
        date: journalEntries.date,
        reference: journalEntries.piece,
        montant: chequeDepositItems.montant,
        tireur: sql<string>`coalesce(${drawer.auxLib}, ${journalEntries.libelle})`,
      })
      .from(chequeDepositItems)
      .innerJoin(journalEntries, eq(journalEntries.id, chequeDepositItems.entryId))
      .leftJoin(
        drawer,
        and(eq(drawer.entryId, journalEntries.id), isNotNull(drawer.aux), gt(drawer.credit, 0)),
      )
      .where(eq(chequeDepositItems.depositId, id))
      .orderBy(asc(journalEntries.date), asc(journalEntries.id));
    const [entry] = await db
      .select({ numero: journalEntries.numero })
      .from(journalEntries)
      .where(eq(journalEntries.source, `deposit:${id}`));
    return { deposit, cheques, ecriture: entry?.numero ?? '' };
  },

  /**
   * The movements of account `compte` as a subquery, for a query of another module that sets them against
   * its own rows (the bank's reconciliation): per line on the account, its entry's id, number, day, piece,
   * label and source, and the line's debit less credit. The journal's tables are named here only.
   */
  accountMovements(compte: string): SQL {
    return sql`(SELECT e.id, e.numero, e.date, e.piece, e.libelle, e.source, l.debit - l.credit AS montant
      FROM ${journalEntries} e JOIN ${journalLines} l ON l.entry_id = e.id WHERE l.compte = ${compte})`;
  },

  /** Debit less credit of an account up to `au` included, per auxiliary account. */
  async balances(db: Executor, compte: string, au: string) {
    return db
      .select({
        aux: journalLines.aux,
        solde: sql<number>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)::int`,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(and(eq(journalLines.compte, compte), lte(journalEntries.date, au)))
      .groupBy(journalLines.aux);
  },
};
