/** Users, entities (lodges and associations) and the memberships that link them (DECISIONS §1). */
import type { EntityState, EntityType, Habilitation, UserState } from '@union/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    identifiant: text('identifiant').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone'),
    /** argon2id hash; null until the user has chosen a first password from the invitation link. */
    passwordHash: text('password_hash'),
    habilitations: text('habilitations')
      .array()
      .$type<Habilitation[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A active, I inactive, S deleted. */
    etat: char('etat', { length: 1 }).$type<UserState>().notNull().default('A'),
    notificationRestauration: boolean('notification_restauration').notNull().default(false),
    notificationDocuments: boolean('notification_documents').notNull().default(false),
    /** Broadcast messages' e-mails (issue 21, migration 0032): on unless the person turns them off. */
    notificationMessages: boolean('notification_messages').notNull().default(true),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** When the account was first told it must have a second factor (its grace period counts from it). */
    secondFactorAskedAt: timestamp('second_factor_asked_at', { withTimezone: true }),
    /**
     * When the account last started waiting after too many wrong second-factor codes (migration 0039):
     * no code is accepted for ACCOUNT_CODE_LOCK.windowMs from then.
     */
    codesLockedAt: timestamp('codes_locked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Identifiant and e-mail are unique whatever their case (DECISIONS §2).
    uniqueIndex('users_identifiant_lower_key').on(sql`lower(${t.identifiant})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    nom: text('nom').notNull(),
    /** AFM, DH, GODF, GOS, HG or UN. */
    type: text('type').$type<EntityType>().notNull(),
    numero: text('numero'),
    ville: text('ville'),
    adresseFacturation: text('adresse_facturation'),
    emailFacturation: text('email_facturation'),
    /** A active, S deleted. */
    etat: char('etat', { length: 1 }).$type<EntityState>().notNull().default('A'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('entities_code_key').on(t.code),
    // There is exactly one Union (DECISIONS §1): the database keeps it so.
    uniqueIndex('entities_single_union')
      .on(t.type)
      .where(sql`${t.type} = 'UN'`),
  ],
);

/**
 * Two memberships of one user in one entity never share a day: the exclusion constraint
 * `memberships_no_overlap` of migration 0007 (Drizzle cannot declare it), with the CHECK that the end
 * does not precede the start (migration 0005).
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    fonction: text('fonction'),
    debut: date('debut'),
    fin: date('fin'),
    gestion: boolean('gestion').notNull().default(false),
    reservation: boolean('reservation').notNull().default(false),
    restauration: boolean('restauration').notNull().default(false),
    carteLoge: boolean('carte_loge').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('memberships_user_idx').on(t.userId), index('memberships_entity_idx').on(t.entityId)],
);

export const rooms = pgTable('rooms', {
  id: serial('id').primaryKey(),
  nom: text('nom').notNull().unique(),
  capacite: integer('capacite').notNull(),
  couleur: text('couleur').notNull(),
  /** Cents per hour. */
  tarifHoraire: integer('tarif_horaire').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
