/** The users' list: one page of accounts matching the criteria, with the total. */
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
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import { users } from '../../db/schema';
import type { UserRow } from './account-repository';

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

export const userSearchRepository = {
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
};
