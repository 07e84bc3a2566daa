/**
 * Who is a member of which entity on a day: the rule of a current membership, the subqueries other
 * modules join to keep only members, and the head counts compta bills by.
 */
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entities, memberships } from '../../db/schema';
import { awaitingFirstPassword } from '../users/active-account-repository';

/**
 * A membership counts at some time between two days when it has started by the last (or has no start)
 * and has not ended before the first (or has no end).
 */
const membershipDuring = (debut: string, fin: string) =>
  and(
    or(isNull(memberships.debut), lte(memberships.debut, fin)),
    or(isNull(memberships.fin), gte(memberships.fin, debut)),
  );

/** A membership counts today when it has started (or has no start) and has not ended. */
export const membershipIsCurrent = (today: string) => membershipDuring(today, today);

/** The head count of a query on memberships: a person with two memberships counts once. */
const distinctMembers = sql<number>`count(DISTINCT ${memberships.userId})::int`;

/**
 * The users who are current members of the entity (or of one of the entities), as a subquery
 * (`user_id IN (…)`) for a query of another module that keeps only them (the documents' recipients, the
 * user search).
 */
export function currentMembersOf(db: Executor, entityIds: number | readonly number[], today: string) {
  const ofEntity =
    typeof entityIds === 'number'
      ? eq(memberships.entityId, entityIds)
      : entityIds.length
        ? inArray(memberships.entityId, [...entityIds])
        : sql`false`;
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(ofEntity, membershipIsCurrent(today)));
}

/**
 * Who is a current member of which entity, as a subquery for a query of another module that joins a
 * person to an entity through it (the messages' audience).
 */
export function currentMemberships(db: Executor, today: string) {
  return db
    .select({ userId: memberships.userId, entityId: memberships.entityId })
    .from(memberships)
    .where(membershipIsCurrent(today))
    .as('current_memberships');
}

/**
 * The active entities the user is a current member of, as a subquery (`entity_id IN (…)`) for a query
 * of another module (the personal calendar feed).
 */
export function activeEntitiesOfMember(db: Executor, userId: number, today: string) {
  return db
    .select({ id: memberships.entityId })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .where(and(eq(memberships.userId, userId), eq(entities.etat, 'A'), membershipIsCurrent(today)));
}

/**
 * The users who manage the Union today (a current membership with `gestion` in the entity of type UN),
 * as a subquery (`id IN (…)`) for a query of another module (the reservations' arbiters).
 */
export function unionManagers(db: Executor, today: string) {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .where(and(eq(memberships.gestion, true), eq(entities.type, 'UN'), membershipIsCurrent(today)));
}

/**
 * The users who are officers of an active entity today (a current membership with `gestion` or
 * `carteLoge`: those who read its account in Gestion Loge), as a subquery (`id IN (…)`) for a query of
 * another module (the administration's dashboard counts their second factors first, issue 33).
 */
export function currentOfficers(db: Executor, today: string) {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .where(
      and(
        or(eq(memberships.gestion, true), eq(memberships.carteLoge, true)),
        eq(entities.etat, 'A'),
        membershipIsCurrent(today),
      ),
    );
}

export const headcountRepository = {
  /**
   * Members of an entity on a day (compta's fee calls A, B, C): every person with a membership then,
   * whatever the state of their account (a membership always names an existing account: foreign key).
   */
  async membersOn(db: Executor, entityId: number, day: string): Promise<number> {
    const [row] = await db
      .select({ n: distinctMembers })
      .from(memberships)
      .where(and(eq(memberships.entityId, entityId), membershipIsCurrent(day)));
    return row!.n;
  },

  /** `membersOn` of several entities at once, by entity id (compta's fee table); absent means none. */
  async membersOnEach(db: Executor, entityIds: number[], day: string): Promise<Map<number, number>> {
    if (!entityIds.length) return new Map();
    const rows = await db
      .select({ entityId: memberships.entityId, n: distinctMembers })
      .from(memberships)
      .where(and(inArray(memberships.entityId, entityIds), membershipIsCurrent(day)))
      .groupBy(memberships.entityId);
    return new Map(rows.map((r) => [r.entityId, r.n]));
  },

  /**
   * The portal's « membres à confirmer » (issue 33): current members of each entity whose active account
   * has no password yet (the invitation not followed), by entity id; absent means none.
   */
  async awaitingFirstPasswordEach(db: Executor, entityIds: number[], today: string) {
    if (!entityIds.length) return new Map<number, number>();
    const rows = await db
      .select({ entityId: memberships.entityId, n: sql<number>`count(DISTINCT ${memberships.userId})::int` })
      .from(memberships)
      .where(
        and(
          inArray(memberships.entityId, entityIds),
          membershipIsCurrent(today),
          inArray(memberships.userId, awaitingFirstPassword(db)),
        ),
      )
      .groupBy(memberships.entityId);
    return new Map(rows.map((r) => [r.entityId, r.n]));
  },

  /** Members of an entity at any time between two days (compta's adjustment D counts the year). */
  async membersDuring(db: Executor, entityId: number, debut: string, fin: string): Promise<number> {
    const [row] = await db
      .select({ n: distinctMembers })
      .from(memberships)
      .where(and(eq(memberships.entityId, entityId), membershipDuring(debut, fin)));
    return row!.n;
  },
};

/**
 * The towns of the entities each person is a current member of, « Lyon, Villeurbanne » (the users' list
 * shows them: the intranet keeps no one's home address); a person without any is absent.
 */
export async function townsOf(db: Executor, userIds: readonly number[], today: string) {
  const towns = new Map<number, string>();
  if (userIds.length === 0) return towns;
  const rows = await db
    .selectDistinct({ userId: memberships.userId, ville: entities.ville })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .where(
      and(
        inArray(memberships.userId, [...userIds]),
        membershipIsCurrent(today),
        sql`coalesce(trim(${entities.ville}), '') <> ''`,
      ),
    )
    .orderBy(memberships.userId, entities.ville);
  for (const { userId, ville } of rows) {
    const known = towns.get(userId);
    towns.set(userId, known ? `${known}, ${ville}` : ville!);
  }
  return towns;
}
