/** The second factor's tables: authenticators, recovery codes, pending second steps, the rule. */
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Habilitation } from '@union/contract';
import type { Executor } from '../../db/client';
import { passkeyHolders } from '../passkeys/repository';
import { recoveryCodes, secondFactorChallenges, secondFactorSettings, totpFactors } from '../../db/schema';

export type ChallengePurpose = 'second_step' | 'enrol';

/**
 * The accounts with a second factor of any kind (a confirmed authenticator, or a passkey: the passkeys'
 * own `passkeyHolders`), as a subquery (`user_id IN (…)`) for a query of another module (issue 33).
 */
export function secondFactorHolders(db: Executor) {
  return db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(isNotNull(totpFactors.confirmedAt))
    .union(passkeyHolders(db));
}

export const secondFactorRepository = {
  async totpOf(db: Executor, userId: number) {
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    return row;
  },

  /** The same under a row lock: an enrolment's confirmation and removal are serialised per account. */
  async lockTotp(db: Executor, userId: number) {
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).for('update');
    return row;
  },

  /**
   * A new unconfirmed secret (`sealed`: encrypted), replacing an unconfirmed one (a confirmed one is never
   * replaced here).
   */
  async startTotp(db: Executor, userId: number, sealed: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(totpFactors)
      .values({ userId, secretSealed: sealed, createdAt: at })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secret: null, secretSealed: sealed, createdAt: at, lastStep: null },
        setWhere: isNull(totpFactors.confirmedAt),
      })
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  },

  /**
   * Accepts the time-step `step` for the account's authenticator, in one statement, only if it is later
   * than the last one accepted: two requests with one code cannot both pass, on one instance or several
   * (the second waits for the first's row lock, then sees its step). `confirmed` says which factor counts:
   * a confirmed one (a sign-in), or the unconfirmed one being enrolled (which this confirms).
   */
  async acceptStep(db: Executor, userId: number, step: number, confirmed: boolean, at: Date) {
    const rows = await db
      .update(totpFactors)
      .set({
        lastStep: step,
        ...(confirmed ? {} : { confirmedAt: at }),
      })
      .where(
        and(
          eq(totpFactors.userId, userId),
          confirmed ? isNotNull(totpFactors.confirmedAt) : isNull(totpFactors.confirmedAt),
          sql`coalesce(${totpFactors.lastStep}, -1) < ${step}`,
        ),
      )
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  },

  /** Up to `limit` secrets still in clear (written before migration 0030). */
  async clearSecrets(db: Executor, limit: number) {
    return db
      .select({ userId: totpFactors.userId, secret: totpFactors.secret })
      .from(totpFactors)
      .where(isNotNull(totpFactors.secret))
      .limit(limit);
  },

  /**
   * Replaces a clear secret by its sealed form, in one statement that fills one column as it empties the
   * other, and only if the row still holds that clear secret (another instance sealing it too changes
   * nothing, and a secret replaced meanwhile is not overwritten).
   */
  async sealSecret(db: Executor, userId: number, clear: string, sealed: string): Promise<void> {
    await db
      .update(totpFactors)
      .set({ secret: null, secretSealed: sealed })
      .where(and(eq(totpFactors.userId, userId), eq(totpFactors.secret, clear)));
  },

  /** One sealed secret, to check at start-up that the key opens it. */
  async oneSealedSecret(db: Executor) {
    const [row] = await db
      .select({ userId: totpFactors.userId, sealed: totpFactors.secretSealed })
      .from(totpFactors)
      .where(isNotNull(totpFactors.secretSealed))
      .limit(1);
    return row;
  },

  /** Spends a recovery code in one statement: two uses of one code cannot both pass. */
  async spendRecoveryCode(db: Executor, userId: number, codeHash: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  /** Replaces the account's recovery codes with these (hashes). */
  async replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], at: Date): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  },

  async recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  /** Removes every factor of the account and its pending second steps; answers whether it had one. */
  async removeFactors(db: Executor, userId: number): Promise<boolean> {
    const totp = await db
      .delete(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .returning({ confirmedAt: totpFactors.confirmedAt });
    const codes = await db
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .returning({ id: recoveryCodes.id });
    await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
    return totp.some((t) => t.confirmedAt !== null) || codes.length > 0;
  },

  async insertChallenge(
    db: Executor,
    challenge: { tokenHash: string; userId: number; purpose: ChallengePurpose; expiresAt: Date },
    at: Date,
  ): Promise<void> {
    await db.insert(secondFactorChallenges).values({ ...challenge, createdAt: at });
  },

  /** The live (unexpired, unused) challenge of a token hash. */
  async findChallenge(db: Executor, hash: string, now: Date) {
    const [row] = await db
      .select({
        id: secondFactorChallenges.id,
        userId: secondFactorChallenges.userId,
        purpose: secondFactorChallenges.purpose,
      })
      .from(secondFactorChallenges)
      .where(
        and(
          eq(secondFactorChallenges.tokenHash, hash),
          isNull(secondFactorChallenges.usedAt),
          gt(secondFactorChallenges.expiresAt, now),
        ),
      );
    return row;
  },

  /** Marks a challenge used, once: answers false when another request used it first. */
  async consumeChallenge(db: Executor, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(secondFactorChallenges)
      .set({ usedAt: at })
      .where(and(eq(secondFactorChallenges.id, id), isNull(secondFactorChallenges.usedAt)))
      .returning({ id: secondFactorChallenges.id });
    return rows.length > 0;
  },

  /** Challenges ended (expired or used) before `before`, deleted by the purge. */
  async purgeChallenges(db: Executor, before: Date): Promise<number> {
    const rows = await db
      .delete(secondFactorChallenges)
      .where(lt(secondFactorChallenges.expiresAt, before))
      .returning({ id: secondFactorChallenges.id });
    return rows.length;
  },

  async settings(db: Executor) {
    const [row] = await db.select().from(secondFactorSettings).where(eq(secondFactorSettings.id, 1));
    return row;
  },

  async saveSettings(
    db: Executor,
    values: { habilitations: Habilitation[]; graceDays: number },
    at: Date,
  ): Promise<void> {
    await db
      .insert(secondFactorSettings)
      .values({ id: 1, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: secondFactorSettings.id, set: { ...values, updatedAt: at } });
  },
};
