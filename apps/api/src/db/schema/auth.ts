/** Tokens and sign-in attempts: everything the server needs to know who calls (DECISIONS §2). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { users } from './people';

/** Bearer tokens: only their SHA-256 is stored, so a leaked table cannot be replayed. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where and with what the session was opened, and when it was last used (the account page lists them). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** Every sign-in attempt, kept for the lock-out and rate-limit windows and for the log. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: serial('id').primaryKey(),
    identifiant: text('identifiant').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    /** ok, bad_password, unknown_user, inactive, locked, rate_limited; pending while it is checked */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_identifiant_idx').on(t.identifiant, t.createdAt),
    index('sign_in_attempts_ip_idx').on(t.ip, t.createdAt),
    // The lock-out and slow-down look identifiants up whatever the case (issue 7), and the purge by age.
    index('sign_in_attempts_identifiant_lower_idx').on(sql`lower(${t.identifiant})`, t.createdAt),
    index('sign_in_attempts_created_idx').on(t.createdAt),
  ],
);

/** Single-use links: password reset (1 hour) and invitation to choose a first password (7 days). */
export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /** reset or invitation */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
