/** The membership records: who belongs to which entity, when and as what; their lists and their writes. */
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { intArray, returnedRows, textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { frenchOrder } from '../../db/french-order';
import { entities, memberships } from '../../db/schema';
import type { ConstraintViolation } from '../../lib/constraints';
import { userIdentities } from '../users/identities';
import { membershipIsCurrent } from './current-members-repository';

/** The exclusion constraint that keeps one person's memberships in one entity apart (migration 0007). */
export const MEMBERSHIP_NO_OVERLAP = 'memberships_no_overlap';

/**
 * The user whose memberships overlapped, read from the refusal's detail
 * ("Key (user_id, entity_id, …)=(12, 3, …) conflicts with existing key …"); undefined if not said.
 */
export function overlappingUserId(violation: ConstraintViolation): number | undefined {
  const match = violation.detail ? /\)=\((\d+), /.exec(violation.detail) : null;
  return match ? Number(match[1]) : undefined;
}

export type MembershipRecord = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;

/** What a membership says of the person in the entity: their function, period and flags. */
export const membershipTermColumns = {
  fonction: memberships.fonction,
  debut: memberships.debut,
  fin: memberships.fin,
  gestion: memberships.gestion,
  reservation: memberships.reservation,
  restauration: memberships.restauration,
  carteLoge: memberships.carteLoge,
};

/** Memberships with the two sides the screens show: the person (their owner's `userIdentities`) and the entity. */
function selectMemberships(db: Executor) {
  const person = userIdentities(db);
  const query = db
    .select({
      id: memberships.id,
      userId: memberships.userId,
      entityId: memberships.entityId,
      ...membershipTermColumns,
      identifiant: person.identifiant,
      nom: person.nom,
      prenom: person.prenom,
      email: person.email,
      telephone: person.telephone,
      userEtat: person.etat,
      entiteCode: entities.code,
      entiteNom: entities.nom,
      entiteType: entities.type,
    })
    .from(memberships)
    .innerJoin(person, eq(person.id, memberships.userId))
    .innerJoin(entities, eq(entities.id, memberships.entityId));
  return { query, person };
}
export type MembershipWithSides = Awaited<ReturnType<typeof selectMemberships>['query']>[number];

export const membershipRepository = {
  /** The user's memberships, current first, then by entity name. */
  async membershipsOfUser(db: Executor, userId: number): Promise<MembershipWithSides[]> {
    return selectMemberships(db)
      .query.where(eq(memberships.userId, userId))
      .orderBy(sql`${memberships.fin} IS NOT NULL`, ...frenchOrder(entities.nom), asc(memberships.id));
  },

  /** The entity's memberships, current first, then by member name. */
  async membershipsOfEntity(db: Executor, entityId: number): Promise<MembershipWithSides[]> {
    const { query, person } = selectMemberships(db);
    return query
      .where(eq(memberships.entityId, entityId))
      .orderBy(
        sql`${memberships.fin} IS NOT NULL`,
        ...frenchOrder(person.nom),
        ...frenchOrder(person.prenom),
        asc(memberships.id),
      );
  },

  async findMembership(db: Executor, id: number): Promise<MembershipWithSides | undefined> {
    const [row] = await selectMemberships(db).query.where(eq(memberships.id, id));
    return row;
  },

  /** The periods of a user in an entity, to refuse overlapping memberships. */
  async periodsOf(db: Executor, userId: number, entityId: number) {
    return db
      .select({ id: memberships.id, debut: memberships.debut, fin: memberships.fin })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.entityId, entityId)));
  },

  /**
   * The members of an entity for the Excel export, by name: current memberships, or every one.
   * Deleted accounts are left out: they are no longer anyone's members.
   */
  async membersForExport(db: Executor, entityId: number, today: string, onlyCurrent: boolean) {
    const person = userIdentities(db);
    return db
      .select({
        nom: person.nom,
        prenom: person.prenom,
        email: person.email,
        telephone: person.telephone,
        identifiant: person.identifiant,
        ...membershipTermColumns,
      })
      .from(memberships)
      .innerJoin(person, eq(person.id, memberships.userId))
      .where(
        and(
          eq(memberships.entityId, entityId),
          sql`${person.etat} <> 'S'`,
          onlyCurrent ? membershipIsCurrent(today) : undefined,
        ),
      )
      .orderBy(...frenchOrder(person.nom), ...frenchOrder(person.prenom), asc(memberships.debut));
  },

  /**
   * The memberships of these users in the entity that are not over on `today` (current or to come),
   * earliest first, in one query (the member import weighs them all).
   */
  async notOverMembershipsIn(db: Executor, entityId: number, userIds: number[], today: string) {
    return db
      .select({
        id: memberships.id,
        userId: memberships.userId,
        fonction: memberships.fonction,
        debut: memberships.debut,
      })
      .from(memberships)
      .where(
        and(
          eq(memberships.entityId, entityId),
          sql`${memberships.userId} = ANY(${intArray(userIds)})`,
          or(isNull(memberships.fin), gte(memberships.fin, today)),
        ),
      )
      .orderBy(asc(memberships.debut), asc(memberships.id));
  },

  async insertMembership(db: Executor, membership: NewMembership, at: Date): Promise<MembershipRecord> {
    const [row] = await db
      .insert(memberships)
      .values({ ...membership, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  async updateMembership(db: Executor, id: number, changes: Partial<NewMembership>, at: Date): Promise<void> {
    await db
      .update(memberships)
      .set({ ...changes, updatedAt: at })
      .where(eq(memberships.id, id));
  },

  /**
   * New memberships of one entity in one statement whatever their number, all starting on `debut`,
   * created `at` (the service's `ctx.clock.now()`); returns each one's id by user id.
   */
  async insertMemberships(
    db: Executor,
    entityId: number,
    debut: string,
    members: { userId: number; fonction: string | null }[],
    at: Date,
  ): Promise<Map<number, number>> {
    if (members.length === 0) return new Map();
    const inserted = await db.execute(sql`
      INSERT INTO ${memberships} (user_id, entity_id, fonction, debut, created_at, updated_at)
      SELECT n.user_id, ${entityId}, n.fonction, ${debut}::date,
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      FROM unnest(${intArray(members.map((m) => m.userId))}, ${textArray(members.map((m) => m.fonction))})
        AS n(user_id, fonction)
      RETURNING id, user_id`);
    return new Map(
      returnedRows<{ id: number; user_id: number }>(inserted).map((r) => [Number(r.user_id), Number(r.id)]),
    );
  },

  /** Sets the fonction of several memberships in one statement, stamped `at`. */
  async setFonctions(
    db: Executor,
    changes: { membershipId: number; fonction: string }[],
    at: Date,
  ): Promise<void> {
    if (changes.length === 0) return;
    await db.execute(sql`
      UPDATE ${memberships} SET fonction = n.fonction, updated_at = ${at.toISOString()}::timestamptz
      FROM unnest(${intArray(changes.map((c) => c.membershipId))}, ${textArray(changes.map((c) => c.fonction))})
        AS n(id, fonction)
      WHERE memberships.id = n.id`);
  },

  async deleteMembership(db: Executor, id: number): Promise<void> {
    await db.delete(memberships).where(eq(memberships.id, id));
  },
};
