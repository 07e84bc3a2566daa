/**
 * SEPA direct debit of the dues (issue 34 §4, migration 0051): a mandate per lodge (its RUM unique, one
 * live at a time per entity), the batches of debits and their lines; an invoice is in at most one live
 * batch (`sepa_lines_one_live`).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
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
import { accountingOrders, accountingPayments } from './compta';
import { documentFiles } from './documents';
import { entities, users } from './people';

export type SepaSequence = 'FRST' | 'RCUR';

export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** The mandate's unique reference (RUM), printed on the signed form and on every debit. */
    rum: text('rum').notNull(),
    dateSignature: date('date_signature').notNull(),
    debiteur: text('debiteur').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    /** FRST until a first debit under it has been sent to the bank, RCUR after. */
    sequence: char('sequence', { length: 4 }).$type<SepaSequence>().notNull().default('FRST'),
    /** The signed mandate's scan (a PDF), stored as the documents' files are. */
    fileId: integer('file_id').references(() => documentFiles.id),
    revoqueLe: date('revoque_le'),
    motifRevocation: text('motif_revocation'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sepa_mandates_rum').on(t.rum),
    uniqueIndex('sepa_mandates_one_live')
      .on(t.entityId)
      .where(sql`${t.revoqueLe} IS NULL`),
    check('sepa_mandates_sequence', sql`${t.sequence} IN ('FRST', 'RCUR')`),
    check('sepa_mandates_revocation', sql`(${t.revoqueLe} IS NULL) = (${t.motifRevocation} IS NULL)`),
  ],
);

/**
 * P prepared (pre-notified), T sent to the bank, A cancelled (its invoices free again), E collected (its
 * credit on the statement confirmed, one payment per debit; migration 0053).
 */
export type SepaBatchState = 'P' | 'T' | 'A' | 'E';

export const sepaBatches = pgTable(
  'sepa_batches',
  {
    id: serial('id').primaryKey(),
    /** The pain.008 file's MsgId (and PmtInfId stem), unique. */
    messageId: text('message_id').notNull(),
    datePrelevement: date('date_prelevement').notNull(),
    etat: char('etat', { length: 1 }).$type<SepaBatchState>().notNull().default('P'),
    /** The creditor as the batch was made: ICS, name, account. */
    ics: text('ics').notNull(),
    creancier: text('creancier').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    transmisLe: timestamp('transmis_le', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sepa_batches_message').on(t.messageId),
    check('sepa_batches_etat', sql`${t.etat} IN ('P', 'T', 'A', 'E')`),
  ],
);

export const sepaBatchLines = pgTable(
  'sepa_batch_lines',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => sepaBatches.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => accountingOrders.id),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => sepaMandates.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    montant: integer('montant').notNull(),
    /** The mandate's sequence when the batch was made. */
    sequence: char('sequence', { length: 4 }).$type<SepaSequence>().notNull(),
    /** False once its batch is cancelled: the invoice may go in another batch. */
    actif: boolean('actif').notNull().default(true),
    /** The payment the batch's collection recorded for this debit (migration 0053): once; none when rejected before settlement (0054). */
    paymentId: integer('payment_id').references(() => accountingPayments.id),
    /** The bank's reason code of its return (AM04, MD01…) and the day it was returned: the debit is no longer live. */
    motifRetour: text('motif_retour'),
    retourLe: date('retour_le'),
  },
  (t) => [
    uniqueIndex('sepa_lines_one_live')
      .on(t.orderId)
      .where(sql`${t.actif}`),
    index('sepa_batch_lines_batch_idx').on(t.batchId),
    index('sepa_batch_lines_entity_idx').on(t.entityId),
    check('sepa_batch_lines_positive', sql`${t.montant} > 0`),
    uniqueIndex('sepa_batch_lines_payment_once').on(t.paymentId),
    check(
      'sepa_batch_lines_returned',
      sql`(${t.motifRetour} IS NULL) = (${t.retourLe} IS NULL) AND (${t.motifRetour} IS NULL OR NOT ${t.actif})`,
    ),
  ],
);
