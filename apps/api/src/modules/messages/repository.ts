/** Broadcast messages, their audience and the per-person hidden flags: the only code touching them. */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messageEntities, messageHidden, messages } from '../../db/schema';
import { currentMemberships } from '../entities/current-members-repository';
import { entityRepository, entityNames } from '../entities/entity-repository';
import { activeUsers } from '../users/active-account-repository';

export type MessageRecord = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export interface MessageWithEntities extends MessageRecord {
  entites: { id: number; nom: string }[];
}

/** Shown today: active, in its window (Paris days, both ends included). */
const shownOn = (today: string) =>
  and(
    eq(messages.statut, 'A'),
    lte(messages.debut, today),
    or(isNull(messages.fin), gte(messages.fin, today)),
  );

/**
 * Addressed to the user: everyone, or one of the entities they are a current member of (the memberships'
 * owner's `currentMemberships`).
 */
const addressedTo = (db: Executor, userId: number, today: string) => {
  const member = currentMemberships(db, today);
  return or(
    eq(messages.tous, true),
    sql`EXISTS (SELECT 1 FROM ${messageEntities} JOIN ${member} ON ${member.entityId} = ${messageEntities.entityId}
      WHERE ${messageEntities.messageId} = ${messages.id} AND ${member.userId} = ${userId})`,
  );
};

async function withEntities(db: Executor, rows: MessageRecord[]): Promise<MessageWithEntities[]> {
  if (rows.length === 0) return [];
  const names = entityNames(db);
  const links = await db
    .select({ messageId: messageEntities.messageId, id: names.id, nom: names.nom })
    .from(messageEntities)
    .innerJoin(names, eq(names.id, messageEntities.entityId))
    .where(
      inArray(
        messageEntities.messageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(names.nom));
  return rows.map((r) => ({
    ...r,
    entites: links.filter((l) => l.messageId === r.id).map(({ id, nom }) => ({ id, nom })),
  }));
}

export const messagesRepository = {
  async all(db: Executor): Promise<MessageWithEntities[]> {
    return withEntities(
      db,
      await db.select().from(messages).orderBy(desc(messages.debut), desc(messages.id)),
    );
  },

  async find(db: Executor, id: number): Promise<MessageWithEntities | undefined> {
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    return row ? (await withEntities(db, [row]))[0] : undefined;
  },

  async lock(db: Executor, id: number): Promise<MessageRecord | undefined> {
    const [row] = await db.select().from(messages).where(eq(messages.id, id)).for('update');
    return row;
  },

  /** The active messages addressed to the user today that they have not hidden, gravest first. */
  async shownTo(db: Executor, userId: number, today: string): Promise<MessageRecord[]> {
    return db
      .select()
      .from(messages)
      .where(
        and(
          shownOn(today),
          addressedTo(db, userId, today),
          sql`NOT EXISTS (SELECT 1 FROM ${messageHidden} WHERE ${messageHidden.messageId} = ${messages.id}
            AND ${messageHidden.userId} = ${userId})`,
        ),
      )
      .orderBy(
        sql`CASE ${messages.niveau} WHEN 'danger' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END`,
        desc(messages.debut),
        desc(messages.id),
      );
  },

  async isShownTo(db: Executor, id: number, userId: number, today: string): Promise<boolean> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, id), shownOn(today), addressedTo(db, userId, today)));
    return row !== undefined;
  },

  async hide(db: Executor, messageId: number, userId: number): Promise<void> {
    await db.insert(messageHidden).values({ messageId, userId }).onConflictDoNothing();
  },

  async insert(db: Executor, message: NewMessage, at: Date): Promise<MessageRecord> {
    const [row] = await db
      .insert(messages)
      .values({ ...message, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`). */
  async update(db: Executor, id: number, changes: Partial<NewMessage>, at: Date): Promise<void> {
    await db
      .update(messages)
      .set({ ...changes, updatedAt: at })
      .where(eq(messages.id, id));
  },

  async setEntities(db: Executor, messageId: number, entityIds: number[]): Promise<void> {
    await db.delete(messageEntities).where(eq(messageEntities.messageId, messageId));
    if (entityIds.length > 0) {
      await db.insert(messageEntities).values(entityIds.map((entityId) => ({ messageId, entityId })));
    }
  },

  async remove(db: Executor, id: number): Promise<void> {
    await db.delete(messages).where(eq(messages.id, id));
  },

  async activeEntityIds(db: Executor, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await entityRepository.activeAmong(db, new Set(ids));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * The recipients of a message's e-mail: the active users of its audience (everyone, the current members
   * of a saved message's entities, or of entities being chosen) whose messages e-mails are on. The one
   * query both the count before sending and the sending use.
   */
  async audience(db: Executor, scope: Audience, today: string) {
    const person = activeUsers(db);
    const member = currentMemberships(db, today);
    const wantsMessages = eq(person.notificationMessages, true);
    const inAudience =
      'tous' in scope
        ? undefined
        : 'messageId' in scope
          ? sql`EXISTS (SELECT 1 FROM ${messageEntities} JOIN ${member} ON ${member.entityId} = ${messageEntities.entityId}
              WHERE ${messageEntities.messageId} = ${scope.messageId} AND ${member.userId} = ${person.id})`
          : scope.entityIds.length === 0
            ? sql`false`
            : sql`EXISTS (SELECT 1 FROM ${member} WHERE ${member.userId} = ${person.id}
              AND ${inArray(member.entityId, scope.entityIds)})`;
    return db
      .select({ id: person.id, prenom: person.prenom, email: person.email })
      .from(person)
      .where(and(wantsMessages, inAudience))
      .orderBy(person.id);
  },
};

/** Whom a message addresses: everyone, a saved message's entities, or entities being chosen. */
export type Audience = { tous: true } | { messageId: number } | { entityIds: number[] };
