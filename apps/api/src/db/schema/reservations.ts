/**
 * Room reservations, closed days and the annual planning (DECISIONS §3). Times are minutes since
 * midnight on the half-hour, so that the no-overlap rule is one integer-range exclusion constraint
 * (hand-written migration `reservations_rules`).
 */
import type { ReservationState, ReservationType, Rule } from '@union/contract';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { entities, rooms, users } from './people';

/** Masonic years (September to August), named by their first calendar year. */
export const planningYears = pgTable('planning_years', {
  annee: integer('annee').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One regular session rule of a lodge for a year: "2e mardi du mois, 19:30–23:00, Temple Hiram". */
export const planningEntries = pgTable(
  'planning_entries',
  {
    id: serial('id').primaryKey(),
    annee: integer('annee')
      .notNull()
      .references(() => planningYears.annee),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    type: text('type').$type<ReservationType>().notNull(),
    libelle: text('libelle').notNull(),
    debut: smallint('debut').notNull(),
    fin: smallint('fin').notNull(),
    regle: jsonb('regle').$type<Rule>().notNull(),
    /** Calendar months (1–12) the rule applies to. */
    mois: smallint('mois').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('planning_entries_year_idx').on(t.annee, t.entityId, t.roomId)],
);

export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    jour: date('jour').notNull(),
    /** Minutes since midnight: start 480–1350, end up to 1380, on the half-hour. */
    debut: smallint('debut').notNull(),
    fin: smallint('fin').notNull(),
    type: text('type').$type<ReservationType>().notNull(),
    libelle: text('libelle').notNull(),
    participants: integer('participants'),
    commentaire: text('commentaire'),
    /** DC creation requested, CR confirmed, DS deletion requested, SU deleted (kept for history). */
    etat: char('etat', { length: 2 }).$type<ReservationState>().notNull(),
    requestedById: integer('requested_by_id').references(() => users.id),
    deletionRequestedById: integer('deletion_requested_by_id').references(() => users.id),
    motifRefus: text('motif_refus'),
    planningEntryId: integer('planning_entry_id').references(() => planningEntries.id, {
      onDelete: 'set null',
    }),
    /** Set by any action taken by hand: regenerating or deleting its planning entry leaves it alone. */
    changedByHand: boolean('changed_by_hand').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_jour_idx').on(t.jour),
    index('reservations_planning_idx').on(t.planningEntryId),
    index('reservations_requested_by_idx').on(t.requestedById),
  ],
);

/** A day the building is closed: nothing can be booked on it. */
export const closures = pgTable('closures', {
  jour: date('jour').primaryKey(),
  motif: text('motif').notNull(),
  createdById: integer('created_by_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The secret of each user's calendar feeds (`GET /api/calendrier/{jeton}…`): only its SHA-256 is kept, so
 * a database leak cannot be replayed; renewing replaces the row and the old address answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
