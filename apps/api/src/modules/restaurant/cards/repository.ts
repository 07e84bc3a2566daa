/**
 * The only code touching the cards' tables: cards and their ledger, top-ups and the per-day transaction
 * counter. Other modules (users' GDPR export) call it.
 */
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cardMovements, cards, topUpDigestRuns, userPayments } from '../../../db/schema';
import { TIME_ZONE } from '../../../lib/dates';
import { entityNames } from '../../entities/entity-repository';
import { userIdentities } from '../../users/identities';

export type TopUpRecord = typeof userPayments.$inferSelect;
export type MovementRecord = typeof cardMovements.$inferSelect;
/** A movement as the ledger shows it (`ledgerColumns`): with the name of who wrote it. */
export type MovementRow = Pick<MovementRecord, keyof typeof ledgerColumns> & {
  auteurNom: string | null;
  auteurPrenom: string | null;
};

/** Waiting for the treasurer's validation: paid (P) or taken into account (R). */
const WAITING: TopUpRecord['etat'][] = ['P', 'R'];

export type CardOwner = { userId: number } | { entityId: number };

/** Card balances by owner (no card yet: absent, i.e. zero). */
export interface Balances {
  users: Map<number, number>;
  entities: Map<number, number>;
}

export const cardsRepository = {
  /**
   * The owner's card, created on first use, its row locked until the transaction ends: every debit
   * reads the balance and writes its movement under this lock, so two payments on one card queue and
   * the second sees the first's movement (no card goes negative).
   */
  async lockCard(db: Executor, owner: CardOwner, at: Date): Promise<number> {
    const lock = () =>
      db
        .select({ id: cards.id })
        .from(cards)
        .where('userId' in owner ? eq(cards.userId, owner.userId) : eq(cards.entityId, owner.entityId))
        .for('update');
    const [existing] = await lock();
    if (existing) return existing.id;
    // First use: created (or created at this instant by another payment, then ours does nothing), locked.
    const values = 'userId' in owner ? { userId: owner.userId } : { entityId: owner.entityId };
    await db
      .insert(cards)
      .values({ ...values, createdAt: at })
      .onConflictDoNothing();
    const [row] = await lock();
    return row!.id;
  },

  async balance(db: Executor, cardId: number): Promise<number> {
    const [row] = await db
      .select({ solde: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int` })
      .from(cardMovements)
      .where(eq(cardMovements.cardId, cardId));
    return row!.solde;
  },

  /** Balances of the cards of these users and entities (no card yet: absent, i.e. zero). */
  async balancesOf(db: Executor, userIds: number[], entityIds: number[]): Promise<Balances> {
    const conditions = [
      ...(userIds.length ? [inArray(cards.userId, userIds)] : []),
      ...(entityIds.length ? [inArray(cards.entityId, entityIds)] : []),
    ];
    if (conditions.length === 0)
      return { users: new Map<number, number>(), entities: new Map<number, number>() };
    return cardsRepository.balancesWhere(db, or(...conditions));
  },

  async balancesWhere(db: Executor, where: SQL | undefined): Promise<Balances> {
    const rows = await db
      .select({
        userId: cards.userId,
        entityId: cards.entityId,
        solde: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int`,
      })
      .from(cards)
      .leftJoin(cardMovements, eq(cardMovements.cardId, cards.id))
      .where(where)
      .groupBy(cards.id);
    const result: Balances = { users: new Map(), entities: new Map() };
    for (const r of rows) {
      if (r.userId !== null) result.users.set(r.userId, r.solde);
      if (r.entityId !== null) result.entities.set(r.entityId, r.solde);
    }
    return result;
  },

  /**
   * Balances of the cards of these payers (subqueries of user and entity ids, e.g. the orders of some
   * meals: `orderPayersOfMeals`), read without a list of ids.
   */
  async balancesOfPayers(
    db: Executor,
    payers: { users: SQLWrapper; entities: SQLWrapper },
  ): Promise<Balances> {
    return cardsRepository.balancesWhere(
      db,
      or(inArray(cards.userId, payers.users), inArray(cards.entityId, payers.entities)),
    );
  },

  /** Writes a movement; cards/books.ts is its one caller, which posts it to the books. */
  async insertMovement(db: Executor, m: typeof cardMovements.$inferInsert, at: Date): Promise<number> {
    const [row] = await db
      .insert(cardMovements)
      .values({ ...m, createdAt: at })
      .returning({ id: cardMovements.id });
    return row!.id;
  },

  /** The movements of the cards topped up online (R, a top-up paid to the card provider). */
  async onlineTopUpIds(db: Executor): Promise<number[]> {
    const rows = await db
      .select({ id: cardMovements.id })
      .from(cardMovements)
      .where(eq(cardMovements.type, 'R'));
    return rows.map((r) => r.id);
  },

  /** The card's holder as the books name it: « Prénom Nom » or the lodge's name. */
  async holderName(db: Executor, cardId: number): Promise<string> {
    const person = userIdentities(db);
    const entity = entityNames(db);
    const [row] = await db
      .select({ nom: person.nom, prenom: person.prenom, entite: entity.nom })
      .from(cards)
      .leftJoin(person, eq(person.id, cards.userId))
      .leftJoin(entity, eq(entity.id, cards.entityId))
      .where(eq(cards.id, cardId));
    return row?.entite ?? `${row?.prenom ?? ''} ${row?.nom ?? ''}`.trim();
  },

  /** The last debit of an order not yet reversed: what "undo the payment" re-credits. */
  async lastDebitOf(db: Executor, orderId: number): Promise<MovementRecord | undefined> {
    const [row] = await db
      .select()
      .from(cardMovements)
      .where(and(eq(cardMovements.orderId, orderId), eq(cardMovements.type, 'P')))
      .orderBy(desc(cardMovements.id))
      .limit(1);
    return row;
  },

  /** The user's card's movements, newest first, each with its author's name (null: the system's). */
  async movementsOfUser(db: Executor, userId: number): Promise<MovementRow[]> {
    const author = userIdentities(db);
    return db
      .select({ ...ledgerColumns, auteurNom: author.nom, auteurPrenom: author.prenom })
      .from(cardMovements)
      .innerJoin(cards, eq(cards.id, cardMovements.cardId))
      .leftJoin(author, eq(author.id, cardMovements.authorId))
      .where(eq(cards.userId, userId))
      .orderBy(desc(cardMovements.id));
  },

  async balanceOfUser(db: Executor, userId: number): Promise<number> {
    const [row] = await db
      .select({ solde: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int` })
      .from(cardMovements)
      .innerJoin(cards, eq(cards.id, cardMovements.cardId))
      .where(eq(cards.userId, userId));
    return row!.solde;
  },

  /**
   * The cards of these holders (a subquery of user ids: a lodge's current members, `currentMembersOf`):
   * their balances in total and how many cards they are (issue 33, the lodge's dashboard).
   */
  async totalOfHolders(db: Executor, userIds: SQLWrapper): Promise<{ total: number; porteurs: number }> {
    const [row] = await db
      .select({
        total: sql<number>`coalesce(sum(${cardMovements.montant}), 0)::int`,
        porteurs: sql<number>`count(DISTINCT ${cards.id})::int`,
      })
      .from(cards)
      .leftJoin(cardMovements, eq(cardMovements.cardId, cards.id))
      .where(inArray(cards.userId, userIds));
    return row!;
  },

  // --- Top-ups ----------------------------------------------------------------------------------

  async insertTopUp(db: Executor, p: typeof userPayments.$inferInsert, at: Date): Promise<TopUpRecord> {
    const [row] = await db
      .insert(userPayments)
      .values({ ...p, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  async findTopUp(db: Executor, id: number): Promise<TopUpRecord | undefined> {
    const [row] = await db.select().from(userPayments).where(eq(userPayments.id, id));
    return row;
  },

  /** The top-up, its row locked: one notification or decision at a time changes it. */
  async lockTopUp(db: Executor, id: number): Promise<TopUpRecord | undefined> {
    const [row] = await db.select().from(userPayments).where(eq(userPayments.id, id)).for('update');
    return row;
  },

  async setTopUpState(
    db: Executor,
    id: number,
    changes: { etat: TopUpRecord['etat']; providerStatus?: string },
    at: Date,
  ): Promise<void> {
    await db
      .update(userPayments)
      .set({ ...changes, updatedAt: at })
      .where(eq(userPayments.id, id));
  },

  /** How many top-ups wait for validation: paid (P) or taken into account (R). */
  async countWaiting(db: Executor): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userPayments)
      .where(inArray(userPayments.etat, WAITING));
    return row!.n;
  },

  /** What the member's top-ups waiting for validation add up to: paid, not yet on the card's ledger. */
  async waitingAmountOfUser(db: Executor, userId: number): Promise<number> {
    const [row] = await db
      .select({ montant: sql<number>`coalesce(sum(${userPayments.montant}), 0)::int` })
      .from(userPayments)
      .where(and(eq(userPayments.userId, userId), inArray(userPayments.etat, WAITING)));
    return row!.montant;
  },

  /** The top-ups waiting for validation, oldest first (the daily e-mail's list). */
  async waiting(db: Executor, limit: number) {
    const person = userIdentities(db);
    return db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(inArray(userPayments.etat, WAITING))
      .orderBy(asc(userPayments.createdAt), asc(userPayments.id))
      .limit(limit);
  },

  /**
   * Top-ups still « en cours de paiement » created before `before` become E (expired), in one statement:
   * a notification holding a top-up's row lock makes this wait, and then finds it no longer in C.
   */
  async expireAbandoned(db: Executor, before: Date, at: Date) {
    return db
      .update(userPayments)
      .set({ etat: 'E', updatedAt: at })
      .where(and(eq(userPayments.etat, 'C'), lt(userPayments.createdAt, before)))
      .returning({ id: userPayments.id, montant: userPayments.montant });
  },

  /** Claims today's digest: the first instance's insert wins (primary key), the others skip. */
  async claimDigest(db: Executor, jour: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(topUpDigestRuns)
      .values({ jour, debut: at })
      .onConflictDoNothing()
      .returning({ jour: topUpDigestRuns.jour });
    return rows.length === 1;
  },

  async finishDigest(db: Executor, jour: string, at: Date, enAttente: number, destinataires: number) {
    await db
      .update(topUpDigestRuns)
      .set({ fin: at, enAttente, destinataires })
      .where(eq(topUpDigestRuns.jour, jour));
  },

  async searchTopUps(
    db: Executor,
    criteria: { etats?: TopUpRecord['etat'][]; userId?: number; debut?: string; fin?: string },
  ) {
    const conditions = [
      ...(criteria.etats?.length ? [inArray(userPayments.etat, criteria.etats)] : []),
      ...(criteria.userId ? [eq(userPayments.userId, criteria.userId)] : []),
      ...(criteria.debut
        ? [sql`(${userPayments.createdAt} AT TIME ZONE ${TIME_ZONE})::date >= ${criteria.debut}`]
        : []),
      ...(criteria.fin
        ? [sql`(${userPayments.createdAt} AT TIME ZONE ${TIME_ZONE})::date <= ${criteria.fin}`]
        : []),
    ];
    const person = userIdentities(db);
    return db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(userPayments.id))
      .limit(500);
  },

  async topUpsOfUser(db: Executor, userId: number) {
    const person = userIdentities(db);
    return db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(eq(userPayments.userId, userId))
      .orderBy(desc(userPayments.id));
  },

  async findTopUpWithPerson(db: Executor, id: number) {
    const person = userIdentities(db);
    const [row] = await db
      .select({ payment: userPayments, nom: person.nom, prenom: person.prenom, email: person.email })
      .from(userPayments)
      .innerJoin(person, eq(person.id, userPayments.userId))
      .where(eq(userPayments.id, id));
    return row;
  },
};

/**
 * What the ledger shows of a movement, and no more: a member's card holds thousands of them, read whole on
 * every visit of the card page, and each column is parsed on each row (issue 18: six columns instead of
 * twelve read 2,000 movements about a tenth faster).
 */
const ledgerColumns = {
  id: cardMovements.id,
  type: cardMovements.type,
  montant: cardMovements.montant,
  authorId: cardMovements.authorId,
  libelle: cardMovements.libelle,
  createdAt: cardMovements.createdAt,
};
