/**
 * The Union's bank (issue 34, migration 0048): the statements imported from the bank and their lines,
 * each line once per account (by the bank's reference of the entry, else a hash of its day, amount and
 * text), and what became of it: the payment it recorded, or a note saying why it stays unmatched.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    doneById: integer('done_by_id').references(() => users.id),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_lines_once').on(t.iban, t.cle),
    uniqueIndex('bank_lines_payment_once').on(t.paymentId),
    index('bank_lines_day_idx').on(t.iban, t.dateComptable),
    check('bank_lines_done_once', sql`${t.paymentId} IS NULL OR ${t.note} IS NULL`),
  ],
);

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
