/**
 * The Union's bank (issue 34, migration 0048): the statements imported from the bank and their lines,
 * each line once per account (by the bank's reference of the entry, else a hash of its day, amount and
 * text), and what became of it: the payment it recorded, or a note saying why it stays unmatched.
 */
import type { BankCsvColumns } from '@union/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './books';
import { sepaBatches, sepaBatchLines } from './sepa';
import { accountingPayments } from './compta';
import { users } from './people';

export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    iban: text('iban').notNull(),
    /** The statement's own identifier (Stmt/Id): the same statement imported again is found by it. */
    identifiant: text('identifiant').notNull(),
    du: date('du'),
    au: date('au'),
    soldeOuverture: integer('solde_ouverture'),
    soldeCloture: integer('solde_cloture'),
    fichier: text('fichier').notNull(),
    importedById: integer('imported_by_id')
      .notNull()
      .references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bank_statements_once').on(t.iban, t.identifiant)],
);

export const bankLines = pgTable(
  'bank_lines',
  {
    id: serial('id').primaryKey(),
    /** The statement that brought it first. */
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    iban: text('iban').notNull(),
    /** `ref:` and the bank's reference of the entry, or `hash:` and the SHA-256 of its day, amount and text. */
    cle: text('cle').notNull(),
    dateComptable: date('date_comptable').notNull(),
    dateValeur: date('date_valeur'),
    montant: integer('montant').notNull(),
    reference: text('reference'),
    contrepartie: text('contrepartie'),
    ibanContrepartie: text('iban_contrepartie'),
    libelle: text('libelle').notNull(),
    /** The payment its confirmation recorded: one line, one payment. */
    paymentId: integer('payment_id').references(() => accountingPayments.id),
    /** Why it is left unmatched (a gift, a refund). */
    note: text('note'),
    /** The entry its imputation or its card settlement posted (migration 0049): one line, one entry. */
    entryId: integer('entry_id').references(() => journalEntries.id),
    /** The account that entry gave it, against the bank's 512x (an expense's 6xx, the card clearing 5115). */
    compte: text('compte'),
    /** A direct debit's return (migration 0053): the bank's reason code (AM04…) and the debit's end-to-end id. */
    motifRetour: text('motif_retour'),
    endToEndId: text('end_to_end_id'),
    /** The SEPA batch whose collection it is (its credit confirmed): a batch collected once. */
    sepaBatchId: integer('sepa_batch_id').references(() => sepaBatches.id),
    /** The debit whose return it is (confirmed): a debit returned once. */
    sepaLineId: integer('sepa_line_id').references(() => sepaBatchLines.id),
    doneById: integer('done_by_id').references(() => users.id),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_lines_once').on(t.iban, t.cle),
    uniqueIndex('bank_lines_payment_once').on(t.paymentId),
    index('bank_lines_day_idx').on(t.iban, t.dateComptable),
    uniqueIndex('bank_lines_entry_once').on(t.entryId),
    uniqueIndex('bank_lines_sepa_batch_once').on(t.sepaBatchId),
    uniqueIndex('bank_lines_sepa_line_once').on(t.sepaLineId),
    check(
      'bank_lines_done_once',
      sql`num_nonnulls(${t.paymentId}, ${t.note}, ${t.entryId}, ${t.sepaBatchId}, ${t.sepaLineId}) <= 1`,
    ),
    check('bank_lines_account_with_entry', sql`(${t.entryId} IS NULL) = (${t.compte} IS NULL)`),
  ],
);

/** The card payments' entries a provider's settlement cleared (migration 0049): each entry once. */
export const bankSettledEntries = pgTable(
  'bank_settled_entries',
  {
    bankLineId: integer('bank_line_id')
      .notNull()
      .references(() => bankLines.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /** What it cleared of the clearing account (cents, the card payment's gross amount). */
    montant: integer('montant').notNull(),
  },
  (t) => [uniqueIndex('bank_settled_entries_once').on(t.entryId)],
);
/**
 * The columns of a bank account's CSV statements (migration 0052), by their titles in the header:
 * chosen at the account's first CSV import, reused by the next ones.
 */
export const bankCsvColumns = pgTable('bank_csv_columns', {
  iban: text('iban').primaryKey(),
  colonnes: jsonb('colonnes').$type<BankCsvColumns>().notNull(),
  updatedById: integer('updated_by_id')
    .notNull()
    .references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
/**
 * A bank account reconciled at a date (migration 0050): its statement balance and its 512 account's book
 * balance then, and who validated it. Written once, only ever moved forward (a trigger); from then the
 * account's lines dated on or before `date`, and the entries on `compte` dated so, are final (triggers).
 */
export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    id: serial('id').primaryKey(),
    iban: text('iban').notNull(),
    /** The account of the books (512 or 512x) the reconciliation closed. */
    compte: text('compte').notNull(),
    date: date('date').notNull(),
    soldeReleve: integer('solde_releve').notNull(),
    soldeComptable: integer('solde_comptable').notNull(),
    validatedById: integer('validated_by_id')
      .notNull()
      .references(() => users.id),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('bank_reconciliations_once').on(t.iban, t.date),
    index('bank_reconciliations_account_idx').on(t.compte, t.date),
  ],
);
