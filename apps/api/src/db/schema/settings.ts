/**
 * The Union's settings (DECISIONS §4): its legal identity printed on documents, the VAT mention, and the
 * yearly fee per member for each entity type. One row of settings; one row of fee per entity type.
 */
import type { EntityType } from '@union/contract';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('union_settings_single_row', sql`${t.id} = 1`),
    check('union_settings_preavis_range', sql`${t.preavisReservationHeures} BETWEEN 0 AND 2160`),
    check('union_settings_horizon_range', sql`${t.horizonReservationMois} BETWEEN 1 AND 36`),
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
