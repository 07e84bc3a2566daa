/** The account record: the only place that reads and writes one account of the users table. */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { frenchOrder } from '../../db/french-order';
import { escapeLike } from '../../db/like';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The unique indexes of the users table (lower-case identifiant and address), named in refusals. */
export const USER_UNIQUE = {
  identifiant: 'users_identifiant_lower_key',
  email: 'users_email_lower_key',
} as const;

export const accountRepository = {
  async findById(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /** Case-insensitive, as identifiants are unique whatever their case. */
  async findByIdentifiant(db: Executor, identifiant: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.identifiant}) = lower(${identifiant})`);
    return row;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  },

  /**
   * The account of an address, if any, and a stand-in (the oldest account), in one statement whatever
   * the address: the forgotten-password request writes for an unknown address what it writes for a
   * known one, on the stand-in, then rolls it back (auth/password-reset.ts), so both cost the same.
   */
  async findByEmailWithStandIn(
    db: Executor,
    email: string,
  ): Promise<{ found: UserRow | undefined; standIn: UserRow | undefined }> {
    const matches = sql<boolean>`lower(${users.email}) = lower(${email})`;
    const rows = await db
      .select({ row: users, matches })
      .from(users)
      .where(or(matches, sql`${users.id} = (SELECT min(${users.id}) FROM ${users})`))
      .orderBy(asc(users.id));
    return { found: rows.find((r) => r.matches)?.row, standIn: rows[0]?.row };
  },

  /**
   * The user's row, shared-locked until the end of the transaction (`SELECT … FOR SHARE`): it cannot
   * change meanwhile, and a change already waiting goes after the transaction.
   */
  async shareLockById(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('share');
    return row;
  },

  /** The user's row, locked until the end of the transaction (`SELECT … FOR UPDATE`). */
  async lockById(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  /**
   * The rows of these accounts, locked until the end of the transaction, in id order (two bulk edits over
   * overlapping selections then wait for each other instead of deadlocking).
   */
  async lockByIds(db: Executor, ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]))
      .orderBy(asc(users.id))
      .for('update');
  },

  /** These accounts, by nom then prénom (French order). */
  async byIdsByName(db: Executor, ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]))
      .orderBy(...frenchOrder(users.nom), ...frenchOrder(users.prenom), asc(users.id));
  },

  /** Identifiants (lower case) among `candidates` already taken, to derive a free one in one query. */
  async takenIdentifiants(db: Executor, prefix: string): Promise<Set<string>> {
    const rows = await db
      .select({ identifiant: sql<string>`lower(${users.identifiant})` })
      .from(users)
      .where(sql`lower(${users.identifiant}) LIKE ${`${escapeLike(prefix.toLowerCase())}%`}`);
    return new Set(rows.map((r) => r.identifiant));
  },

  /** Inserts the account, created `at` (the service's `ctx.clock.now()`). */
  async insert(db: Executor, user: NewUser, at: Date): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({ ...user, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`); false when no such user. */
  async update(db: Executor, id: number, changes: Partial<NewUser>, at: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ ...changes, updatedAt: at })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /**
   * Starts the account's wait for codes at `at`, unless one started after `since` (still running):
   * one UPDATE, so of simultaneous refusals exactly one sees `true` (the others wait for its row lock,
   * then match nothing) and e-mails the owner.
   */
  async startCodesWait(db: Executor, userId: number, at: Date, since: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ codesLockedAt: at })
      .where(
        and(
          eq(users.id, userId),
          sql`(${users.codesLockedAt} IS NULL OR ${users.codesLockedAt} <= ${since})`,
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /**
   * Notes when a sign-in first asked the person for a second factor (the grace period runs from it): the
   * sign-in's bookkeeping, not an edit of the account, so `updatedAt` stays the last edit's.
   */
  async markSecondFactorAsked(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(users).set({ secondFactorAskedAt: at }).where(eq(users.id, id));
  },

  /** The account's address, whatever its state (a top-up's receipt). */
  async emailOf(db: Executor, id: number): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return row?.email;
  },

  /** Names of several users at once, for history summaries. */
  async namesByIds(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: users.id, nom: users.nom, prenom: users.prenom, identifiant: users.identifiant })
      .from(users)
      .where(inArray(users.id, ids));
  },
};
