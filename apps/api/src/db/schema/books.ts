/**
 * The books (issue 31 §2, migration 0036): journal entries numbered once when recorded, their lines, and
 * the counters that number them. Triggers refuse any change or deletion of a recorded entry and check at
 * commit that each entry balances.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './people';

/** VT sales, BQ bank (transfers, cheques, online card payments), CA cash (the tills), OD the rest. */
export type JournalCode = 'VT' | 'BQ' | 'CA' | 'OD';

export const journalCounters = pgTable(
  'journal_counters',
  {
    journal: text('journal').$type<JournalCode>().notNull(),
    annee: integer('annee').notNull(),
    dernier: integer('dernier').notNull(),
  },
  (t) => [primaryKey({ name: 'journal_counters_pkey', columns: [t.journal, t.annee] })],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    journal: text('journal').$type<JournalCode>().notNull(),
    /** The calendar year of `date`: the series the number belongs to. */
    annee: integer('annee').notNull(),
    rang: integer('rang').notNull(),
    /** EcritureNum: VT2026-000012. */
    numero: text('numero').notNull(),
    /** EcritureDate: the day of the movement. */
    date: date('date').notNull(),
    /** ValidDate: the Paris day it was recorded (never before its date). */
    valideLe: date('valide_le').notNull(),
    piece: text('piece').notNull(),
    pieceDate: date('piece_date').notNull(),
    libelle: text('libelle').notNull(),
    /** What the entry records (« payment:12 », « card_movement:40 »…): each is posted once. */
    source: text('source').notNull(),
    /** The entry this one reverses (a counter-entry of a payment, a cancelled adjustment). */
    contrePasseId: integer('contre_passe_id').references((): AnyPgColumn => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_number').on(t.journal, t.annee, t.rang),
    uniqueIndex('journal_entries_posted_once').on(t.source),
    uniqueIndex('journal_entries_reversed_once').on(t.contrePasseId),
    index('journal_entries_date_idx').on(t.date),
    check('journal_entries_journal', sql`${t.journal} IN ('VT', 'BQ', 'CA', 'OD')`),
    check('journal_entries_year', sql`${t.annee} = extract(year FROM ${t.date})`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    compte: text('compte').notNull(),
    compteLib: text('compte_lib').notNull(),
    /** The auxiliary account: 411 per entity, 4191 per card, 531 per till. */
    aux: text('aux'),
    auxLib: text('aux_lib'),
    debit: integer('debit').notNull().default(0),
    credit: integer('credit').notNull().default(0),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_idx').on(t.compte, t.aux),
    check(
      'journal_lines_one_side',
      sql`${t.debit} >= 0 AND ${t.credit} >= 0 AND (${t.debit} > 0) <> (${t.credit} > 0)`,
    ),
  ],
);

/** A deposit of cheques at the bank (bordereau de remise): its day, the period of the cheques, its total. */
export const chequeDeposits = pgTable(
  'cheque_deposits',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    du: date('du').notNull(),
    au: date('au').notNull(),
    total: integer('total').notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cheque_deposits_total_positive', sql`${t.total} > 0`)],
);

/** The cheques of a deposit: each the entry that put it in 5112, deposited once (a unique index). */
export const chequeDepositItems = pgTable(
  'cheque_deposit_items',
  {
    id: serial('id').primaryKey(),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => chequeDeposits.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    montant: integer('montant').notNull(),
  },
  (t) => [
    uniqueIndex('cheque_deposit_items_once').on(t.entryId),
    index('cheque_deposit_items_deposit_idx').on(t.depositId),
    check('cheque_deposit_items_positive', sql`${t.montant} > 0`),
  ],
);
