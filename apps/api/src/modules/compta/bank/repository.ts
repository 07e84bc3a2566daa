/** The bank's statements and lines (issue 34): the only place that reads and writes them. */
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { intArray, returnedRows, textArray } from '../../../db/arrays';
import type { Executor } from '../../../db/client';
import {
  accountingOrders,
  accountingPayments,
  bankLines,
  bankSettledEntries,
  bankStatements,
} from '../../../db/schema';
import { bookkeeping } from '../../bookkeeping/service';
import { entityNames } from '../../entities/entity-repository';
import { onlineTopUpEntries } from '../../restaurant/cards/books';
import { userIdentities } from '../../users/identities';

export type BankStatementRow = typeof bankStatements.$inferSelect;
export type BankLineRow = typeof bankLines.$inferSelect;
export type NewBankLine = typeof bankLines.$inferInsert;

export const bankRepository = {
  async findStatement(db: Executor, iban: string, identifiant: string) {
    const [row] = await db
      .select()
      .from(bankStatements)
      .where(and(eq(bankStatements.iban, iban), eq(bankStatements.identifiant, identifiant)));
    return row;
  },

  async insertStatement(db: Executor, row: typeof bankStatements.$inferInsert): Promise<BankStatementRow> {
    const [inserted] = await db.insert(bankStatements).values(row).returning();
    return inserted!;
  },

  /**
   * Adds the lines not stored yet (by account and key): answers how many were new. One statement over
   * arrays (db/arrays.ts): a multi-row VALUES list of thousands of lines takes longer to build than to run.
   */
  async insertLines(db: Executor, rows: NewBankLine[]): Promise<number> {
    if (rows.length === 0) return 0;
    const col = <K extends keyof NewBankLine>(k: K) => rows.map((r) => (r[k] ?? null) as string | null);
    const inserted = await db.execute(sql`
      INSERT INTO ${bankLines} (statement_id, iban, cle, date_comptable, date_valeur, montant, reference,
        contrepartie, iban_contrepartie, libelle, motif_retour, end_to_end_id)
      SELECT n.statement_id, n.iban, n.cle, n.date_comptable::date, n.date_valeur::date, n.montant, n.reference,
        n.contrepartie, n.iban_contrepartie, n.libelle, n.motif_retour, n.end_to_end_id
      FROM unnest(${intArray(rows.map((r) => r.statementId))}, ${textArray(col('iban'))}, ${textArray(col('cle'))},
        ${textArray(col('dateComptable'))}, ${textArray(col('dateValeur'))}, ${intArray(rows.map((r) => r.montant))},
        ${textArray(col('reference'))}, ${textArray(col('contrepartie'))}, ${textArray(col('ibanContrepartie'))},
        ${textArray(col('libelle'))}, ${textArray(col('motifRetour'))}, ${textArray(col('endToEndId'))})
        AS n(statement_id, iban, cle, date_comptable, date_valeur, montant, reference, contrepartie,
          iban_contrepartie, libelle, motif_retour, end_to_end_id)
      ON CONFLICT (iban, cle) DO NOTHING
      RETURNING id`);
    return returnedRows(inserted).length;
  },

  /** The statement of the account that ends last before this one starts (or was imported before it). */
  async previous(db: Executor, s: BankStatementRow) {
    const [row] = await db
      .select()
      .from(bankStatements)
      .where(
        and(
          eq(bankStatements.iban, s.iban),
          ne(bankStatements.id, s.id),
          s.du ? lte(bankStatements.au, s.du) : sql`${bankStatements.id} < ${s.id}`,
        ),
      )
      .orderBy(desc(bankStatements.au), desc(bankStatements.id))
      .limit(1);
    return row;
  },

  async list(db: Executor) {
    const who = userIdentities(db);
    return db
      .select({ statement: bankStatements, prenom: who.prenom, nom: who.nom })
      .from(bankStatements)
      .innerJoin(who, eq(who.id, bankStatements.importedById))
      .orderBy(desc(bankStatements.au), desc(bankStatements.id))
      .limit(200);
  },

  async find(db: Executor, id: number) {
    const who = userIdentities(db);
    const [row] = await db
      .select({ statement: bankStatements, prenom: who.prenom, nom: who.nom })
      .from(bankStatements)
      .innerJoin(who, eq(who.id, bankStatements.importedById))
      .where(eq(bankStatements.id, id));
    return row;
  },

  /** The account's lines within the statement's period (those another statement brought first too). */
  async linesOf(db: Executor, s: BankStatementRow): Promise<BankLineRow[]> {
    const within =
      s.du && s.au
        ? or(
            eq(bankLines.statementId, s.id),
            and(eq(bankLines.iban, s.iban), sql`${bankLines.dateComptable} BETWEEN ${s.du} AND ${s.au}`),
          )
        : eq(bankLines.statementId, s.id);
    return db.select().from(bankLines).where(within).orderBy(asc(bankLines.dateComptable), asc(bankLines.id));
  },

  async lockLine(db: Executor, id: number): Promise<BankLineRow | undefined> {
    const [row] = await db.select().from(bankLines).where(eq(bankLines.id, id)).for('update');
    return row;
  },

  /**
   * Marks a line done (its payment, or its note) only if it is still waiting: answers false when another
   * request did it first, whose transaction then wins.
   */
  async markDone(
    db: Executor,
    id: number,
    done:
      | { paymentId: number }
      | { note: string }
      | { entryId: number; compte: string }
      | { sepaBatchId: number }
      | { sepaLineId: number },
    by: number,
    at: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(bankLines)
      .set({ ...done, doneById: by, doneAt: at })
      .where(
        and(
          eq(bankLines.id, id),
          isNull(bankLines.paymentId),
          isNull(bankLines.note),
          isNull(bankLines.entryId),
          isNull(bankLines.sepaBatchId),
          isNull(bankLines.sepaLineId),
        ),
      )
      .returning({ id: bankLines.id });
    return rows.length === 1;
  },

  /**
   * The online card payments in the books not settled by a provider's transfer yet: the entries of the
   * invoices paid online (payments by card, B) and of the cards topped up online (the restaurant's
   * movements R, read through its module), with their debit on the chart's bank account (`banque`), in
   * the order of their days.
   */
  async pendingCardPayments(db: Executor, banque: string) {
    const paid = await db
      .select({ id: accountingPayments.id })
      .from(accountingPayments)
      .where(and(eq(accountingPayments.mode, 'B'), eq(accountingPayments.nature, 'E')));
    const settled = new Set(
      (await db.select({ id: bankSettledEntries.entryId }).from(bankSettledEntries)).map((r) => r.id),
    );
    const entries = [
      ...(await bookkeeping.debitsOn(
        db,
        banque,
        paid.map((p) => `payment:${p.id}`),
      )),
      ...(await onlineTopUpEntries(db, banque)),
    ].sort((a, b) => (a.date === b.date ? a.idEcriture - b.idEcriture : a.date < b.date ? -1 : 1));
    return entries.filter((e) => !settled.has(e.idEcriture));
  },

  async insertSettled(db: Executor, rows: (typeof bankSettledEntries.$inferInsert)[]): Promise<void> {
    await db.insert(bankSettledEntries).values(rows);
  },

  /** The id of the entry that recorded `source`. */
  entryOf: (db: Executor, source: string) => bookkeeping.entryIdOf(db, source),

  /** Every issued invoice with something still due, with its entity's name. */
  async openInvoices(db: Executor) {
    const names = entityNames(db);
    return db
      .select({
        id: accountingOrders.id,
        numeroFacture: accountingOrders.numeroFacture,
        entityId: accountingOrders.entityId,
        entite: names.nom,
        du: sql<number>`(${accountingOrders.total} - ${accountingOrders.regle})::int`,
        annee: accountingOrders.annee,
        tranche: accountingOrders.tranche,
      })
      .from(accountingOrders)
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .where(
        and(
          eq(accountingOrders.etat, 'FE'),
          gt(accountingOrders.total, accountingOrders.regle),
          isNotNull(accountingOrders.numeroFacture),
        ),
      )
      .orderBy(asc(accountingOrders.dateFacture), asc(accountingOrders.id));
  },

  /** The IBANs lines already confirmed came from, and the entity each paid for. */
  async knownIbans(db: Executor) {
    return db
      .selectDistinct({ iban: bankLines.ibanContrepartie, entityId: accountingPayments.entityId })
      .from(bankLines)
      .innerJoin(accountingPayments, eq(accountingPayments.id, bankLines.paymentId))
      .where(isNotNull(bankLines.ibanContrepartie));
  },
};
