/** The SEPA mandates and batches (issue 34 §4): the only place that reads and writes them. */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountingOrders, sepaBatches, sepaBatchLines, sepaMandates } from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';

export type MandateRow = typeof sepaMandates.$inferSelect;
export type BatchRow = typeof sepaBatches.$inferSelect;

const lineColumns = (names: ReturnType<typeof entityNames>) => ({
  id: sepaBatchLines.id,
  batchId: sepaBatchLines.batchId,
  entityId: sepaBatchLines.entityId,
  entite: names.nom,
  orderId: sepaBatchLines.orderId,
  numeroFacture: accountingOrders.numeroFacture,
  objet: accountingOrders.objet,
  montant: sepaBatchLines.montant,
  sequence: sepaBatchLines.sequence,
  rum: sepaMandates.rum,
  dateSignature: sepaMandates.dateSignature,
  debiteur: sepaMandates.debiteur,
  iban: sepaMandates.iban,
  bic: sepaMandates.bic,
  mandateId: sepaBatchLines.mandateId,
  paymentId: sepaBatchLines.paymentId,
  motifRetour: sepaBatchLines.motifRetour,
  retourLe: sepaBatchLines.retourLe,
});

export const sepaRepository = {
  async mandates(db: Executor) {
    const names = entityNames(db);
    return db
      .select({ mandate: sepaMandates, entite: names.nom })
      .from(sepaMandates)
      .innerJoin(names, eq(names.id, sepaMandates.entityId))
      .orderBy(asc(names.nom), desc(sepaMandates.id));
  },

  async mandate(db: Executor, id: number) {
    const names = entityNames(db);
    const [row] = await db
      .select({ mandate: sepaMandates, entite: names.nom })
      .from(sepaMandates)
      .innerJoin(names, eq(names.id, sepaMandates.entityId))
      .where(eq(sepaMandates.id, id));
    return row;
  },

  /** The mandate row locked, so a revocation and a batch do not cross. */
  async lockMandate(db: Executor, id: number): Promise<MandateRow | undefined> {
    const [row] = await db.select().from(sepaMandates).where(eq(sepaMandates.id, id)).for('update');
    return row;
  },

  async insertMandate(db: Executor, row: typeof sepaMandates.$inferInsert): Promise<MandateRow> {
    const [inserted] = await db.insert(sepaMandates).values(row).returning();
    return inserted!;
  },

  async updateMandate(db: Executor, id: number, set: Partial<typeof sepaMandates.$inferInsert>) {
    await db.update(sepaMandates).set(set).where(eq(sepaMandates.id, id));
  },

  /** The entity's live mandate (not revoked), if any. */
  async liveMandateOf(db: Executor, entityId: number): Promise<MandateRow | undefined> {
    const [row] = await db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.entityId, entityId), isNull(sepaMandates.revoqueLe)));
    return row;
  },

  /**
   * The issued invoices still due of the entities with a live mandate signed by `today`, not in a live
   * batch, locked (a payment recorded meanwhile waits for the batch): optionally those of one fee call.
   */
  async debitable(db: Executor, today: string, call?: { annee: number; tranche: 'A' | 'B' | 'C' }) {
    const live = db
      .select({ orderId: sepaBatchLines.orderId })
      .from(sepaBatchLines)
      .where(eq(sepaBatchLines.actif, true));
    const names = entityNames(db);
    return db
      .select({
        orderId: accountingOrders.id,
        numeroFacture: accountingOrders.numeroFacture,
        objet: accountingOrders.objet,
        du: sql<number>`(${accountingOrders.total} - ${accountingOrders.regle})::int`,
        entityId: accountingOrders.entityId,
        entite: names.nom,
        mandateId: sepaMandates.id,
        sequence: sepaMandates.sequence,
        rum: sepaMandates.rum,
        dateSignature: sepaMandates.dateSignature,
      })
      .from(accountingOrders)
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .leftJoin(
        sepaMandates,
        and(
          eq(sepaMandates.entityId, accountingOrders.entityId),
          isNull(sepaMandates.revoqueLe),
          sql`${sepaMandates.dateSignature} <= ${today}`,
        ),
      )
      .where(
        and(
          eq(accountingOrders.etat, 'FE'),
          isNotNull(accountingOrders.numeroFacture),
          gt(accountingOrders.total, accountingOrders.regle),
          notInArray(accountingOrders.id, live),
          ...(call
            ? [
                eq(accountingOrders.type, 'A'),
                eq(accountingOrders.annee, call.annee),
                eq(accountingOrders.tranche, call.tranche),
              ]
            : []),
        ),
      )
      .orderBy(asc(names.nom), asc(accountingOrders.id))
      .for('update', { of: accountingOrders });
  },

  async insertBatch(db: Executor, row: typeof sepaBatches.$inferInsert): Promise<BatchRow> {
    const [inserted] = await db.insert(sepaBatches).values(row).returning();
    return inserted!;
  },

  async insertLines(db: Executor, rows: (typeof sepaBatchLines.$inferInsert)[]) {
    if (rows.length) await db.insert(sepaBatchLines).values(rows);
  },

  async batches(db: Executor): Promise<BatchRow[]> {
    return db.select().from(sepaBatches).orderBy(desc(sepaBatches.id));
  },

  async batch(db: Executor, id: number): Promise<BatchRow | undefined> {
    const [row] = await db.select().from(sepaBatches).where(eq(sepaBatches.id, id));
    return row;
  },

  async lockBatch(db: Executor, id: number): Promise<BatchRow | undefined> {
    const [row] = await db.select().from(sepaBatches).where(eq(sepaBatches.id, id)).for('update');
    return row;
  },

  async linesOf(db: Executor, batchIds: number[]) {
    if (!batchIds.length) return [];
    const names = entityNames(db);
    return db
      .select(lineColumns(names))
      .from(sepaBatchLines)
      .innerJoin(names, eq(names.id, sepaBatchLines.entityId))
      .innerJoin(accountingOrders, eq(accountingOrders.id, sepaBatchLines.orderId))
      .innerJoin(sepaMandates, eq(sepaMandates.id, sepaBatchLines.mandateId))
      .where(inArray(sepaBatchLines.batchId, batchIds))
      .orderBy(asc(names.nom), asc(sepaBatchLines.id));
  },

  /** Debits by their ids, as `linesOf` reads them. */
  async linesOfIds(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    const names = entityNames(db);
    return db
      .select(lineColumns(names))
      .from(sepaBatchLines)
      .innerJoin(names, eq(names.id, sepaBatchLines.entityId))
      .innerJoin(accountingOrders, eq(accountingOrders.id, sepaBatchLines.orderId))
      .innerJoin(sepaMandates, eq(sepaMandates.id, sepaBatchLines.mandateId))
      .where(inArray(sepaBatchLines.id, ids));
  },

  /** Moves the batch from prepared to `etat`; false when it was not prepared any more. */
  async leavePrepared(db: Executor, id: number, set: { etat: 'T' | 'A'; transmisLe?: Date }) {
    const moved = await db
      .update(sepaBatches)
      .set(set)
      .where(and(eq(sepaBatches.id, id), eq(sepaBatches.etat, 'P')))
      .returning({ id: sepaBatches.id });
    return moved.length > 0;
  },

  async freeLines(db: Executor, batchId: number) {
    await db.update(sepaBatchLines).set({ actif: false }).where(eq(sepaBatchLines.batchId, batchId));
  },

  /** After a first debit is sent: its mandates' next debits are recurrent. */
  async mandatesRecurrent(db: Executor, mandateIds: number[], at: Date) {
    if (!mandateIds.length) return;
    await db
      .update(sepaMandates)
      .set({ sequence: 'RCUR', updatedAt: at })
      .where(and(inArray(sepaMandates.id, mandateIds), eq(sepaMandates.sequence, 'FRST')));
  },

  /** A lodge's debits (lines of batches not cancelled, and those the bank returned), latest first. */
  async debitsOf(db: Executor, entityId: number) {
    return db
      .select({
        datePrelevement: sepaBatches.datePrelevement,
        etat: sepaBatches.etat,
        numeroFacture: accountingOrders.numeroFacture,
        montant: sepaBatchLines.montant,
        motifRetour: sepaBatchLines.motifRetour,
        retourLe: sepaBatchLines.retourLe,
      })
      .from(sepaBatchLines)
      .innerJoin(sepaBatches, eq(sepaBatches.id, sepaBatchLines.batchId))
      .innerJoin(accountingOrders, eq(accountingOrders.id, sepaBatchLines.orderId))
      .where(
        and(
          eq(sepaBatchLines.entityId, entityId),
          or(eq(sepaBatchLines.actif, true), isNotNull(sepaBatchLines.motifRetour)),
        ),
      )
      .orderBy(desc(sepaBatches.datePrelevement), desc(sepaBatchLines.id));
  },

  /** The batches in `etats` with their debits still live (sent: to collect; collected: their debits may come back). */
  async batchesIn(db: Executor, etats: BatchRow['etat'][]) {
    const batches = await db
      .select()
      .from(sepaBatches)
      .where(inArray(sepaBatches.etat, etats))
      .orderBy(asc(sepaBatches.datePrelevement), asc(sepaBatches.id));
    const lines = await sepaRepository.linesOf(
      db,
      batches.map((b) => b.id),
    );
    return batches.map((b) => ({
      batch: b,
      lines: lines.filter((l) => l.batchId === b.id && !l.motifRetour),
    }));
  },

  /** The debit (a batch's line) locked, so two returns of it queue. */
  async lockLine(db: Executor, id: number) {
    const [row] = await db.select().from(sepaBatchLines).where(eq(sepaBatchLines.id, id)).for('update');
    return row;
  },

  /** Moves a sent batch to collected; false when it was not sent (any more). */
  async markCollected(db: Executor, id: number) {
    const moved = await db
      .update(sepaBatches)
      .set({ etat: 'E' })
      .where(and(eq(sepaBatches.id, id), eq(sepaBatches.etat, 'T')))
      .returning({ id: sepaBatches.id });
    return moved.length > 0;
  },

  /** The payment the collection recorded for a debit. */
  async setPayment(db: Executor, lineId: number, paymentId: number) {
    await db.update(sepaBatchLines).set({ paymentId }).where(eq(sepaBatchLines.id, lineId));
  },

  /** A debit returned: its reason and day kept, no longer live (its invoice may be debited again); false if it was already. */
  async markReturned(db: Executor, lineId: number, motifRetour: string, retourLe: string) {
    const rows = await db
      .update(sepaBatchLines)
      .set({ motifRetour, retourLe, actif: false })
      .where(and(eq(sepaBatchLines.id, lineId), isNull(sepaBatchLines.motifRetour)))
      .returning({ id: sepaBatchLines.id });
    return rows.length > 0;
  },
};
