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
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
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
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounting_orders_entity_idx').on(t.entityId),
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

export const accountingPayments = pgTable(
  'accounting_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => accountingOrders.id),
    mode: char('mode', { length: 1 }).$type<RecordedPaymentMode>().notNull(),
    date: date('date').notNull(),
    reference: text('reference'),
    montant: integer('montant').notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounting_payments_order_idx').on(t.orderId),
    check('accounting_payments_positive', sql`${t.montant} > 0`),
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
    sentById: integer('sent_by_id').references(() => users.id),
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
