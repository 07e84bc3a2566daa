/**
 * The Union's accounting (DECISIONS §4). An order is one commercial document through its life: a quote
 * (DE-2026-0001), then possibly an invoice (FA-2026-0001), then possibly its credit note (AV-2026-0001).
 * Numbers come from `document_counters`, incremented in the transaction that issues the document: the row
 * lock serialises issuers and a rolled-back transaction gives its number back, so a yearly series has no
 * gap and no reuse (French invoicing law).
 */
import type { Instalment, OrderState, OrderType, RecordedPaymentMode } from '@union/contract';
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { emailOutbox } from './mail';
import { entities, users } from './people';
import { reservations } from './reservations';

export const documentCounters = pgTable(
  'document_counters',
  {
    /** DE quotes, FA invoices, AV credit notes. */
    serie: text('serie').notNull(),
    annee: integer('annee').notNull(),
    dernier: integer('dernier').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serie, t.annee] })],
);

export const accountingOrders = pgTable(
  'accounting_orders',
  {
    id: serial('id').primaryKey(),
    type: char('type', { length: 1 }).$type<OrderType>().notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** Masonic year of the fees or the rentals; invoice numbers follow the calendar year of issue. */
    annee: integer('annee').notNull(),
    tranche: char('tranche', { length: 1 }).$type<Instalment>(),
    objet: text('objet').notNull(),
    etat: char('etat', { length: 2 }).$type<OrderState>().notNull(),
    /** Sum of the lines' amounts, written with them. */
    total: integer('total').notNull(),
    numeroDevis: text('numero_devis'),
    numeroFacture: text('numero_facture'),
    numeroAvoir: text('numero_avoir'),
    dateDevis: date('date_devis'),
    dateFacture: date('date_facture'),
    dateEcheance: date('date_echeance'),
    dateAvoir: date('date_avoir'),
    motifAnnulation: text('motif_annulation'),
    niveauRelance: smallint('niveau_relance').notNull().default(0),
    /** What its credit notes credit (trigger of migration 0024): never more than its total. */
    credite: integer('credite').notNull().default(0),
    /** What allocations (payments, credit notes) settle of it (trigger of migration 0024): never more than its total. */
    regle: integer('regle').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Migration 0034: a lodge's orders of a year (the search), and a lodge's orders (its first column).
    index('accounting_orders_entity_year_idx').on(t.entityId, t.annee),
    index('accounting_orders_etat_idx').on(t.etat),
    index('accounting_orders_created_idx').on(t.createdAt),
    uniqueIndex('accounting_orders_numero_devis_key').on(t.numeroDevis),
    uniqueIndex('accounting_orders_numero_facture_key').on(t.numeroFacture),
    uniqueIndex('accounting_orders_numero_avoir_key').on(t.numeroAvoir),
    // One call of an instalment per entity and year: a cancelled one may be called again.
    uniqueIndex('accounting_orders_one_call')
      .on(t.entityId, t.annee, t.tranche)
      .where(sql`${t.type} = 'A' AND ${t.etat} NOT IN ('DA', 'FA', 'DR')`),
    check('accounting_orders_tranche', sql`(${t.type} = 'A') = (${t.tranche} IS NOT NULL)`),
    // An issued invoice has its number and dates; a draft has none (French law: numbered when issued).
    check(
      'accounting_orders_issued_numbered',
      sql`(${t.etat} IN ('FE', 'FP') OR (${t.etat} = 'FA' AND ${t.numeroAvoir} IS NOT NULL)) = (${t.numeroFacture} IS NOT NULL)`,
    ),
    check('accounting_orders_relance', sql`${t.niveauRelance} BETWEEN 0 AND 3`),
    check('accounting_orders_creditable', sql`${t.credite} >= 0 AND ${t.credite} <= greatest(${t.total}, 0)`),
    check('accounting_orders_settled_within', sql`${t.regle} >= 0 AND ${t.regle} <= greatest(${t.total}, 0)`),
  ],
);

export const accountingLines = pgTable(
  'accounting_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => accountingOrders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    libelle: text('libelle').notNull(),
    quantite: numeric('quantite', { precision: 10, scale: 2 }).notNull(),
    prixUnitaire: integer('prix_unitaire').notNull(),
    montant: integer('montant').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
  },
  (t) => [
    index('accounting_lines_order_idx').on(t.orderId),
    index('accounting_lines_reservation_idx').on(t.reservationId),
  ],
);

/**
 * Movements of an entity's account in money (migration 0024): E a payment received, C the counter-entry of
 * a wrong one (same amount, the original kept), R a refund of its credit. Never altered nor deleted.
 */
export const accountingPayments = pgTable(
  'accounting_payments',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** The invoice whose page recorded it, if any (a payment may settle several: see the allocations). */
    orderId: integer('order_id').references(() => accountingOrders.id),
    nature: char('nature', { length: 1 }).$type<'E' | 'C' | 'R'>().notNull().default('E'),
    mode: char('mode', { length: 1 }).$type<RecordedPaymentMode>().notNull(),
    date: date('date').notNull(),
    reference: text('reference'),
    montant: integer('montant').notNull(),
    /** A counter-entry: the payment it reverses. */
    contrePasseId: integer('contre_passe_id').references((): AnyPgColumn => accountingPayments.id),
    motif: text('motif'),
    /** What of a received payment is allocated to invoices or refunds (trigger): never more than its amount. */
    affecte: integer('affecte').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounting_payments_order_idx').on(t.orderId),
    index('accounting_payments_entity_idx').on(t.entityId),
    uniqueIndex('accounting_payments_reversed_once').on(t.contrePasseId),
    check('accounting_payments_positive', sql`${t.montant} > 0`),
    check('accounting_payments_nature', sql`${t.nature} IN ('E', 'C', 'R')`),
    check('accounting_payments_counter_entry', sql`(${t.nature} = 'C') = (${t.contrePasseId} IS NOT NULL)`),
    check('accounting_payments_allocated_within', sql`${t.affecte} >= 0 AND ${t.affecte} <= ${t.montant}`),
  ],
);

/** A line a credit note credits: one of its invoice's (with its position) or an amount. */
export interface CreditNoteLine {
  position: number | null;
  libelle: string;
  quantite: number;
  prixUnitaire: number;
  montant: number;
}

/** A credit note (avoir) of an issued invoice, numbered in the AV series (migration 0024). */
export const accountingCreditNotes = pgTable(
  'accounting_credit_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => accountingOrders.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    numero: text('numero').notNull(),
    date: date('date').notNull(),
    montant: integer('montant').notNull(),
    motif: text('motif'),
    lignes: jsonb('lignes').$type<CreditNoteLine[]>().notNull(),
    /** What of it settles invoices or is refunded (trigger); the rest is a credit of the entity. */
    affecte: integer('affecte').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_credit_notes_numero_key').on(t.numero),
    index('accounting_credit_notes_order_idx').on(t.orderId),
    index('accounting_credit_notes_entity_idx').on(t.entityId),
    check('accounting_credit_notes_positive', sql`${t.montant} > 0`),
    check(
      'accounting_credit_notes_allocated_within',
      sql`${t.affecte} >= 0 AND ${t.affecte} <= ${t.montant}`,
    ),
  ],
);

/** Money moved from a source (payment or credit note) to a target (invoice or refund); negative undoes. */
export const accountingAllocations = pgTable(
  'accounting_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').references(() => accountingPayments.id),
    creditNoteId: integer('credit_note_id').references(() => accountingCreditNotes.id),
    orderId: integer('order_id').references(() => accountingOrders.id),
    refundId: integer('refund_id').references(() => accountingPayments.id),
    montant: integer('montant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounting_allocations_order_idx').on(t.orderId),
    index('accounting_allocations_payment_idx').on(t.paymentId),
    index('accounting_allocations_credit_note_idx').on(t.creditNoteId),
    check('accounting_allocations_one_source', sql`(${t.paymentId} IS NULL) <> (${t.creditNoteId} IS NULL)`),
    check('accounting_allocations_one_target', sql`(${t.orderId} IS NULL) <> (${t.refundId} IS NULL)`),
    check('accounting_allocations_not_zero', sql`${t.montant} <> 0`),
  ],
);

export const accountingReminders = pgTable(
  'accounting_reminders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => accountingOrders.id),
    niveau: smallint('niveau').notNull(),
    date: date('date').notNull(),
    /** Null for the daily run's letters (migration 0025). */
    sentById: integer('sent_by_id').references(() => users.id),
    /** What remained due when the letter was written (cents; null before migration 0025): its PDF again. */
    reste: integer('reste'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounting_reminders_order_idx').on(t.orderId),
    check('accounting_reminders_level', sql`${t.niveau} BETWEEN 1 AND 3`),
  ],
);

/** Files sent with an outbox e-mail (quotes, invoices, reminder letters), written in the same transaction. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    typeMime: text('type_mime').notNull(),
    /** Base64: the same text column on PGlite and PostgreSQL, decoded by the worker. */
    contenuBase64: text('contenu_base64').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);

/** The daily reminder run (migration 0025): one row per day, inserted first, so only one instance runs it. */
export const reminderRuns = pgTable('reminder_runs', {
  jour: date('jour').primaryKey(),
  debut: timestamp('debut', { withTimezone: true }).notNull(),
  fin: timestamp('fin', { withTimezone: true }),
  envoyees: integer('envoyees').notNull().default(0),
  ignorees: integer('ignorees').notNull().default(0),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The PDF of an issued document, rendered once (migration 0035, issue 31): an invoice or a quote
 * (`document_id` the order), a credit note (the credit note), the cancellation of an invoice in the
 * lodge's favour (`annulation`, the order). A trigger refuses any change or removal.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'devis' | 'facture' | 'avoir' | 'annulation'>().notNull(),
    documentId: integer('document_id').notNull(),
    /** Computed by the database from the bytes (hex). */
    sha256: text('sha256')
      .generatedAlwaysAs(sql`encode(sha256(pdf), 'hex')`)
      .notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('issued_documents_key').on(t.kind, t.documentId)],
);
