/** Access tokens (the sessions) and single-use links (invitations, password resets). */
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { intArray, textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { accessTokens, userTokens } from '../../db/schema';
import { activeUsers } from '../users/active-account-repository';

/** A session's last use is written at most this often (the account page's « dernière utilisation »). */
export const LAST_USE_STEP_MS = 5 * 60_000;

/**
 * The query of `findSession`, with placeholders for the token hash and the instant (`bench/floor.ts`
 * sends its text through a bare driver).
 */
export function findSessionQuery(db: Executor) {
  const owner = activeUsers(db);
  return db
    .select({
      userId: owner.id,
      habilitations: owner.habilitations,
      nom: owner.nom,
      prenom: owner.prenom,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(owner, eq(owner.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    );
}

const preparedSessions = new WeakMap<Executor, ReturnType<ReturnType<typeof findSessionQuery>['prepare']>>();

export const authRepository = {
  async insertAccessToken(
    db: Executor,
    token: {
      tokenHash: string;
      userId: number;
      expiresAt: Date;
      /** Where and with what it was opened, and when (the account page lists the sessions). */
      ip?: string;
      userAgent?: string;
      createdAt?: Date;
    },
  ) {
    await db.insert(accessTokens).values({ ...token, lastUsedAt: token.createdAt });
  },

  /**
   * Notes that a session was used `at`, at most once every `LAST_USE_STEP_MS` per session (a column the
   * session triggers do not watch, so the cache is not disturbed).
   */
  async touchSession(db: Executor, hash: string, at: Date): Promise<void> {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(accessTokens.tokenHash, hash),
          or(
            isNull(accessTokens.lastUsedAt),
            lt(accessTokens.lastUsedAt, new Date(at.getTime() - LAST_USE_STEP_MS)),
          ),
        ),
      );
  },

  /** The live session behind a token hash: unexpired, unrevoked, of an active user (`activeUsers`). */
  async findSession(db: Executor, hash: string, now: Date) {
    // Every authenticated request on PostgreSQL runs this: prepared once per database handle, the SQL
    // text is built once (Drizzle building it was 15 % of a profile under load, issue 18) and the
    // server plans it once per connection (a named statement).
    let prepared = preparedSessions.get(db);
    if (!prepared) {
      prepared = findSessionQuery(db).prepare('auth_find_session');
      preparedSessions.set(db, prepared);
    }
    // A placeholder's value skips the column's encoder: the instant goes as the text the column takes.
    const [row] = await prepared.execute({ hash, now: now.toISOString() });
    return row;
  },

  async revokeAccessToken(db: Executor, hash: string, at: Date): Promise<void> {
    await db
      .update(accessTokens)
      .set({ revokedAt: at })
      .where(and(eq(accessTokens.tokenHash, hash), isNull(accessTokens.revokedAt)));
  },

  async insertUserToken(db: Executor, token: typeof userTokens.$inferInsert, at: Date): Promise<void> {
    await db.insert(userTokens).values({ ...token, createdAt: at });
  },

  /**
   * Invitation links (only their hashes) in one statement whatever their number, all expiring at
   * `expiresAt`, created `at` (the service's `ctx.clock.now()`).
   */
  async insertInvitations(
    db: Executor,
    links: { tokenHash: string; userId: number }[],
    expiresAt: Date,
    at: Date,
  ): Promise<void> {
    if (links.length === 0) return;
    await db.execute(sql`
      INSERT INTO ${userTokens} (token_hash, user_id, purpose, expires_at, created_at)
      SELECT n.token_hash, n.user_id, 'invitation', ${expiresAt.toISOString()}::timestamptz,
        ${at.toISOString()}::timestamptz
      FROM unnest(${textArray(links.map((l) => l.tokenHash))}, ${intArray(links.map((l) => l.userId))})
        AS n(token_hash, user_id)`);
  },

  /**
   * Marks a link used and returns it, in one statement, only if it was unused and unexpired:
   * two clicks on the same link cannot both succeed.
   */
  async consumeUserToken(db: Executor, hash: string, now: Date) {
    const [row] = await db
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.tokenHash, hash), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
      .returning();
    return row;
  },

  /**
   * Deletes the sessions and links that ended (expired, revoked, used) before `ended`; answers how many
   * of each.
   */
  async purge(db: Executor, ended: Date) {
    const sessions = await db
      .delete(accessTokens)
      .where(
        or(
          lt(accessTokens.expiresAt, ended),
          and(isNotNull(accessTokens.revokedAt), lt(accessTokens.revokedAt, ended)),
        ),
      )
      .returning({ id: accessTokens.id });
    const links = await db
      .delete(userTokens)
      .where(
        or(lt(userTokens.expiresAt, ended), and(isNotNull(userTokens.usedAt), lt(userTokens.usedAt, ended))),
      )
      .returning({ id: userTokens.id });
    return {
      accessTokens: sessions.length,
      userTokens: links.length,
    };
  },

  /** The open sessions of an account, last used first. */
  async sessionsOf(db: Executor, userId: number, now: Date) {
    return db
      .select({
        id: accessTokens.id,
        tokenHash: accessTokens.tokenHash,
        ip: accessTokens.ip,
        userAgent: accessTokens.userAgent,
        createdAt: accessTokens.createdAt,
        lastUsedAt: accessTokens.lastUsedAt,
      })
      .from(accessTokens)
      .where(
        and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now)),
      )
      .orderBy(
        desc(sql`coalesce(${accessTokens.lastUsedAt}, ${accessTokens.createdAt})`),
        desc(accessTokens.id),
      )
      .limit(200);
  },

  /**
   * Ends one open session of the account `at`: the revocation's trigger (migration 0021) tells the
   * session cache, which forgets it before this answer is sent. False when it was not the account's, or
   * already ended.
   */
  async endSession(db: Executor, userId: number, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(accessTokens)
      .set({ revokedAt: at })
      .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
      .returning({ id: accessTokens.id });
    return rows.length > 0;
  },

  /**
   * Ends, `at`, the account's open sessions opened before `before`, but the one of `keepTokenHash`; in
   * one statement, answers the ids ended.
   */
  async endSessionsOpenedBefore(
    db: Executor,
    userId: number,
    before: Date,
    keepTokenHash: string,
    at: Date,
  ): Promise<number[]> {
    const rows = await db
      .update(accessTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(accessTokens.userId, userId),
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, at),
          lt(accessTokens.createdAt, before),
          ne(accessTokens.tokenHash, keepTokenHash),
        ),
      )
      .returning({ id: accessTokens.id });
    return rows.map((r) => r.id);
  },

  /**
   * Ends every open session of the user `at` (deactivation, deletion, password change), but the one of
   * `keepTokenHash` when given.
   */
  async revokeUserTokens(db: Executor, userId: number, at: Date, keepTokenHash?: string): Promise<void> {
    await db
      .update(accessTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(accessTokens.userId, userId),
          isNull(accessTokens.revokedAt),
          keepTokenHash === undefined ? undefined : ne(accessTokens.tokenHash, keepTokenHash),
        ),
      );
  },

  /** Spends, `at`, every unused password link (invitation or reset) of the user. */
  async spendUserLinks(db: Executor, userId: number, at: Date): Promise<void> {
    await db
      .update(userTokens)
      .set({ usedAt: at })
      .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
  },
};
