/** Passkeys (WebAuthn, issue 22) and the single-use challenges of their ceremonies (migration 0029). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './people';

/** One passkey of a person: several per account, each named (unique per account). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The credential's id (base64url), unique across accounts. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter: a sign-in must bring a higher one (one UPDATE decides). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    unique('passkeys_credential_id_unique').on(t.credentialId),
    unique('passkeys_name_per_user').on(t.userId, t.name),
    check('passkeys_name_length', sql`char_length(btrim(${t.name})) BETWEEN 1 AND 60`),
  ],
);

export type WebauthnPurpose = 'register' | 'sign_in' | 'second_step';

/** A challenge sent to the browser: lives 5 minutes, spent by one UPDATE. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the challenge (base64url) the browser signs back. */
    challengeHash: text('challenge_hash').notNull(),
    /** The account of the ceremony; null for a sign-in without an identifiant. */
    userId: integer('user_id').references(() => users.id),
    purpose: text('purpose').$type<WebauthnPurpose>().notNull(),
    /** The address that asked for an anonymous sign-in's challenge: they are bounded per address. */
    address: text('address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('webauthn_challenges_hash_unique').on(t.challengeHash),
    check('webauthn_challenges_purpose', sql`${t.purpose} IN ('register', 'sign_in', 'second_step')`),
    index('webauthn_challenges_user_idx').on(t.userId),
    // The live anonymous challenges, counted before one more is written (migration 0037).
    index('webauthn_challenges_anonymous_live_idx')
      .on(t.expiresAt)
      .where(sql`${t.userId} IS NULL AND ${t.usedAt} IS NULL`),
    index('webauthn_challenges_anonymous_address_idx')
      .on(t.address, t.expiresAt)
      .where(sql`${t.userId} IS NULL AND ${t.usedAt} IS NULL`),
  ],
);
