/** Users: the only place that queries the users table. */
import {
  USER_SEARCH_COUNT_LIMIT,
  type Habilitation,
  type UserSortField,
  type UserState,
} from '@union/contract';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { intArray, returnedRows, textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import { users } from '../../db/schema';
import { identityColumns } from './identities';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** What a batch of new accounts gives per account (the member import). */
export interface NewAccount {
  identifiant: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
}

export interface UserCriteria {
  texte?: string;
  /**
   * Only these accounts: a subquery of user ids, the current members of the entity filtered on (the
   * memberships' owner, entities/repository `currentMembersOf`, builds it).
   */
  among?: SQLWrapper;
  habilitation?: Habilitation;
  etat?: UserState;
  tri: UserSortField;
  sens: 'asc' | 'desc';
  page: number;
  taille: number;
  /**
   * A lodge manager's search: only current members of these entities, or the account whose e-mail is
   * exactly `exactEmail`.
   */
  scope?: { members: SQLWrapper; exactEmail?: string };
}

/**
 * The normalised text the trigram index covers: a stored generated column (migration 0006), kept out of
 * the Drizzle schema so that no query ever selects or writes it.
 */
const searchText = sql`"users"."search_text"`;

/**
 * The French sort keys of nom and prénom (`immutable_unaccent(lower(…))`, as `frenchOrder` computes
 * them), stored by migration 0020 and indexed with the list's order: sorting reads them instead of
 * computing them for every matching row, and a common text walks the index and stops at the page.
 */
const nomTri = sql`"users"."nom_tri"`;
const prenomTri = sql`"users"."prenom_tri"`;
const byNom = [nomTri, sql`${users.nom}`];
const byPrenom = [prenomTri, sql`${users.prenom}`];

const SORTS: Record<UserSortField, SQL[]> = {
  nom: [...byNom, ...byPrenom],
  prenom: [...byPrenom, ...byNom],
  identifiant: [sql`lower(${users.identifiant})`],
  email: [sql`lower(${users.email})`],
  etat: [sql`${users.etat}`, ...byNom, ...byPrenom],
  creeLe: [sql`${users.createdAt}`],
};

/** The unique indexes of the users table (lower-case identifiant and address), named in refusals. */
export const USER_UNIQUE = {
  identifiant: 'users_identifiant_lower_key',
  email: 'users_email_lower_key',
} as const;

/**
 * The active accounts, with their names, address, habilitations and whether they want messages by e-mail,
 * as a subquery for a query of another module that only concerns active people (a session's owner, a
 * message's audience).
 */
export function activeUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      habilitations: users.habilitations,
      notificationMessages: users.notificationMessages,
    })
    .from(users)
    .where(eq(users.etat, 'A'))
    .as('active_users');
}

/**
 * The active accounts that read documents and want them by e-mail (with an address), as a subquery the
 * documents' distribution narrows to its audience and to those not sent the document yet.
 */
export function documentReaders(db: Executor) {
  return db
    .select({ id: users.id, prenom: users.prenom, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.etat, 'A'),
        eq(users.notificationDocuments, true),
        isNotNull(users.email),
        sql`(${users.habilitations} && ARRAY['DOCUMENTS_LECTURE', 'DOCUMENTS_LECTURE_ALL']::text[])`,
      ),
    )
    .as('document_readers');
}

/**
 * Each account's state and habilitations, as a subquery for a query of another module that decides by
 * them in the same read (a calendar feed still answers while its owner may read the calendar).
 */
export function accountStates(db: Executor) {
  return db
    .select({ id: users.id, etat: users.etat, habilitations: users.habilitations })
    .from(users)
    .as('account_states');
}

export const usersRepository = {
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
   * The account of an address, if any, and a stand-in (the oldest account), in one statement whatever
   * the address: the forgotten-password request writes for an unknown address what it writes for a
   * known one, on the stand-in, then rolls it back (auth/service.ts), so both cost the same.
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

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  },

  /** Identifiants (lower case) among `candidates` already taken, to derive a free one in one query. */
  async takenIdentifiants(db: Executor, prefix: string): Promise<Set<string>> {
    const rows = await db
      .select({ identifiant: sql<string>`lower(${users.identifiant})` })
      .from(users)
      .where(sql`lower(${users.identifiant}) LIKE ${`${escapeLike(prefix.toLowerCase())}%`}`);
    return new Set(rows.map((r) => r.identifiant));
  },

  /**
   * Lower-case identifiants already taken among `base`, `base2`, `base3`… for each base given, in one
   * query for a whole batch (the member import).
   */
  async takenIdentifiantsOfBases(db: Executor, bases: string[]): Promise<Set<string>> {
    const wanted = textArray([...new Set(bases)]);
    const rows = await db
      .select({ identifiant: sql<string>`lower(${users.identifiant})` })
      .from(users)
      .where(
        sql`lower(${users.identifiant}) = ANY(${wanted})
          OR regexp_replace(lower(${users.identifiant}), '[0-9]+$', '') = ANY(${wanted})`,
      );
    return new Set(rows.map((r) => r.identifiant));
  },

  /** The identities of the accounts of these (lower-case) addresses, in one query (the member import). */
  async identitiesByEmails(db: Executor, emails: string[]) {
    return db
      .select(identityColumns)
      .from(users)
      .where(sql`lower(${users.email}) = ANY(${textArray(emails)})`);
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
  /**
   * Notes when a sign-in first asked the person for a second factor (the grace period runs from it): the
   * sign-in's bookkeeping, not an edit of the account, so `updatedAt` stays the last edit's.
   */
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

  async markSecondFactorAsked(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(users).set({ secondFactorAskedAt: at }).where(eq(users.id, id));
  },

  async update(db: Executor, id: number, changes: Partial<NewUser>, at: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ ...changes, updatedAt: at })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /**
   * Inserts new accounts in one statement whatever their number, all with the same habilitations,
   * created `at` (the service's `ctx.clock.now()`); returns each one's id by lower-case e-mail (the
   * order of RETURNING is not guaranteed).
   */
  async insertMany(
    db: Executor,
    accounts: NewAccount[],
    habilitations: Habilitation[],
    at: Date,
  ): Promise<Map<string, number>> {
    if (accounts.length === 0) return new Map();
    const inserted = await db.execute(sql`
      INSERT INTO ${users} (identifiant, nom, prenom, email, telephone, habilitations, created_at, updated_at)
      SELECT n.identifiant, n.nom, n.prenom, n.email, n.telephone, ${sql.param(habilitations)}::text[],
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      FROM unnest(${textArray(accounts.map((a) => a.identifiant))}, ${textArray(accounts.map((a) => a.nom))},
        ${textArray(accounts.map((a) => a.prenom))}, ${textArray(accounts.map((a) => a.email))},
        ${textArray(accounts.map((a) => a.telephone))}) AS n(identifiant, nom, prenom, email, telephone)
      RETURNING id, email`);
    return new Map(
      returnedRows<{ id: number; email: string }>(inserted).map((r) => [r.email.toLowerCase(), Number(r.id)]),
    );
  },

  /**
   * Changes names and telephones of several accounts in one statement, stamped `at`; a null value
   * leaves the field as it is.
   */
  async updateIdentities(
    db: Executor,
    changes: { id: number; nom: string | null; prenom: string | null; telephone: string | null }[],
    at: Date,
  ): Promise<void> {
    if (changes.length === 0) return;
    await db.execute(sql`
      UPDATE ${users} SET nom = coalesce(n.nom, users.nom), prenom = coalesce(n.prenom, users.prenom),
        telephone = coalesce(n.telephone, users.telephone), updated_at = ${at.toISOString()}::timestamptz
      FROM unnest(${intArray(changes.map((c) => c.id))}, ${textArray(changes.map((c) => c.nom))},
        ${textArray(changes.map((c) => c.prenom))}, ${textArray(changes.map((c) => c.telephone))})
        AS n(id, nom, prenom, telephone)
      WHERE users.id = n.id`);
  },

  /**
   * One page of users matching the criteria, with the total. Each word of the text must appear in
   * nom, prénom, identifiant or e-mail, whatever the accents and the case (trigram index).
   */
  async search(
    db: Executor,
    c: UserCriteria,
  ): Promise<{ total: number; totalAuMoins: boolean; rows: UserRow[] }> {
    const conditions: SQL[] = [];
    for (const word of (c.texte ?? '').split(/\s+/).filter(Boolean)) {
      conditions.push(sql`${searchText} LIKE '%' || immutable_unaccent(lower(${escapeLike(word)})) || '%'`);
    }
    if (c.etat) conditions.push(eq(users.etat, c.etat));
    if (c.habilitation) conditions.push(arrayContains(users.habilitations, [c.habilitation]));
    // `user_id IN (…)`: the same semi-join as EXISTS.
    if (c.among) conditions.push(inArray(users.id, c.among));
    if (c.scope) {
      const inScope = inArray(users.id, c.scope.members);
      const { exactEmail } = c.scope;
      conditions.push(exactEmail ? or(inScope, sql`lower(${users.email}) = lower(${exactEmail})`)! : inScope);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const direction = c.sens === 'desc' ? desc : asc;
    const order = [...SORTS[c.tri].map((e) => direction(e)), direction(users.id)];
    const offset = (c.page - 1) * c.taille;
    // The page straight from the table, in the list's order (the name-sorted index serves it).
    const pageInOrder = () =>
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(c.taille)
        .offset(offset);

    if (!c.texte?.trim()) {
      const [totalRow] = await db.select({ n: count() }).from(users).where(where);
      return { total: totalRow?.n ?? 0, totalAuMoins: false, rows: await pageInOrder() };
    }
    // A free text. Most texts are selective (a family name): their matches may all sit in one place of
    // the alphabet, where walking the name-sorted index from « A » would read most of it; they are found
    // through the trigram index instead, at most one more than the limit, and sorted in memory. The
    // subquery's LIMIT also keeps the planner from pushing the order into the scan. It is named `users`
    // and carries the sort keys, so the one ORDER BY above applies to it; the window counts the matches.
    const matches = db
      .select({
        ...getTableColumns(users),
        nomTri: sql`${nomTri}`.as('nom_tri'),
        prenomTri: sql`${prenomTri}`.as('prenom_tri'),
      })
      .from(users)
      .where(where)
      .limit(USER_SEARCH_COUNT_LIMIT + 1)
      .as('users');
    const found = await db
      .select({ ...getTableColumns(users), matched: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(matches)
      .orderBy(...order)
      .limit(c.taille)
      .offset(offset);
    // A page past the end has no row to carry the count: count again (a rare request).
    const matched =
      found[0]?.matched ?? (offset ? ((await db.select({ n: count() }).from(matches)).at(0)?.n ?? 0) : 0);
    if (matched <= USER_SEARCH_COUNT_LIMIT) {
      return { total: matched, totalAuMoins: false, rows: found.map(({ matched: _, ...row }) => row) };
    }
    // A common text (an e-mail domain, a first name): its matches are everywhere in the alphabet, so
    // walking the name-sorted index finds a page at once, where sorting them would read them all.
    return { total: USER_SEARCH_COUNT_LIMIT, totalAuMoins: true, rows: await pageInOrder() };
  },

  /** The account's address, whatever its state (a top-up's receipt). */
  async emailOf(db: Executor, id: number): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return row?.email;
  },

  /** The account's address while it is active. */
  async activeEmailOf(db: Executor, id: number): Promise<string | undefined> {
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.etat, 'A')));
    return row?.email;
  },

  /**
   * The addresses of the active accounts holding the habilitation, among `among` (a subquery of ids) when
   * given; each once, in alphabetical order.
   */
  async activeEmailsWith(db: Executor, habilitation: Habilitation, among?: SQLWrapper): Promise<string[]> {
    const rows = await db
      .selectDistinct({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.etat, 'A'),
          isNotNull(users.email),
          sql`${habilitation} = ANY(${users.habilitations})`,
          among ? inArray(users.id, among) : undefined,
        ),
      )
      .orderBy(asc(users.email));
    return rows.map((r) => r.email).filter((email): email is string => email !== null);
  },

  /** The addresses of the active accounts whose restaurant notification is on. */
  /** Who receives the menus' e-mails: active accounts with the restaurant notification on. */
  async restaurantNotificationRecipients(db: Executor): Promise<{ id: number; email: string }[]> {
    return db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.etat, 'A'), eq(users.notificationRestauration, true)))
      .orderBy(asc(users.id));
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
