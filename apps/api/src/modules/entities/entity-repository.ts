/** The entity record: each lodge, association or the Union, as stored and as listed. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { frenchOrder } from '../../db/french-order';
import { entities, memberships } from '../../db/schema';

/** The unique indexes of the entities table: one entity per code, one Union. */
export const ENTITY_UNIQUE = { code: 'entities_code_key', union: 'entities_single_union' } as const;

export type EntityRow = typeof entities.$inferSelect;
export type NewEntity = typeof entities.$inferInsert;

/**
 * Current members of each entity, as a correlated count. The outer column is spelled out: inside the
 * subquery Drizzle would name it "id" alone, which would mean the membership's id.
 */
const memberCount = (today: string) =>
  sql<number>`(SELECT count(*)::int FROM ${memberships} WHERE ${memberships.entityId} = ${sql.raw('"entities"."id"')}
    AND (${memberships.debut} IS NULL OR ${memberships.debut} <= ${today})
    AND (${memberships.fin} IS NULL OR ${memberships.fin} >= ${today}))`;

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

export const entityRepository = {
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
};
