/** The sign-in attempts: every proof of identity, counted by the limits and kept as the sign-ins' log. */
import { and, count, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signInAttempts } from '../../db/schema';
import { TIME_ZONE } from '../../lib/dates';

/**
 * When the failures of an identifiant (any case, every address) that `which` selects happened since
 * `since` and since its last successful sign-in, newest first, at most `limit`: the one query behind the
 * password's and the codes' limits, which differ only by the failures they count.
 */
async function failureTimes(
  db: Executor,
  identifiant: string,
  since: Date,
  limit: number,
  which: (SQL | undefined)[],
): Promise<Date[]> {
  const lastSuccess = sql`(
    SELECT max(s.created_at) FROM ${signInAttempts} s
    WHERE lower(s.identifiant) = lower(${identifiant}) AND s.success
  )`;
  const rows = await db
    .select({ at: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(
      and(
        sql`lower(${signInAttempts.identifiant}) = lower(${identifiant})`,
        ...which,
        gt(signInAttempts.createdAt, since),
        sql`${signInAttempts.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)`,
      ),
    )
    .orderBy(desc(signInAttempts.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

export const signInAttemptsRepository = {
  /**
   * Writes an attempt as `pending` before anything is counted or checked: until it is settled it counts
   * as a failure for every other attempt (its `success` is false). Written (and committed) before the
   * counts are read, attempts running at once see each other, on one instance or several: the k-th to
   * commit its row sees at least k - 1 others, so no burst gets more checks than the lock allows.
   */
  async startAttempt(
    db: Executor,
    attempt: { identifiant: string; ip: string; createdAt: Date },
    /** `pending_code` for a second-factor code, which the account's code limit counts too. */
    outcome: 'pending' | 'pending_code' = 'pending',
  ): Promise<number> {
    const [row] = await db
      .insert(signInAttempts)
      .values({ ...attempt, success: false, outcome })
      .returning({ id: signInAttempts.id });
    return row!.id;
  },

  /** The outcome of an attempt started by `startAttempt`. */
  async settleAttempt(db: Executor, id: number, outcome: string, success: boolean): Promise<void> {
    await db.update(signInAttempts).set({ outcome, success }).where(eq(signInAttempts.id, id));
  },

  /**
   * When the failed attempts for an identifiant (any case) happened since `since` and since its last
   * successful sign-in (which clears the failures before it), newest first, at most `limit`; from one
   * address when `ip` is given, from every address otherwise. Lock-outs themselves do not count.
   */
  async failureTimesForIdentifiant(
    db: Executor,
    identifiant: string,
    since: Date,
    limit: number,
    ip?: string,
    /** The attempt asking (its own pending row is not a failure before it). */
    except?: number,
  ): Promise<Date[]> {
    return failureTimes(db, identifiant, since, limit, [
      ip === undefined ? undefined : eq(signInAttempts.ip, ip),
      except === undefined ? undefined : ne(signInAttempts.id, except),
      eq(signInAttempts.success, false),
      sql`${signInAttempts.outcome} NOT IN ('locked', 'rate_limited', 'account_locked', 'second_factor_asked')`,
    ]);
  },

  /**
   * When the wrong second-factor codes of an identifiant (any case, every address) happened since
   * `since` and since its last successful sign-in, newest first, at most `limit`: the codes refused
   * (`bad_code`) and those not yet settled (`pending_code`), so simultaneous guesses count each other.
   */
  async codeFailureTimes(
    db: Executor,
    identifiant: string,
    since: Date,
    limit: number,
    except: number,
  ): Promise<Date[]> {
    return failureTimes(db, identifiant, since, limit, [
      ne(signInAttempts.id, except),
      inArray(signInAttempts.outcome, ['bad_code', 'pending_code']),
    ]);
  },

  async countFailuresForIp(db: Executor, ip: string, since: Date, except?: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.ip, ip),
          except === undefined ? undefined : ne(signInAttempts.id, except),
          eq(signInAttempts.success, false),
          // A right password waiting for its second step is no failure (nor a success: it clears nothing).
          ne(signInAttempts.outcome, 'second_factor_asked'),
          gt(signInAttempts.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  },

  /**
   * Per Paris day from `from` (yyyy-mm-dd) on: the sign-ins that succeeded and the attempts refused (a
   * wrong password or code, an unknown or locked account; a right password waiting for its second step
   * and an attempt still being checked are neither). Days without any are absent (issue 33).
   */
  async perDay(db: Executor, from: string) {
    const day = sql<string>`((${signInAttempts.createdAt} AT TIME ZONE ${TIME_ZONE})::date)::text`;
    return (
      db
        .select({
          jour: day,
          reussies: sql<number>`(count(*) FILTER (WHERE ${signInAttempts.success}))::int`,
          echouees: sql<number>`(count(*) FILTER (WHERE NOT ${signInAttempts.success}
          AND ${signInAttempts.outcome} NOT IN ('pending', 'pending_code', 'second_factor_asked')))::int`,
        })
        .from(signInAttempts)
        .where(sql`${signInAttempts.createdAt} >= (${from}::date::timestamp AT TIME ZONE ${TIME_ZONE})`)
        // By position: the day's expression carries the time zone as a parameter, a new one each time.
        .groupBy(sql`1`)
        .orderBy(sql`1`)
    );
  },

  /** The sign-ins of an identifiant, newest first (GDPR export). */
  async signInsOf(db: Executor, identifiant: string) {
    return db
      .select()
      .from(signInAttempts)
      .where(sql`lower(${signInAttempts.identifiant}) = lower(${identifiant})`)
      .orderBy(desc(signInAttempts.createdAt))
      .limit(1000);
  },

  /** Files the sign-ins of these identifiants (lower case) under `alias`: an anonymised person's. */
  async renameSignIns(db: Executor, identifiants: string[], alias: string): Promise<void> {
    await db
      .update(signInAttempts)
      .set({ identifiant: alias })
      .where(inArray(sql`lower(${signInAttempts.identifiant})`, identifiants));
  },

  /** Deletes the attempts made before `before`; answers how many. */
  async purge(db: Executor, before: Date): Promise<number> {
    const rows = await db
      .delete(signInAttempts)
      .where(lt(signInAttempts.createdAt, before))
      .returning({ id: signInAttempts.id });
    return rows.length;
  },
};
