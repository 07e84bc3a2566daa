/**
 * The money of an entity's account (migration 0024): payments received, their counter-entries, refunds,
 * and the allocations that move a payment's or a credit note's money to the invoices it settles. The
 * sums that limit them (`regle`, `affecte`, `credite`) are kept by triggers and bounded by CHECKs, so a
 * race meets the database; the services lock the rows first so the treasurer reads a clear sentence.
 */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  accountingAllocations,
  accountingCreditNotes,
  accountingOrders,
  accountingPayments,
} from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';

export type PaymentRow = typeof accountingPayments.$inferSelect;
export type NewPayment = typeof accountingPayments.$inferInsert;

/** A source of the entity's credit: a received payment not reversed, or a credit note, with what is left of it. */
export interface CreditSource {
  kind: 'payment' | 'creditNote';
  id: number;
  reste: number;
}

export const paymentsRepository = {
  /** The payments that settle (or settled) an order: each with what it settles of this order. */
  async payments(db: Executor, orderId: number) {
    const reversal = db
      .select({ id: accountingPayments.id, contrePasseId: accountingPayments.contrePasseId })
      .from(accountingPayments)
      .where(eq(accountingPayments.nature, 'C'))
      .as('reversal');
    return db
      .select({
        id: accountingPayments.id,
        nature: accountingPayments.nature,
        mode: accountingPayments.mode,
        date: accountingPayments.date,
        reference: accountingPayments.reference,
        montantTotal: accountingPayments.montant,
        motif: accountingPayments.motif,
        montant: sql<number>`coalesce(sum(${accountingAllocations.montant}) FILTER (WHERE ${accountingAllocations.montant} > 0), 0)::int`,
        contrePasse: sql<boolean>`bool_or(${reversal.id} IS NOT NULL)`,
      })
      .from(accountingAllocations)
      .innerJoin(accountingPayments, eq(accountingPayments.id, accountingAllocations.paymentId))
      .leftJoin(reversal, eq(reversal.contrePasseId, accountingPayments.id))
      .where(eq(accountingAllocations.orderId, orderId))
      .groupBy(accountingPayments.id)
      .orderBy(asc(accountingPayments.date), asc(accountingPayments.id));
  },

  /**
   * The counter-entries of payments that settled an order: one line each, negative (their allocations
   * sit on the reversed payment, the counter-entry itself is the row that says when and why).
   */
  async reversalsOf(db: Executor, orderId: number) {
    const settled = db
      .selectDistinct({ id: accountingAllocations.paymentId })
      .from(accountingAllocations)
      .where(and(eq(accountingAllocations.orderId, orderId), isNotNull(accountingAllocations.paymentId)));
    return db
      .select()
      .from(accountingPayments)
      .where(and(eq(accountingPayments.nature, 'C'), inArray(accountingPayments.contrePasseId, settled)))
      .orderBy(asc(accountingPayments.id));
  },

  /** What payments settle of an order now (net of counter-entries). */
  async paidAmount(db: Executor, orderId: number): Promise<number> {
    const [row] = await db
      .select({ paye: sql<number>`coalesce(sum(${accountingAllocations.montant}), 0)::int` })
      .from(accountingAllocations)
      .where(and(eq(accountingAllocations.orderId, orderId), isNotNull(accountingAllocations.paymentId)));
    return row!.paye;
  },

  async insert(db: Executor, payment: NewPayment, at: Date): Promise<PaymentRow> {
    const [row] = await db
      .insert(accountingPayments)
      .values({ ...payment, createdAt: at })
      .returning();
    return row!;
  },

  /** Locks a payment for the rest of the transaction (its reversal, its allocation). */
  async lock(db: Executor, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(accountingPayments)
      .where(eq(accountingPayments.id, id))
      .for('update');
    return row;
  },

  async reversalOf(db: Executor, paymentId: number) {
    const [row] = await db
      .select({ id: accountingPayments.id })
      .from(accountingPayments)
      .where(eq(accountingPayments.contrePasseId, paymentId));
    return row;
  },

  /** The invoices a payment settled (read without a lock: the caller then locks them in id order). */
  async invoicesOf(db: Executor, paymentId: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ orderId: accountingAllocations.orderId })
      .from(accountingAllocations)
      .where(and(eq(accountingAllocations.paymentId, paymentId), isNotNull(accountingAllocations.orderId)));
    return rows.map((r) => r.orderId!);
  },

  /** A payment as it is, without a lock. */
  async find(db: Executor, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(accountingPayments).where(eq(accountingPayments.id, id));
    return row;
  },

  /** Where a payment's money went: per invoice (order) and to refunds, net. */
  async allocationsOf(db: Executor, paymentId: number) {
    return db
      .select({
        orderId: accountingAllocations.orderId,
        refundId: accountingAllocations.refundId,
        montant: sql<number>`sum(${accountingAllocations.montant})::int`,
      })
      .from(accountingAllocations)
      .where(eq(accountingAllocations.paymentId, paymentId))
      .groupBy(accountingAllocations.orderId, accountingAllocations.refundId);
  },

  /** Moves money from a source to an invoice or a refund (the trigger moves the sums, the CHECKs bound them). */
  async allocate(
    db: Executor,
    a: { source: Pick<CreditSource, 'kind' | 'id'>; orderId?: number; refundId?: number; montant: number },
    at: Date,
  ): Promise<void> {
    await db.insert(accountingAllocations).values({
      paymentId: a.source.kind === 'payment' ? a.source.id : null,
      creditNoteId: a.source.kind === 'creditNote' ? a.source.id : null,
      orderId: a.orderId ?? null,
      refundId: a.refundId ?? null,
      montant: a.montant,
      createdAt: at,
    });
  },

  /**
   * The sources of an entity's credit with what is left of each, oldest first, locked for the rest of the
   * transaction (two uses of one credit queue). A reversed payment is no source.
   */
  async creditSources(db: Executor, entityId: number, lock: boolean): Promise<CreditSource[]> {
    const notes = db
      .select({
        id: accountingCreditNotes.id,
        montant: accountingCreditNotes.montant,
        affecte: accountingCreditNotes.affecte,
      })
      .from(accountingCreditNotes)
      .where(
        and(
          eq(accountingCreditNotes.entityId, entityId),
          gt(accountingCreditNotes.montant, accountingCreditNotes.affecte),
        ),
      )
      .orderBy(asc(accountingCreditNotes.id));
    const payments = db
      .select({
        id: accountingPayments.id,
        montant: accountingPayments.montant,
        affecte: accountingPayments.affecte,
      })
      .from(accountingPayments)
      .where(
        and(
          eq(accountingPayments.entityId, entityId),
          eq(accountingPayments.nature, 'E'),
          gt(accountingPayments.montant, accountingPayments.affecte),
          sql`${accountingPayments.id} NOT IN (SELECT r.contre_passe_id FROM ${accountingPayments} r WHERE r.entity_id = ${entityId} AND r.nature = 'C')`,
        ),
      )
      .orderBy(asc(accountingPayments.id));
    let noteRows = await (lock ? notes.for('update') : notes);
    let paymentRows = await (lock ? payments.for('update') : payments);
    if (lock) {
      // Read again once locked: a row that waited for its lock is re-checked by PostgreSQL against its new
      // version, but the « not reversed » subquery keeps the old snapshot, so a payment reversed meanwhile
      // would still look like credit. The new statement sees what the other request committed.
      const locked = {
        notes: new Set(noteRows.map((r) => r.id)),
        payments: new Set(paymentRows.map((r) => r.id)),
      };
      noteRows = (await notes).filter((r) => locked.notes.has(r.id));
      paymentRows = (await payments).filter((r) => locked.payments.has(r.id));
    }
    return [
      ...noteRows.map((r) => ({ kind: 'creditNote' as const, id: r.id, reste: r.montant - r.affecte })),
      ...paymentRows.map((r) => ({ kind: 'payment' as const, id: r.id, reste: r.montant - r.affecte })),
    ];
  },

  /** The entity's issued invoices with something due, oldest first. */
  async openInvoices(db: Executor, entityId: number) {
    return db
      .select()
      .from(accountingOrders)
      .where(
        and(
          eq(accountingOrders.entityId, entityId),
          eq(accountingOrders.etat, 'FE'),
          gt(accountingOrders.total, accountingOrders.regle),
        ),
      )
      .orderBy(asc(accountingOrders.dateFacture), asc(accountingOrders.id));
  },

  /**
   * Locks invoices in id order, so two requests never wait on each other crosswise. The one lock order of
   * the accounts: invoices (by id), then the entity's credit notes, then its payments (`creditSources`,
   * by id), then a single payment (`lock`).
   */
  async lockInvoices(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select()
      .from(accountingOrders)
      .where(inArray(accountingOrders.id, ids))
      .orderBy(asc(accountingOrders.id))
      .for('update');
  },

  /**
   * What an entity owes (what its issued invoices leave due) and its credit (credit notes and payments not
   * allocated, less refunds): the one answer every screen of its account reads (the treasurer's, the
   * lodge's own, its statement).
   */
  async balance(db: Executor, entityId: number): Promise<{ du: number; credit: number }> {
    const [owed] = await db
      .select({
        du: sql<number>`coalesce(sum(${accountingOrders.total} - ${accountingOrders.regle}), 0)::int`,
      })
      .from(accountingOrders)
      .where(and(eq(accountingOrders.entityId, entityId), inArray(accountingOrders.etat, ['FE', 'FP'])));
    const sources = await this.creditSources(db, entityId, false);
    return { du: owed!.du, credit: sources.reduce((s, c) => s + c.reste, 0) };
  },

  /** Cheques received (not reversed) in a period, for the deposit slip, with the entity that paid. */
  async chequesReceived(db: Executor, du: string, au: string) {
    const names = entityNames(db);
    return db
      .select({
        id: accountingPayments.id,
        entite: names.nom,
        date: accountingPayments.date,
        reference: accountingPayments.reference,
        montant: accountingPayments.montant,
      })
      .from(accountingPayments)
      .innerJoin(names, eq(names.id, accountingPayments.entityId))
      .where(
        and(
          eq(accountingPayments.nature, 'E'),
          eq(accountingPayments.mode, 'C'),
          sql`${accountingPayments.date} BETWEEN ${du} AND ${au}`,
          sql`NOT EXISTS (SELECT 1 FROM ${accountingPayments} r WHERE r.contre_passe_id = ${accountingPayments.id})`,
        ),
      )
      .orderBy(asc(accountingPayments.date), asc(accountingPayments.id));
  },
};
