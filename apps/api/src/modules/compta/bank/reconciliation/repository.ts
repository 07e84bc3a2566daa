/**
 * The bank reconciled (issue 34 §3), in SQL: the figures of an account at a date and the lines of each
 * side that the other does not match, and the validations. A statement line and an entry of the books
 * match when the line's confirmation recorded the payment that entry posts (`payment:<id>`) on the
 * account, or when the line is that entry's own (an imputation or a card settlement: `bank_lines.entry_id`),
 * both dated within the reconciled window (from the first statement's start to the date).
 */
import { desc, eq, sql } from 'drizzle-orm';
import { returnedRows } from '../../../../db/arrays';
import type { Executor } from '../../../../db/client';
import { bankReconciliations } from '../../../../db/schema';
import { bookkeepingRepository } from '../../../bookkeeping/repository';
import { userIdentities } from '../../../users/identities';

/** The key of the advisory lock the triggers of migration 0050 take shared, and a validation exclusive. */
export const RECONCILIATION_LOCK = 712034050;

/** How many unmatched lines of each side are listed (their totals always count them all). */
export const UNMATCHED_SHOWN = 500;

export interface Window {
  iban: string;
  compte: string;
  /** The first statement's start. */
  debut: string;
  date: string;
}

export interface Figures {
  /** The first statement with an opening balance: where the reconciliation starts. */
  debut: string | null;
  ouverture: number | null;
  fin: string | null;
  soldeReleve: number | null;
  soldeComptable: number;
  /** The account's book balance before `debut`. */
  avant: number;
  enAttente: number;
}

export interface BankSide {
  id: number;
  dateComptable: string;
  libelle: string;
  montant: number;
  paymentId: number | null;
  /** The entry the line was imputed to or settled by. */
  entryId: number | null;
  note: string | null;
  total: number;
}

export interface BookSide {
  id: number;
  numero: string;
  date: string;
  piece: string;
  libelle: string;
  montant: number;
  total: number;
}

/** Whether statement line `bl` and entry `e` are the two sides of one movement. */
const sameMovement = sql`((bl.payment_id IS NOT NULL AND e.source = 'payment:' || bl.payment_id)
  OR bl.entry_id = e.id
  OR (bl.sepa_batch_id IS NOT NULL AND e.source IN (
    SELECT 'payment:' || sl.payment_id FROM sepa_batch_lines sl WHERE sl.batch_id = bl.sepa_batch_id))
  OR (bl.sepa_line_id IS NOT NULL AND e.source IN (
    SELECT 'payment:' || p.id FROM accounting_payments p JOIN sepa_batch_lines sl ON p.contre_passe_id = sl.payment_id
    WHERE sl.id = bl.sepa_line_id)))`;

/** The account's movements in the books (`e`: an entry's id, numero, date, piece, libelle, source, montant). */
const movementsOn = (compte: string) => bookkeepingRepository.accountMovements(compte);

/** The entry a statement line's payment (or imputation) posted on the account, within the window. */
const bookOf = (w: Window) => sql`
  SELECT 1 FROM ${movementsOn(w.compte)} e
  WHERE ${sameMovement} AND e.date BETWEEN ${w.debut}::date AND ${w.date}::date`;

export const reconciliationRepository = {
  /** Queues behind every change of a line or of a 512 entry in progress, and holds them off until commit. */
  async lockAll(db: Executor): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${RECONCILIATION_LOCK})`);
  },

  async figures(db: Executor, iban: string, compte: string, date: string): Promise<Figures> {
    const [row] = returnedRows<Figures>(
      await db.execute(sql`
        WITH first AS (
          SELECT du, solde_ouverture FROM bank_statements
          WHERE iban = ${iban} AND du IS NOT NULL AND solde_ouverture IS NOT NULL
          ORDER BY du, id LIMIT 1),
        anchor AS (
          SELECT du, solde_ouverture FROM bank_statements
          WHERE iban = ${iban} AND du <= ${date}::date AND solde_ouverture IS NOT NULL
          ORDER BY du DESC, id DESC LIMIT 1),
        books AS (SELECT e.date, e.montant FROM ${movementsOn(compte)} e)
        SELECT
          (SELECT du::text FROM first) AS debut,
          (SELECT solde_ouverture FROM first) AS ouverture,
          (SELECT max(au)::text FROM bank_statements WHERE iban = ${iban}) AS fin,
          (SELECT a.solde_ouverture + coalesce((SELECT sum(montant) FROM bank_lines
             WHERE iban = ${iban} AND date_comptable BETWEEN a.du AND ${date}::date), 0)
           FROM anchor a)::int AS "soldeReleve",
          (SELECT coalesce(sum(montant), 0) FROM books WHERE date <= ${date}::date)::int AS "soldeComptable",
          (SELECT coalesce(sum(montant), 0) FROM books WHERE date < (SELECT du FROM first))::int AS avant,
          (SELECT count(*) FROM bank_lines WHERE iban = ${iban}
             AND date_comptable BETWEEN (SELECT du FROM first) AND ${date}::date
             AND num_nonnulls(payment_id, note, entry_id, sepa_batch_id, sepa_line_id) = 0)::int AS "enAttente"`),
    );
    return row!;
  },

  /** The statement lines of the window no entry on the account matches, with their total. */
  async unmatchedLines(db: Executor, w: Window): Promise<BankSide[]> {
    return returnedRows<BankSide>(
      await db.execute(sql`
        SELECT bl.id, bl.date_comptable::text AS "dateComptable", bl.libelle, bl.montant,
          bl.payment_id AS "paymentId",
          bl.entry_id AS "entryId", bl.note, (sum(bl.montant) OVER ())::int AS total
        FROM bank_lines bl
        WHERE bl.iban = ${w.iban} AND bl.date_comptable BETWEEN ${w.debut}::date AND ${w.date}::date
          AND NOT EXISTS (${bookOf(w)})
        ORDER BY bl.date_comptable, bl.id
        LIMIT ${UNMATCHED_SHOWN}`),
    );
  },

  /** The entries on the account in the window no statement line matches, each its net amount on it. */
  async unmatchedEntries(db: Executor, w: Window): Promise<BookSide[]> {
    return returnedRows<BookSide>(
      await db.execute(sql`
        SELECT id, numero, date, piece, libelle, montant, (sum(montant) OVER ())::int AS total
        FROM (
          SELECT e.id, e.numero, e.date::text AS date, e.piece, e.libelle, sum(e.montant)::int AS montant
          FROM ${movementsOn(w.compte)} e
          WHERE e.date BETWEEN ${w.debut}::date AND ${w.date}::date
            AND NOT EXISTS (
              SELECT 1 FROM bank_lines bl
              WHERE bl.iban = ${w.iban} AND ${sameMovement}
                AND bl.date_comptable BETWEEN ${w.debut}::date AND ${w.date}::date)
          GROUP BY e.id, e.numero, e.date, e.piece, e.libelle) unmatched
        ORDER BY date, id
        LIMIT ${UNMATCHED_SHOWN}`),
    );
  },

  /** The account's last validation, with who did it. */
  async last(db: Executor, iban: string) {
    const who = userIdentities(db);
    const [row] = await db
      .select({ lock: bankReconciliations, prenom: who.prenom, nom: who.nom })
      .from(bankReconciliations)
      .innerJoin(who, eq(who.id, bankReconciliations.validatedById))
      .where(eq(bankReconciliations.iban, iban))
      .orderBy(desc(bankReconciliations.date))
      .limit(1);
    return row;
  },

  async insert(db: Executor, row: typeof bankReconciliations.$inferInsert) {
    const [inserted] = await db.insert(bankReconciliations).values(row).returning();
    return inserted!;
  },
};
