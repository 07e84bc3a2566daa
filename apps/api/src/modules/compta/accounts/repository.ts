/**
 * An entity's account as one set of reads (issue 20), and the account movements the statement and the
 * FEC are written from. `entityAccount` is the one place an account's documents are chosen: a new kind
 * of document of the account (partial credit notes) joins here, and every screen and file follows.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { RecordedPaymentMode } from '@union/contract';
import type { Executor } from '../../../db/client';
import {
  accountingAllocations,
  accountingCreditNotes,
  accountingOrders,
  accountingPayments,
  accountingReminders,
  invoiceCardPayments,
  type OnlinePaymentState,
} from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';
import { seenByEntity } from '../order-records/repository';

export type AccountOrderRow = typeof accountingOrders.$inferSelect & { paye: number };

/**
 * What payments and credit notes settle of an order (the trigger-kept sum of its allocations, migration
 * 0024): the account shows it as « réglé », and what remains due is its total less it.
 */
const settled = accountingOrders.regle;

/**
 * A payment's effect on the account, signed: received (E) credits it; a counter-entry (C) or a refund of
 * its credit (R) debits it back.
 */
const signedAmount = sql<number>`CASE WHEN ${accountingPayments.nature} = 'E' THEN ${accountingPayments.montant} ELSE -${accountingPayments.montant} END`;

/** One movement of an account: an invoice (debit), its credit note or a payment (credits). */
export interface LedgerEntry {
  kind: 'facture' | 'avoir' | 'paiement';
  date: string;
  /** The document's number (invoice, credit note), or the payment's reference. */
  piece: string;
  entityId: number;
  /** The invoice; null for a payment not recorded on an invoice's page (kept as a credit, or a refund). */
  orderId: number | null;
  numeroFacture: string | null;
  objet: string;
  /** Positive: owed by the entity (an invoice); a negative invoice (a fee adjustment) is owed to it. */
  montant: number;
  /** Payments only. */
  mode: RecordedPaymentMode | null;
  /** Payments only: received (E), counter-entry (C), refund (R); `montant` is signed accordingly. */
  nature: 'E' | 'C' | 'R' | null;
  paymentId: number | null;
  reference: string | null;
  /** Received payments only: the invoices it settled, each named (a payment may settle several). */
  factures: string[];
}

/**
 * The invoices each received payment settled, by number (its allocations to invoices; a counter-entry's
 * negative allocations leave the payment's own untouched): one payment over several invoices names each.
 */
async function invoicesOfPayments(db: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectDistinct({ paymentId: accountingAllocations.paymentId, numero: accountingOrders.numeroFacture })
    .from(accountingAllocations)
    .innerJoin(accountingOrders, eq(accountingOrders.id, accountingAllocations.orderId))
    .where(and(inArray(accountingAllocations.paymentId, ids), gt(accountingAllocations.montant, 0)))
    .orderBy(accountingOrders.numeroFacture);
  for (const r of rows) found.set(r.paymentId!, [...(found.get(r.paymentId!) ?? []), r.numero!]);
  return found;
}

export const accountsRepository = {
  /** The orders, payments and reminders of an entity's account, newest first. */
  async entityAccount(db: Executor, entityId: number) {
    const orders = await db
      .select({ order: accountingOrders, paye: settled })
      .from(accountingOrders)
      .where(and(eq(accountingOrders.entityId, entityId), seenByEntity))
      .orderBy(
        desc(sql`coalesce(${accountingOrders.dateFacture}, ${accountingOrders.dateDevis})`),
        desc(accountingOrders.id),
      );
    const payments = await db
      .select({
        id: accountingPayments.id,
        orderId: accountingPayments.orderId,
        numeroFacture: accountingOrders.numeroFacture,
        mode: accountingPayments.mode,
        nature: accountingPayments.nature,
        date: accountingPayments.date,
        reference: accountingPayments.reference,
        montant: signedAmount,
      })
      .from(accountingPayments)
      .leftJoin(accountingOrders, eq(accountingOrders.id, accountingPayments.orderId))
      .where(eq(accountingPayments.entityId, entityId))
      .orderBy(desc(accountingPayments.date), desc(accountingPayments.id));
    const reminders = await db
      .select({
        orderId: accountingReminders.orderId,
        numeroFacture: accountingOrders.numeroFacture,
        niveau: accountingReminders.niveau,
        date: accountingReminders.date,
      })
      .from(accountingReminders)
      .innerJoin(accountingOrders, eq(accountingOrders.id, accountingReminders.orderId))
      .where(eq(accountingOrders.entityId, entityId))
      .orderBy(desc(accountingReminders.date), desc(accountingReminders.id));
    const creditNotes = await db
      .select({
        id: accountingCreditNotes.id,
        numero: accountingCreditNotes.numero,
        date: accountingCreditNotes.date,
        idCommande: accountingCreditNotes.orderId,
        numeroFacture: accountingOrders.numeroFacture,
        montant: accountingCreditNotes.montant,
        motif: accountingCreditNotes.motif,
      })
      .from(accountingCreditNotes)
      .innerJoin(accountingOrders, eq(accountingOrders.id, accountingCreditNotes.orderId))
      .where(eq(accountingCreditNotes.entityId, entityId))
      .orderBy(desc(accountingCreditNotes.date), desc(accountingCreditNotes.id));
    const settledBy = await invoicesOfPayments(
      db,
      payments.filter((p) => p.nature === 'E').map((p) => p.id),
    );
    return {
      orders: orders.map((r): AccountOrderRow => ({ ...r.order, paye: r.paye })),
      payments: payments.map((p) => ({ ...p, factures: settledBy.get(p.id) ?? [] })),
      reminders,
      creditNotes,
    };
  },

  /** The order with what is paid, if it belongs to the entity's account. */
  async orderOfEntity(db: Executor, entityId: number, orderId: number) {
    const [row] = await db
      .select({ order: accountingOrders, paye: settled })
      .from(accountingOrders)
      .where(and(eq(accountingOrders.id, orderId), eq(accountingOrders.entityId, entityId), seenByEntity));
    return row;
  },

  /** A credit note, if it is one of the entity's. */
  async creditNoteOfEntity(db: Executor, entityId: number, id: number) {
    const [row] = await db
      .select()
      .from(accountingCreditNotes)
      .where(and(eq(accountingCreditNotes.id, id), eq(accountingCreditNotes.entityId, entityId)));
    return row;
  },

  /**
   * The issued invoice still to pay that falls due first (issue 33, the lodge's dashboard): the earliest
   * due date among its invoices with something left, overdue or not; undefined when nothing is due.
   */
  async nextDue(db: Executor, entityId: number) {
    const o = accountingOrders;
    const [row] = await db
      .select({
        date: o.dateEcheance,
        numeroFacture: o.numeroFacture,
        reste: sql<number>`(${o.total} - ${o.regle})::int`,
      })
      .from(o)
      .where(
        and(
          eq(o.entityId, entityId),
          eq(o.etat, 'FE'),
          isNotNull(o.dateEcheance),
          sql`${o.total} > ${o.regle}`,
        ),
      )
      .orderBy(asc(o.dateEcheance), asc(o.id))
      .limit(1);
    return row as { date: string; numeroFacture: string; reste: number } | undefined;
  },

  /** The date of the last reminder of this level (or the last one at all) sent for the order. */
  async reminder(db: Executor, orderId: number, niveau: number | undefined) {
    const [row] = await db
      .select({ niveau: accountingReminders.niveau, date: accountingReminders.date })
      .from(accountingReminders)
      .where(
        and(
          eq(accountingReminders.orderId, orderId),
          niveau === undefined ? undefined : eq(accountingReminders.niveau, niveau),
        ),
      )
      .orderBy(desc(accountingReminders.id))
      .limit(1);
    return row;
  },

  /**
   * Every account movement up to `au` (of one entity, or all): issued invoices on their date, credit
   * notes on theirs, payments on theirs. The statement and the FEC are both written from these.
   */
  async ledger(db: Executor, au: string, entityId?: number): Promise<LedgerEntry[]> {
    const o = accountingOrders;
    const ofEntity = entityId === undefined ? undefined : eq(o.entityId, entityId);
    const invoices = await db
      .select()
      .from(o)
      .where(and(ofEntity, isNotNull(o.numeroFacture), lte(o.dateFacture, au)));
    const c = accountingCreditNotes;
    const creditNotes = await db
      .select({ c, o })
      .from(c)
      .innerJoin(o, eq(o.id, c.orderId))
      .where(and(entityId === undefined ? undefined : eq(c.entityId, entityId), lte(c.date, au)));
    const payments = await db
      .select({ p: accountingPayments, o, montant: signedAmount })
      .from(accountingPayments)
      .leftJoin(o, eq(o.id, accountingPayments.orderId))
      .where(
        and(
          entityId === undefined ? undefined : eq(accountingPayments.entityId, entityId),
          lte(accountingPayments.date, au),
        ),
      );
    const base = (r: typeof o.$inferSelect) => ({
      entityId: r.entityId,
      orderId: r.id,
      numeroFacture: r.numeroFacture,
      objet: r.objet,
      mode: null,
      nature: null,
      paymentId: null,
      reference: null,
      factures: [],
    });
    const settledBy = await invoicesOfPayments(
      db,
      payments.filter(({ p }) => p.nature === 'E').map(({ p }) => p.id),
    );
    const entries: LedgerEntry[] = [
      ...invoices.map((r) => ({
        ...base(r),
        kind: 'facture' as const,
        date: r.dateFacture!,
        piece: r.numeroFacture!,
        montant: r.total,
      })),
      ...creditNotes.map(({ c: n, o: r }) => ({
        ...base(r),
        kind: 'avoir' as const,
        date: n.date,
        piece: n.numero,
        montant: n.montant,
      })),
      ...payments.map(({ p, o: r, montant }) => ({
        entityId: p.entityId,
        orderId: p.orderId,
        numeroFacture: r?.numeroFacture ?? null,
        objet: r?.objet ?? '',
        kind: 'paiement' as const,
        date: p.date,
        piece: p.reference ? p.reference : `PAI-${p.id}`,
        montant: Number(montant),
        mode: p.mode,
        nature: p.nature,
        paymentId: p.id,
        reference: p.reference,
        factures: settledBy.get(p.id) ?? [],
      })),
    ];
    const order = { facture: 0, avoir: 1, paiement: 2 };
    return entries.sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        order[a.kind] - order[b.kind] ||
        (a.orderId ?? 0) - (b.orderId ?? 0) ||
        (a.paymentId ?? 0) - (b.paymentId ?? 0),
    );
  },

  /** Issued invoices with something left to pay (aged receivables), with their entity. */
  async unpaidInvoices(db: Executor) {
    const names = entityNames(db);
    return db
      .select({
        entite: { id: names.id, code: names.code, nom: names.nom },
        dateEcheance: accountingOrders.dateEcheance,
        reste: sql<number>`${accountingOrders.total} - ${settled}`,
      })
      .from(accountingOrders)
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .where(and(eq(accountingOrders.etat, 'FE'), sql`${accountingOrders.total} - ${settled} > 0`))
      .orderBy(asc(names.nom));
  },

  /**
   * The portal's line per entity (issue 33): how many of its issued invoices have something left to pay,
   * and how much in all, for the entities given (the caller's offices).
   */
  async unpaidByEntity(db: Executor, entityIds: number[]) {
    if (entityIds.length === 0) return [];
    const names = entityNames(db);
    return db
      .select({
        entityId: names.id,
        nom: names.nom,
        nombre: sql<number>`count(*)::int`,
        reste: sql<number>`sum(${accountingOrders.total} - ${settled})::int`,
      })
      .from(accountingOrders)
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .where(
        and(
          inArray(accountingOrders.entityId, entityIds),
          eq(accountingOrders.etat, 'FE'),
          sql`${accountingOrders.total} - ${settled} > 0`,
        ),
      )
      .groupBy(names.id, names.nom)
      .orderBy(asc(names.nom));
  },

  /** Code and name of these entities (the FEC's auxiliary accounts). */
  async entityCodes(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    const names = entityNames(db);
    return db
      .select({ id: names.id, code: names.code, nom: names.nom })
      .from(names)
      .where(inArray(names.id, ids));
  },

  async insertOnlinePayment(db: Executor, row: typeof invoiceCardPayments.$inferInsert, at: Date) {
    const [inserted] = await db
      .insert(invoiceCardPayments)
      .values({ ...row, createdAt: at, updatedAt: at })
      .returning();
    return inserted!;
  },

  /** Online payments « à régulariser », oldest first, with their invoice and its entity. */
  async unappliedOnlinePayments(db: Executor) {
    const names = entityNames(db);
    return db
      .select({ p: invoiceCardPayments, o: accountingOrders, entite: { id: names.id, nom: names.nom } })
      .from(invoiceCardPayments)
      .innerJoin(accountingOrders, eq(accountingOrders.id, invoiceCardPayments.orderId))
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .where(eq(invoiceCardPayments.etat, 'A'))
      .orderBy(asc(invoiceCardPayments.updatedAt), asc(invoiceCardPayments.id));
  },

  /** Locks an online payment for the rest of the transaction: simultaneous notifications queue. */
  async lockOnlinePayment(db: Executor, id: number) {
    const [row] = await db
      .select()
      .from(invoiceCardPayments)
      .where(eq(invoiceCardPayments.id, id))
      .for('update');
    return row;
  },

  async endOnlinePayment(
    db: Executor,
    id: number,
    changes: { etat: OnlinePaymentState; providerStatus: string; paymentId?: number },
    at: Date,
  ) {
    await db
      .update(invoiceCardPayments)
      .set({ ...changes, updatedAt: at })
      .where(eq(invoiceCardPayments.id, id));
  },
};
