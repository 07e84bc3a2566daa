/** The passkeys' tables (migration 0029): one's passkeys, and the single-use challenges of the ceremonies. */
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeys, webauthnChallenges, type WebauthnPurpose } from '../../db/schema';

export type PasskeyRowDb = typeof passkeys.$inferSelect;

/** The advisory lock key of the anonymous challenges' count (db/alone.ts holds the jobs' keys). */
const ANONYMOUS_CHALLENGES_LOCK = 712004340;

/**
 * The accounts holding at least one passkey, as a subquery (`user_id IN (…)`) for a query of another
 * module that counts second factors (the administration's dashboard, issue 33).
 */
export function passkeyHolders(db: Executor) {
  return db.selectDistinct({ userId: passkeys.userId }).from(passkeys);
}

export const passkeysRepository = {
  async listOf(db: Executor, userId: number) {
    return db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  },

  async countOf(db: Executor, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return row?.n ?? 0;
  },

  /** The passkey of a credential id (whoever owns it). */
  async byCredential(db: Executor, credentialId: string) {
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
    return row;
  },

  async insert(
    db: Executor,
    row: Omit<typeof passkeys.$inferInsert, 'id' | 'lastUsedAt'>,
  ): Promise<PasskeyRowDb> {
    const [created] = await db.insert(passkeys).values(row).returning();
    return created!;
  },

  async rename(db: Executor, userId: number, id: number, name: string) {
    const [row] = await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  },

  async remove(db: Executor, userId: number, id: number) {
    const [row] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  },

  /** Every passkey of the account and its pending ceremonies (an administrator's reset). */
  async removeAllOf(db: Executor, userId: number): Promise<number> {
    await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    return rows.length;
  },

  /**
   * Accepts a sign-in's signature counter in one statement, only if it is higher than the one stored
   * (or both are 0: authenticators that keep no counter, as synced passkeys do): two requests with one
   * assertion cannot both pass, and a cloned authenticator's lower counter is refused.
   */
  async acceptCounter(db: Executor, id: number, counter: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(passkeys)
      .set({ counter, lastUsedAt: at })
      .where(
        and(
          eq(passkeys.id, id),
          or(sql`${passkeys.counter} < ${counter}`, and(eq(passkeys.counter, 0), sql`${counter} = 0`)),
        ),
      )
      .returning({ id: passkeys.id });
    return rows.length > 0;
  },

  async insertChallenge(
    db: Executor,
    challenge: {
      challengeHash: string;
      userId: number | null;
      purpose: WebauthnPurpose;
      expiresAt: Date;
      address?: string;
    },
    at: Date,
  ): Promise<void> {
    await db.insert(webauthnChallenges).values({ ...challenge, createdAt: at });
  },

  /**
   * Waits for the one lock of anonymous challenges (transaction-scoped): two instances, or two requests
   * on one, never both count 999 and both write the thousandth. PGlite holds its one connection for the
   * transaction already; the lock costs nothing there.
   */
  async lockAnonymousChallenges(db: Executor): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${ANONYMOUS_CHALLENGES_LOCK})`);
  },

  /** The live (unused, unexpired) anonymous challenges: in all, and those `address` asked for. */
  async liveAnonymousChallenges(db: Executor, address: string, now: Date) {
    const [row] = await db
      .select({
        all: count(),
        ofAddress: sql<number>`count(*) FILTER (WHERE ${webauthnChallenges.address} = ${address})`.mapWith(
          Number,
        ),
      })
      .from(webauthnChallenges)
      .where(
        and(
          isNull(webauthnChallenges.userId),
          isNull(webauthnChallenges.usedAt),
          gt(webauthnChallenges.expiresAt, now),
        ),
      );
    return { all: row?.all ?? 0, ofAddress: row?.ofAddress ?? 0 };
  },

  /**
   * Spends a live challenge of this purpose (and account; none for a sign-in without an identifiant) in
   * one UPDATE: of two requests bringing one challenge, only one gets the row.
   */
  async consumeChallenge(
    db: Executor,
    challengeHash: string,
    purpose: WebauthnPurpose,
    userId: number | null,
    now: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(webauthnChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(webauthnChallenges.challengeHash, challengeHash),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
          isNull(webauthnChallenges.usedAt),
          gt(webauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ id: webauthnChallenges.id });
    return rows.length > 0;
  },

  /** Challenges ended before `before`, deleted by the purge. */
  async purgeChallenges(db: Executor, before: Date): Promise<number> {
    const rows = await db
      .delete(webauthnChallenges)
      .where(lt(webauthnChallenges.expiresAt, before))
      .returning({ id: webauthnChallenges.id });
    return rows.length;
  },
};
