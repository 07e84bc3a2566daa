/**
 * Documents, their files, their distribution by e-mail, and the broadcast messages (DECISIONS §6).
 *
 * Files live in the database (bytea, in chunks of one mebibyte): every instance behind a proxy sees the
 * same files, a database backup is a backup of everything, and a file is written in the same transaction
 * as its document, so an upload that fails leaves nothing behind. Chunks let an upload and a download
 * go through without ever holding a whole file in memory.
 */
import type { DistributionState, DocumentAudience, DocumentType, MessageLevel } from '@union/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  customType,
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
import { emailOutbox } from './mail';
import { entities, users } from './people';
import { reservations } from './reservations';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const documentFiles = pgTable('document_files', {
  id: serial('id').primaryKey(),
  /** The cleaned name the file is downloaded under. */
  nom: text('nom').notNull(),
  /** The MIME type detected from the content. */
  mime: text('mime').notNull(),
  taille: integer('taille').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const documentFileChunks = pgTable(
  'document_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => documentFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Migration 0018 (hand-written: Drizzle cannot declare a table's storage parameters) sets
 * `toast_tuple_target = 128`: the long text and its tsvector live out of line, the rows stay narrow and
 * the search's read rule, count and sort walk few pages.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    type: char('type', { length: 1 }).$type<DocumentType>().notNull(),
    titre: text('titre').notNull(),
    jour: date('jour').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    audience: text('audience').$type<DocumentAudience>().notNull(),
    /** The session of the planning a convocation (type V) convenes to. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => documentFiles.id),
    /** The text of a PDF, extracted at upload (bounded), searched with the title. */
    texte: text('texte').notNull().default(''),
    /** N never distributed, D distributed, A distribution cancelled. */
    diffusion: char('diffusion', { length: 1 }).$type<DistributionState>().notNull().default('N'),
    recherche: tsvector('recherche').generatedAlwaysAs(
      sql`setweight(to_tsvector('french'::regconfig, immutable_unaccent(titre)), 'A') || to_tsvector('french'::regconfig, immutable_unaccent(texte))`,
    ),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_recherche_idx').using('gin', t.recherche),
    index('documents_jour_idx').on(t.jour, t.id),
    index('documents_entity_idx').on(t.entityId, t.jour),
    index('documents_reservation_idx').on(t.reservationId),
  ],
);

/** One row per recipient of a document's distribution, pointing at the e-mail in the outbox. */
export const documentDistributions = pgTable(
  'document_distributions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    emailId: integer('email_id')
      .notNull()
      .references(() => emailOutbox.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One e-mail per person and document: a second distribution only reaches those not yet reached.
  (t) => [uniqueIndex('document_distributions_recipient_key').on(t.documentId, t.userId)],
);

/** Keys the application generates once and every instance shares (the unsubscribe links' signature). */
export const appSecrets = pgTable('app_secrets', {
  nom: text('nom').primaryKey(),
  valeur: text('valeur').notNull(),
});

/** Broadcast messages (diffusions) shown above the portal menu. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    titre: text('titre').notNull(),
    texte: text('texte').notNull(),
    niveau: text('niveau').$type<MessageLevel>().notNull(),
    debut: date('debut').notNull(),
    fin: date('fin'),
    /** True: every user; false: the members of the entities of `message_entities`. */
    tous: boolean('tous').notNull(),
    /** A active, I inactive. */
    statut: char('statut', { length: 1 }).$type<'A' | 'I'>().notNull().default('A'),
    email: boolean('email').notNull().default(false),
    /** When the e-mails were queued: a message is e-mailed once. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_window_idx').on(t.statut, t.debut)],
);

export const messageEntities = pgTable(
  'message_entities',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.entityId] })],
);

/** A message someone hid for themselves. */
export const messageHidden = pgTable(
  'message_hidden',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

export type DocumentRecord = typeof documents.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;
