/**
 * The card desk's tables (issue 21): till sessions, and the desk's own reads of the cards' ledger (a
 * session's movements, a receipt's movement, the balances at a date). Writes to the ledger itself go
 * through cards/repository.
 */
import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cardMovements, cards, tillSessions } from '../../../db/schema';
import { TIME_ZONE } from '../../../lib/dates';
import { entityNames } from '../../entities/entity-repository';
import { userIdentities } from '../../users/identities';

export type TillSessionRecord = typeof tillSessions.$inferSelect;

/** A session's sums: cash and cheques received, bar sales (positive cents). */
export interface SessionTotals {
  especes: number;
  cheques: number;
  nombreCheques: number;
  ventes: number;
}

export interface DeskMovementRow {
  id: number;
  createdAt: Date;
  type: (typeof cardMovements.$inferSelect)['type'];
  montant: number;
  moyen: (typeof cardMovements.$inferSelect)['moyen'];
  reference: string | null;
  libelle: string;
  tillSessionId: number | null;
  userId: number | null;
  entityId: number | null;
  titulaireNom: string | null;
  titulairePrenom: string | null;
  entiteNom: string | null;
  authorId: number | null;
  auteurNom: string | null;
  auteurPrenom: string | null;
  soldeApres: number;
}

/** The card's owner as people read it: « Prénom Nom » or the lodge's name. */
export const holderOf = (row: {
  titulaireNom: string | null;
  titulairePrenom: string | null;
  entiteNom: string | null;
}) => row.entiteNom ?? `${row.titulairePrenom ?? ''} ${row.titulaireNom ?? ''}`.trim();

function movementQuery(db: Executor) {
  const holder = userIdentities(db);
  const author = userIdentities(db, 'movement_authors');
  const entity = entityNames(db);
  const later = sql.raw('later');
  return db
    .select({
      id: cardMovements.id,
      createdAt: cardMovements.createdAt,
      type: cardMovements.type,
      montant: cardMovements.montant,
      moyen: cardMovements.moyen,
      reference: cardMovements.reference,
      libelle: cardMovements.libelle,
      tillSessionId: cardMovements.tillSessionId,
      userId: cards.userId,
      entityId: cards.entityId,
      titulaireNom: holder.nom,
      titulairePrenom: holder.prenom,
      entiteNom: entity.nom,
      authorId: cardMovements.authorId,
      auteurNom: author.nom,
      auteurPrenom: author.prenom,
      // The card's balance once this movement is written: its own and every earlier one.
      soldeApres: sql<number>`(SELECT coalesce(sum(${later}.montant), 0)::int FROM card_movements ${later}
        WHERE ${later}.card_id = ${cardMovements.cardId} AND ${later}.id <= ${cardMovements.id})`,
    })
    .from(cardMovements)
    .innerJoin(cards, eq(cards.id, cardMovements.cardId))
    .leftJoin(holder, eq(holder.id, cards.userId))
    .leftJoin(entity, eq(entity.id, cards.entityId))
    .leftJoin(author, eq(author.id, cardMovements.authorId));
}

export const deskRepository = {
  async insertSession(
    db: Executor,
    s: { caisse: TillSessionRecord['caisse']; fondInitial: number; openedBy: number },
    at: Date,
  ): Promise<TillSessionRecord> {
    const [row] = await db
      .insert(tillSessions)
      .values({ ...s, openedAt: at })
      .returning();
    return row!;
  },

  /** The session, its row locked: a movement and the close queue on it, so none lands after the close. */
  async lockSession(db: Executor, id: number): Promise<TillSessionRecord | undefined> {
    const [row] = await db.select().from(tillSessions).where(eq(tillSessions.id, id)).for('update');
    return row;
  },

  async closeSession(
    db: Executor,
    id: number,
    c: { closedBy: number; attendu: number; compte: number; motif: string | null },
    at: Date,
  ): Promise<void> {
    await db
      .update(tillSessions)
      .set({ ...c, closedAt: at })
      .where(eq(tillSessions.id, id));
  },

  /** Sessions, newest first, with who opened and closed them (only the open ones, or one, when asked). */
  async listSessions(db: Executor, onlyOpen: boolean, id?: number) {
    const opener = userIdentities(db);
    const closer = userIdentities(db, 'session_closers');
    return db
      .select({
        session: tillSessions,
        ouvreurNom: opener.nom,
        ouvreurPrenom: opener.prenom,
        clotureurNom: closer.nom,
        clotureurPrenom: closer.prenom,
      })
      .from(tillSessions)
      .innerJoin(opener, eq(opener.id, tillSessions.openedBy))
      .leftJoin(closer, eq(closer.id, tillSessions.closedBy))
      .where(
        and(
          onlyOpen ? isNull(tillSessions.closedAt) : undefined,
          id === undefined ? undefined : eq(tillSessions.id, id),
        ),
      )
      .orderBy(desc(tillSessions.id))
      .limit(200);
  },

  /** Each listed session's sums (absent: nothing recorded yet). */
  async totalsOf(db: Executor, sessionIds: number[]): Promise<Map<number, SessionTotals>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: cardMovements.tillSessionId,
        especes: sql<number>`coalesce(sum(${cardMovements.montant}) FILTER (WHERE ${cardMovements.moyen} = 'E'), 0)::int`,
        cheques: sql<number>`coalesce(sum(${cardMovements.montant}) FILTER (WHERE ${cardMovements.moyen} = 'C'), 0)::int`,
        nombreCheques: sql<number>`count(*) FILTER (WHERE ${cardMovements.moyen} = 'C')::int`,
        ventes: sql<number>`coalesce(-sum(${cardMovements.montant}) FILTER (WHERE ${cardMovements.type} = 'V'), 0)::int`,
      })
      .from(cardMovements)
      .where(
        sql`${cardMovements.tillSessionId} IN (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .groupBy(cardMovements.tillSessionId);
    return new Map(rows.map(({ id, ...totals }) => [id!, totals]));
  },

  async movementsOfSession(db: Executor, sessionId: number): Promise<DeskMovementRow[]> {
    return movementQuery(db).where(eq(cardMovements.tillSessionId, sessionId)).orderBy(asc(cardMovements.id));
  },

  async findMovement(db: Executor, id: number): Promise<DeskMovementRow | undefined> {
    const [row] = await movementQuery(db).where(eq(cardMovements.id, id));
    return row;
  },

  /** Cards staff may use at the desk: people and entities whose name holds the text, with their balance. */
  async searchOwners(db: Executor, text: string) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const person = userIdentities(db);
    const people = await db
      .select({ id: person.id, nom: person.nom, prenom: person.prenom })
      .from(person)
      .where(
        and(
          eq(person.etat, 'A'),
          or(
            ilike(person.nom, pattern),
            ilike(person.prenom, pattern),
            ilike(sql`${person.prenom} || ' ' || ${person.nom}`, pattern),
          ),
        ),
      )
      .orderBy(asc(person.nom), asc(person.prenom))
      .limit(20);
    const entity = entityNames(db);
    const lodges = await db
      .select({ id: entity.id, nom: entity.nom })
      .from(entity)
      .where(ilike(entity.nom, pattern))
      .orderBy(asc(entity.nom))
      .limit(20);
    return { people, lodges };
  },

  /** Whether the person (active) or the entity exists: a card may be opened for it. */
  async ownerExists(db: Executor, owner: { userId: number } | { entityId: number }): Promise<boolean> {
    if ('userId' in owner) {
      const person = userIdentities(db);
      const [row] = await db
        .select({ id: person.id })
        .from(person)
        .where(and(eq(person.id, owner.userId), eq(person.etat, 'A')));
      return row !== undefined;
    }
    const entity = entityNames(db);
    const [row] = await db.select({ id: entity.id }).from(entity).where(eq(entity.id, owner.entityId));
    return row !== undefined;
  },

  /**
   * Every card's balance at the end of a Paris day, from the ledger (movements written that day or
   * before), with its owner's name; cards at zero are left out.
   */
  async balancesAt(db: Executor, day: string) {
    const holder = userIdentities(db);
    const entity = entityNames(db);
    const solde = sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int`;
    return db
      .select({
        userId: cards.userId,
        entityId: cards.entityId,
        titulaireNom: holder.nom,
        titulairePrenom: holder.prenom,
        entiteNom: entity.nom,
        solde,
      })
      .from(cards)
      .innerJoin(cardMovements, eq(cardMovements.cardId, cards.id))
      .leftJoin(holder, eq(holder.id, cards.userId))
      .leftJoin(entity, eq(entity.id, cards.entityId))
      .where(sql`(${cardMovements.createdAt} AT TIME ZONE ${TIME_ZONE})::date <= ${day}`)
      .groupBy(cards.id, holder.nom, holder.prenom, entity.nom)
      .having(sql`sum(${cardMovements.montant}) <> 0`)
      .orderBy(asc(entity.nom), asc(holder.nom), asc(holder.prenom));
  },
};
