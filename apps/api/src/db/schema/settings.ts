/**
 * The Union's settings (DECISIONS §4): its legal identity printed on documents, the VAT mention, and the
 * yearly fee per member for each entity type. One row of settings; one row of fee per entity type.
 */
import type { EntityType } from '@union/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const unionSettings = pgTable(
  'union_settings',
  {
    /** Always 1: the table holds one row, the CHECK keeps it so. */
    id: integer('id').primaryKey().default(1),
    raisonSociale: text('raison_sociale').notNull(),
    adresse: text('adresse').notNull(),
    siret: text('siret'),
    rna: text('rna'),
    email: text('email').notNull(),
    telephone: text('telephone'),
    mentionTva: text('mention_tva').notNull(),
    /** Booking rules: least notice before a member's request (hours), furthest bookable date (months ahead). */
    preavisReservationHeures: integer('preavis_reservation_heures').notNull().default(0),
    horizonReservationMois: integer('horizon_reservation_mois').notNull().default(18),
    /** Where to pay by transfer (migration 0025): printed on invoices and letters, and in their QR code. */
    iban: text('iban'),
    bic: text('bic'),
    /** Reminders: days after the due date for each level, least days between two levels, the daily run. */
    relanceJours1: integer('relance_jours_1').notNull().default(15),
    relanceJours2: integer('relance_jours_2').notNull().default(30),
    relanceJours3: integer('relance_jours_3').notNull().default(45),
    relanceEcart: integer('relance_ecart').notNull().default(10),
    relanceAuto: boolean('relance_auto').notNull().default(false),
    /** The books (migration 0036): no payment is dated before this year's 1 January. */
    premierExercice: integer('premier_exercice').notNull().default(2020),
    /** The chart of accounts the entries use; null: the defaults (bookkeeping/chart.ts). */
    planComptable: jsonb('plan_comptable').$type<Record<string, { num: string; lib: string }>>(),
    /** The Union's bank accounts (migration 0047): name, IBAN, BIC and 512x account of each. */
    comptesBancaires: jsonb('comptes_bancaires')
      .$type<{ nom: string; iban: string; bic: string | null; compte: string }[]>()
      .notNull()
      .default([]),
    /** The Union's SEPA creditor identifier (ICS, migration 0051), checked when saved. */
    ics: text('ics'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('union_settings_single_row', sql`${t.id} = 1`),
    check('union_settings_preavis_range', sql`${t.preavisReservationHeures} BETWEEN 0 AND 2160`),
    check('union_settings_first_year', sql`${t.premierExercice} BETWEEN 1990 AND 2100`),
    check('union_settings_horizon_range', sql`${t.horizonReservationMois} BETWEEN 1 AND 36`),
    check(
      'union_settings_reminder_delays',
      sql`${t.relanceJours1} >= 1 AND ${t.relanceJours1} < ${t.relanceJours2} AND ${t.relanceJours2} < ${t.relanceJours3} AND ${t.relanceJours3} <= 365 AND ${t.relanceEcart} >= 1 AND ${t.relanceEcart} <= 365`,
    ),
  ],
);

export const membershipFees = pgTable(
  'membership_fees',
  {
    entityType: text('entity_type').$type<EntityType>().primaryKey(),
    /** Cents per member and per masonic year. */
    montantAnnuel: integer('montant_annuel').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('membership_fees_not_negative', sql`${t.montantAnnuel} >= 0`)],
);
