/**
 * What the user's current memberships let them do: the entities they may reserve for, manage, order
 * meals for, and whether they are Union staff (the policies' and the services' lookups).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { EntityPurpose } from '@union/contract';
import type { Executor } from '../../db/client';
import { entities, memberships } from '../../db/schema';
import { membershipIsCurrent } from './current-members-repository';

const PURPOSE_FLAG = {
  reservation: memberships.reservation,
  gestion: memberships.gestion,
  restauration: memberships.restauration,
  carte_loge: memberships.carteLoge,
} as const;

const FRENCH = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const memberRightsRepository = {
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
};
