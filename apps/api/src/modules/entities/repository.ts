/** Entities and memberships. */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { EntityPurpose } from '@union/contract';
import { intArray, returnedRows, textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { entities, memberships } from '../../db/schema';
import type { ConstraintViolation } from '../../lib/constraints';
import { frenchOrder } from '../../db/french-order';
import { userIdentities } from '../users/identities';

const PURPOSE_FLAG = {
  reservation: memberships.reservation,
  gestion: memberships.gestion,
  restauration: memberships.restauration,
  carte_loge: memberships.carteLoge,
} as const;

/** A membership counts today when it has started (or has no start) and has not ended. */
export const membershipIsCurrent = (today: string) =>
  and(
    or(isNull(memberships.debut), lte(memberships.debut, today)),
    or(isNull(memberships.fin), gte(memberships.fin, today)),
  );

/** The exclusion constraint that keeps one person's memberships in one entity apart (migration 0007). */
export const MEMBERSHIP_NO_OVERLAP = 'memberships_no_overlap';

/** The unique indexes of the entities table: one entity per code, one Union. */
export const ENTITY_UNIQUE = { code: 'entities_code_key', union: 'entities_single_union' } as const;

/**
 * The user whose memberships overlapped, read from the refusal's detail
 * ("Key (user_id, entity_id, …)=(12, 3, …) conflicts with existing key …"); undefined if not said.
 */
export function overlappingUserId(violation: ConstraintViolation): number | undefined {
  const match = violation.detail ? /\)=\((\d+), /.exec(violation.detail) : null;
  return match ? Number(match[1]) : undefined;
}

export type EntityRow = typeof entities.$inferSelect;
export type NewEntity = typeof entities.$inferInsert;
export type MembershipRecord = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;

/**
 * Current members of each entity, as a correlated count. The outer column is spelled out: inside the
 * subquery Drizzle would name it "id" alone, which would mean the membership's id.
 */
const memberCount = (today: string) =>
  sql<number>`(SELECT count(*)::int FROM ${memberships} WHERE ${memberships.entityId} = ${sql.raw('"entities"."id"')}
    AND (${memberships.debut} IS NULL OR ${memberships.debut} <= ${today})
    AND (${memberships.fin} IS NULL OR ${memberships.fin} >= ${today}))`;

/** A membership with the two sides the screens show. */
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

/**
 * Each entity's code and name, as a subquery for a query of another module that shows them per row
 * (compta's orders, the documents): it joins this instead of the entities table. PostgreSQL flattens it
 * into a plain join.
 */
export function entityNames(db: Executor) {
  return db
    .select({ id: entities.id, code: entities.code, nom: entities.nom })
    .from(entities)
    .as('entity_names');
}

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

const FRENCH = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const entitiesRepository = {
  /** Active entities where the user holds a current membership with the purpose's flag. */
  async forUser(db: Executor, userId: number, purpose: EntityPurpose, today: string) {
    return (
      db
        .selectDistinct({
          id: entities.id,
          code: entities.code,
          nom: entities.nom,
          type: entities.type,
          numero: entities.numero,
          ville: entities.ville,
          etat: entities.etat,
        })
        .from(entities)
        .innerJoin(memberships, eq(memberships.entityId, entities.id))
        .where(
          and(
            eq(memberships.userId, userId),
            eq(PURPOSE_FLAG[purpose], true),
            eq(entities.etat, 'A'),
            membershipIsCurrent(today),
          ),
        )
        // SELECT DISTINCT cannot order by an expression it does not select: these few rows are sorted here,
        // in the same French order.
        .then((rows) => rows.sort((a, b) => FRENCH.compare(a.nom, b.nom)))
    );
  },

  /**
   * Every active entity where the user holds a current membership, with the purposes it grants: one
   * read where a module needs several purposes at once (the restaurant on each call).
   */
  async purposesOfUser(db: Executor, userId: number, today: string) {
    const rows = await db
      .select({
        id: entities.id,
        nom: entities.nom,
        gestion: sql<boolean>`bool_or(${memberships.gestion})`,
        restauration: sql<boolean>`bool_or(${memberships.restauration})`,
        carteLoge: sql<boolean>`bool_or(${memberships.carteLoge})`,
      })
      .from(entities)
      .innerJoin(memberships, eq(memberships.entityId, entities.id))
      .where(and(eq(memberships.userId, userId), eq(entities.etat, 'A'), membershipIsCurrent(today)))
      .groupBy(entities.id);
    return rows.sort((a, b) => FRENCH.compare(a.nom, b.nom));
  },

  /**
   * The user's current memberships in one query: each entity, whether they manage it, whether it is the
   * Union. What `isUnionStaff`, `managedIds` and `memberOf` answer one by one, for a caller that needs
   * all three on every request (the documents' list).
   */
  async currentMemberships(
    db: Executor,
    userId: number,
    today: string,
  ): Promise<{ entityId: number; gestion: boolean; union: boolean }[]> {
    return db
      .select({
        entityId: memberships.entityId,
        gestion: memberships.gestion,
        union: sql<boolean>`${entities.type} = 'UN'`,
      })
      .from(memberships)
      .innerJoin(entities, eq(entities.id, memberships.entityId))
      .where(and(eq(memberships.userId, userId), membershipIsCurrent(today)));
  },

  /** Whether the user manages the Union (DECISIONS §1: Union staff). */
  async isUnionStaff(db: Executor, userId: number, today: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(memberships)
      .innerJoin(entities, eq(entities.id, memberships.entityId))
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.gestion, true),
          eq(entities.type, 'UN'),
          membershipIsCurrent(today),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Whether the user holds a current membership with `gestion` on the entity. */
  async manages(db: Executor, userId: number, entityId: number, today: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.entityId, entityId),
          eq(memberships.gestion, true),
          membershipIsCurrent(today),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** The ids of the entities the user manages today. */
  async managedIds(db: Executor, userId: number, today: string): Promise<Set<number>> {
    const rows = await db
      .selectDistinct({ id: memberships.entityId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.gestion, true), membershipIsCurrent(today)));
    return new Set(rows.map((r) => r.id));
  },

  /** The ids of the entities the user is a current member of (whatever the flags). */
  async memberOf(db: Executor, userId: number, today: string): Promise<Set<number>> {
    const rows = await db
      .selectDistinct({ id: memberships.entityId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), membershipIsCurrent(today)));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * Members of an entity on a day (compta's fee calls A, B, C): every person with a membership then,
   * whatever the state of their account (a membership always names an existing account: foreign key).
   */
  async membersOn(db: Executor, entityId: number, day: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(DISTINCT ${memberships.userId})::int` })
      .from(memberships)
      .where(
        and(
          eq(memberships.entityId, entityId),
          or(isNull(memberships.debut), lte(memberships.debut, day)),
          or(isNull(memberships.fin), gte(memberships.fin, day)),
        ),
      );
    return row!.n;
  },

  /** `membersOn` of several entities at once, by entity id (compta's fee table); absent means none. */
  async membersOnEach(db: Executor, entityIds: number[], day: string): Promise<Map<number, number>> {
    if (!entityIds.length) return new Map();
    const rows = await db
      .select({ entityId: memberships.entityId, n: sql<number>`count(DISTINCT ${memberships.userId})::int` })
      .from(memberships)
      .where(
        and(
          inArray(memberships.entityId, entityIds),
          or(isNull(memberships.debut), lte(memberships.debut, day)),
          or(isNull(memberships.fin), gte(memberships.fin, day)),
        ),
      )
      .groupBy(memberships.entityId);
    return new Map(rows.map((r) => [r.entityId, r.n]));
  },

  /** Members of an entity at any time between two days (compta's adjustment D counts the year). */
  async membersDuring(db: Executor, entityId: number, debut: string, fin: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(DISTINCT ${memberships.userId})::int` })
      .from(memberships)
      .where(
        and(
          eq(memberships.entityId, entityId),
          or(isNull(memberships.debut), lte(memberships.debut, fin)),
          or(isNull(memberships.fin), gte(memberships.fin, debut)),
        ),
      );
    return row!.n;
  },

  /** Every entity, with its current member count, by name. */
  async listAll(db: Executor, today: string) {
    return db
      .select({ entity: entities, nbMembres: memberCount(today) })
      .from(entities)
      .orderBy(...frenchOrder(entities.nom));
  },

  async findById(db: Executor, id: number, today: string) {
    const [row] = await db
      .select({ entity: entities, nbMembres: memberCount(today) })
      .from(entities)
      .where(eq(entities.id, id));
    return row;
  },

  /** One entity as stored: the one lookup other modules use (reservations, the import…). */
  async find(db: Executor, id: number): Promise<EntityRow | undefined> {
    const [row] = await db.select().from(entities).where(eq(entities.id, id));
    return row;
  },

  async findByCode(db: Executor, code: string): Promise<EntityRow | undefined> {
    const [row] = await db.select().from(entities).where(eq(entities.code, code));
    return row;
  },

  async findUnion(db: Executor): Promise<EntityRow | undefined> {
    const [row] = await db.select().from(entities).where(eq(entities.type, 'UN'));
    return row;
  },

  async insert(db: Executor, entity: NewEntity, at: Date): Promise<EntityRow> {
    const [row] = await db
      .insert(entities)
      .values({ ...entity, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`). */
  async update(db: Executor, id: number, changes: Partial<NewEntity>, at: Date): Promise<void> {
    await db
      .update(entities)
      .set({ ...changes, updatedAt: at })
      .where(eq(entities.id, id));
  },

  /** Entities that pay fees (compta): active, not the Union itself, by name; or only `entityId`. */
  async billable(db: Executor, entityId?: number): Promise<EntityRow[]> {
    return db
      .select()
      .from(entities)
      .where(
        and(
          eq(entities.etat, 'A'),
          sql`${entities.type} <> 'UN'`,
          entityId ? eq(entities.id, entityId) : undefined,
        ),
      )
      .orderBy(asc(entities.nom));
  },

  /** The active entities, all of them or only those of `ids`, by name (what a document may be published to). */
  async activeAmong(db: Executor, ids: ReadonlySet<number> | 'all') {
    return db
      .select({ id: entities.id, nom: entities.nom, type: entities.type })
      .from(entities)
      .where(
        and(
          eq(entities.etat, 'A'),
          ids === 'all' ? undefined : inArray(entities.id, ids.size > 0 ? [...ids] : [-1]),
        ),
      )
      .orderBy(entities.nom);
  },

  async namesByIds(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    return db.select({ id: entities.id, nom: entities.nom }).from(entities).where(inArray(entities.id, ids));
  },

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
