/** The e-mail outbox: written in the transaction of the change that causes the mail (DECISIONS §7). */
import { index, integer, jsonb, pgTable, serial, text, timestamp, char } from 'drizzle-orm/pg-core';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    destinataire: text('destinataire').notNull(),
    sujet: text('sujet').notNull(),
    texte: text('texte').notNull(),
    /** Extra headers (List-Unsubscribe of the document distributions). */
    entetes: jsonb('entetes').$type<Record<string, string>>(),
    /** P pending, E sent, X failed for good, A cancelled before it was sent. */
    statut: char('statut', { length: 1 }).$type<'P' | 'E' | 'X' | 'A'>().notNull().default('P'),
    tentatives: integer('tentatives').notNull().default(0),
    prochainEssai: timestamp('prochain_essai', { withTimezone: true }).notNull().defaultNow(),
    erreur: text('erreur'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_pending_idx').on(t.statut, t.prochainEssai)],
);
