/** The second factor (issue 22): authenticator codes, recovery codes, pending second steps, the rule. */
import type { Habilitation } from '@union/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/** One authenticator (RFC 6238) per account; unconfirmed until a first code proves it was scanned. */
export const totpFactors = pgTable(
  'totp_factors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** The base32 secret in clear: only rows written before migration 0030, until the server seals them. */
    secret: text('secret'),
    /** The secret encrypted with the server's key (lib/secret-box.ts), bound to the row's account. */
    secretSealed: text('secret_sealed'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The last time-step accepted: a code is accepted only for a later one (one UPDATE decides). */
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('totp_factors_one_secret', sql`num_nonnulls(${t.secret}, ${t.secretSealed}) = 1`)],
);

/** Ten one-time recovery codes per enrolment; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The pending second step of a sign-in (its `mfa_token`, hashed), or a required enrolment. */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** second_step or enrol */
    purpose: text('purpose').$type<'second_step' | 'enrol'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_challenges_user_idx').on(t.userId)],
);

/** Who must have a second factor, and how long they may sign in without one (one row). */
export const secondFactorSettings = pgTable(
  'second_factor_settings',
  {
    id: integer('id').primaryKey().default(1),
    habilitations: text('habilitations').array().$type<Habilitation[]>().notNull(),
    graceDays: integer('grace_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('second_factor_settings_single_row', sql`${t.id} = 1`),
    check('second_factor_settings_grace', sql`${t.graceDays} BETWEEN 0 AND 365`),
  ],
);
