/**
 * The orders' rows, their lines and credit notes, as every room of the module reads them (orders,
 * payments, reminders, documents, accounts, fee calls): searches, the order's row and lock, its writes.
 * Below those rooms, so that `orders/` may call the payments' and reminders' actions without a loop.
 */
import type { OrderLine, OrderSearchCriteria, OrderState } from '@union/contract';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  accountingAllocations,
  accountingCreditNotes,
  accountingLines,
  accountingOrders,
} from '../../../db/schema';
import { everyWord, inScope, type EntityScope } from '../../../db/text-search';
import { entityNames } from '../../entities/entity-repository';

export type OrderRow = typeof accountingOrders.$inferSelect;
export type NewOrder = typeof accountingOrders.$inferInsert;
export type LineRow = typeof accountingLines.$inferSelect;
export type CreditNoteRow = typeof accountingCreditNotes.$inferSelect;

/**
 * What payments settle of each order (net of counter-entries), as a column of a query over
 * `accounting_orders` (the searches, the fee table; the allocations are the payments sub-area's). Credit notes settle too, but are not payments.
 */
export const paidSum = sql<number>`(SELECT coalesce(sum(a.montant), 0)::int FROM ${accountingAllocations} a WHERE a.order_id = ${sql.raw('"accounting_orders"."id"')} AND a.payment_id IS NOT NULL)`;

/** States whose amount is owed: issued and not settled. */
export const UNPAID_STATES: OrderState[] = ['FE'];
/** States that no longer count (fee calls, billed reservations). */
export const VOID_STATES: OrderState[] = ['DA', 'DR', 'FA'];

/**
 * Orders with their entity (its owner's `entityNames`, joined) and what has been paid, as lists and pages
 * show them; `names` also sorts the search by entity.
 */
function selectSummaries(db: Executor) {
  const names = entityNames(db);
  const query = db
    .select({
      order: accountingOrders,
      entite: { id: names.id, code: names.code, nom: names.nom },
      paye: paidSum,
    })
    .from(accountingOrders)
    .innerJoin(names, eq(names.id, accountingOrders.entityId));
  return { query, names };
}

/** The criteria of a search as SQL (`today` decides what is overdue). */
function criteria(c: OrderSearchCriteria, today: string): SQL | undefined {
  const o = accountingOrders;
  return and(
    c.type ? eq(o.type, c.type) : undefined,
    c.etat ? eq(o.etat, c.etat) : undefined,
    c.idEntite ? eq(o.entityId, c.idEntite) : undefined,
    c.annee ? eq(o.annee, c.annee) : undefined,
    c.tranche ? eq(o.tranche, c.tranche) : undefined,
    // Dates: the invoice's date once issued, otherwise the day it was created.
    c.du
      ? gte(
          sql`coalesce(${o.dateFacture}, ${o.dateDevis}, (${o.createdAt} AT TIME ZONE 'Europe/Paris')::date)`,
          c.du,
        )
      : undefined,
    c.au
      ? lte(
          sql`coalesce(${o.dateFacture}, ${o.dateDevis}, (${o.createdAt} AT TIME ZONE 'Europe/Paris')::date)`,
          c.au,
        )
      : undefined,
    c.enRetard === true ? and(inArray(o.etat, UNPAID_STATES), sql`${o.dateEcheance} < ${today}`) : undefined,
    c.enRetard === false
      ? or(notInArray(o.etat, UNPAID_STATES), isNull(o.dateEcheance), sql`${o.dateEcheance} >= ${today}`)
      : undefined,
  );
}

/** The search's sort columns; `entityName` is the name column of the query's joined `entityNames`. */
const sortColumn = (tri: OrderSearchCriteria['tri'], entityName: SQLWrapper) =>
  ({
    creeLe: accountingOrders.createdAt,
    dateFacture: accountingOrders.dateFacture,
    dateEcheance: accountingOrders.dateEcheance,
    entite: entityName,
    total: accountingOrders.total,
  })[tri];

/**
 * What an entity sees of its orders: quotes once sent (DE) or refused (DR), issued invoices (FE, FP) and
 * cancelled issued ones (FA with their credit note). Drafts, unsent and cancelled quotes are the Union's
 * working papers.
 */
export const seenByEntity = or(
  inArray(accountingOrders.etat, ['DE', 'DR']),
  isNotNull(accountingOrders.numeroFacture),
);

export const orderRecords = {
  /**
   * Invoices and quotes by number, subject or entity, newest first (the header's search). Outside `all`
   * (the treasurers), only what an entity sees of its own account (`seenByEntity`): never a draft nor
   * another entity's.
   */
  async findByWords(db: Executor, words: string[], scope: EntityScope, limit: number) {
    const names = entityNames(db);
    const text = sql`concat_ws(' ', ${accountingOrders.numeroFacture}, ${accountingOrders.numeroDevis}, ${accountingOrders.objet}, ${names.nom}, ${names.code})`;
    return db
      .select({ order: accountingOrders, entite: names.nom })
      .from(accountingOrders)
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .where(
        and(
          everyWord(text, words),
          inScope(accountingOrders.entityId, scope),
          scope === 'all' ? undefined : seenByEntity,
        ),
      )
      .orderBy(desc(accountingOrders.createdAt), desc(accountingOrders.id))
      .limit(limit);
  },

  async search(db: Executor, c: OrderSearchCriteria, today: string) {
    const where = criteria(c, today);
    const { query, names } = selectSummaries(db);
    const sort = sortColumn(c.tri, names.nom);
    const order = c.sens === 'asc' ? asc(sort) : desc(sort);
    const rows = await query
      .where(where)
      .orderBy(order, desc(accountingOrders.id))
      .limit(c.taille)
      .offset((c.page - 1) * c.taille);
    // The totals read the orders' own columns only: the criteria are all on the order, every order has
    // its entity (no join), and what is due is the rows' own `du` (policy `dueOf`: total − regle, kept by
    // the allocations' trigger) added up over the unpaid invoices, not a per-row subquery of payments
    // (whose estimate, over 20,000 orders, also set PostgreSQL's JIT compiling for 50 ms).
    const [totals] = await db
      .select({
        total: sql<number>`count(*)::int`,
        montantTotal: sql<number>`coalesce(sum(${accountingOrders.total}) FILTER (WHERE ${accountingOrders.etat} NOT IN ('DA', 'DR', 'FA')), 0)::bigint`,
        montantDu: sql<number>`coalesce(sum(greatest(${accountingOrders.total} - ${accountingOrders.regle}, 0)) FILTER (WHERE ${accountingOrders.etat} = 'FE'), 0)::bigint`,
      })
      .from(accountingOrders)
      .where(where);
    return {
      rows,
      totals: {
        total: totals!.total,
        montantTotal: Number(totals!.montantTotal),
        montantDu: Number(totals!.montantDu),
      },
    };
  },

  /** Every matching order (the Excel export), at most `limit`. */
  async searchAll(db: Executor, c: OrderSearchCriteria, today: string, limit: number) {
    return selectSummaries(db)
      .query.where(criteria(c, today))
      .orderBy(desc(accountingOrders.createdAt), desc(accountingOrders.id))
      .limit(limit);
  },

  async find(db: Executor, id: number) {
    const [row] = await selectSummaries(db).query.where(eq(accountingOrders.id, id));
    return row;
  },

  /** Locks the order for the rest of the transaction: two actions on one order run one after the other. */
  async lock(db: Executor, id: number): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(accountingOrders).where(eq(accountingOrders.id, id)).for('update');
    return row;
  },

  async insert(db: Executor, order: NewOrder, at: Date): Promise<OrderRow> {
    const [row] = await db
      .insert(accountingOrders)
      .values({ ...order, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`). */
  async update(db: Executor, id: number, changes: Partial<NewOrder>, at: Date): Promise<void> {
    await db
      .update(accountingOrders)
      .set({ ...changes, updatedAt: at })
      .where(eq(accountingOrders.id, id));
  },

  async lines(db: Executor, orderId: number): Promise<LineRow[]> {
    return db
      .select()
      .from(accountingLines)
      .where(eq(accountingLines.orderId, orderId))
      .orderBy(asc(accountingLines.position));
  },

  /** Replaces the lines of a quote or a draft (the database refuses it on an issued invoice). */
  async replaceLines(db: Executor, orderId: number, lines: readonly OrderLine[]): Promise<void> {
    await db.delete(accountingLines).where(eq(accountingLines.orderId, orderId));
    if (!lines.length) return;
    await db.insert(accountingLines).values(
      lines.map((l, position) => ({
        orderId,
        position,
        libelle: l.libelle,
        quantite: l.quantite.toFixed(2),
        prixUnitaire: l.prixUnitaire,
        montant: l.montant,
        reservationId: l.reservationId ?? null,
      })),
    );
  },

  /** The credit notes of an invoice, in the order they were made. */
  async creditNotes(db: Executor, orderId: number): Promise<CreditNoteRow[]> {
    return db
      .select()
      .from(accountingCreditNotes)
      .where(eq(accountingCreditNotes.orderId, orderId))
      .orderBy(asc(accountingCreditNotes.id));
  },

  async creditNote(db: Executor, id: number): Promise<CreditNoteRow | undefined> {
    const [row] = await db.select().from(accountingCreditNotes).where(eq(accountingCreditNotes.id, id));
    return row;
  },

  async creditNoteNumbered(db: Executor, numero: string): Promise<CreditNoteRow | undefined> {
    const [row] = await db
      .select()
      .from(accountingCreditNotes)
      .where(eq(accountingCreditNotes.numero, numero));
    return row;
  },

  /** Writes a credit note (its trigger adds it to the invoice's `credite`, bounded by its total). */
  async insertCreditNote(
    db: Executor,
    note: typeof accountingCreditNotes.$inferInsert,
    at: Date,
  ): Promise<CreditNoteRow> {
    const [row] = await db
      .insert(accountingCreditNotes)
      .values({ ...note, createdAt: at })
      .returning();
    return row!;
  },

  /** The call of an instalment already made for an entity and year, if any (cancelled ones excluded). */
  async existingCall(db: Executor, entityId: number, annee: number, tranche: string) {
    const [row] = await db
      .select({
        id: accountingOrders.id,
        etat: accountingOrders.etat,
        numeroFacture: accountingOrders.numeroFacture,
        numeroDevis: accountingOrders.numeroDevis,
      })
      .from(accountingOrders)
      .where(
        and(
          eq(accountingOrders.entityId, entityId),
          eq(accountingOrders.annee, annee),
          eq(accountingOrders.type, 'A'),
          sql`${accountingOrders.tranche} = ${tranche}`,
          notInArray(accountingOrders.etat, VOID_STATES),
        ),
      );
    return row;
  },
};
