/**
 * What the fee calls ask of past orders: the thirds already called in a year, the reservations not billed
 * yet, the fee table of a year. The order's own rows are `order-records/`'.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountingLines, accountingOrders } from '../../../db/schema';
import { confirmedReservationsOf } from '../../reservations/repository';
import { roomRates } from '../../settings/repository';
import { paidSum, VOID_STATES } from '../order-records/repository';

export const feeCallsRepository = {
  /** What the fee calls A, B and C of a year called from an entity (cancelled ones excluded). */
  async calledThirds(db: Executor, entityId: number, annee: number): Promise<number> {
    const [row] = await db
      .select({ s: sql<number>`coalesce(sum(${accountingOrders.total}), 0)::int` })
      .from(accountingOrders)
      .where(
        and(
          eq(accountingOrders.entityId, entityId),
          eq(accountingOrders.annee, annee),
          eq(accountingOrders.type, 'A'),
          inArray(accountingOrders.tranche, ['A', 'B', 'C']),
          notInArray(accountingOrders.etat, VOID_STATES),
        ),
      );
    return row!.s;
  },

  /**
   * Confirmed reservations of an entity in a period (their owner's `confirmedReservationsOf`), not billed
   * yet by a live order, with their room's rate: one query.
   */
  async unbilledReservations(db: Executor, entityId: number, debut: string, fin: string) {
    const billed = db
      .select({ id: accountingLines.reservationId })
      .from(accountingLines)
      .innerJoin(accountingOrders, eq(accountingOrders.id, accountingLines.orderId))
      .where(
        and(
          sql`${accountingLines.reservationId} IS NOT NULL`,
          notInArray(accountingOrders.etat, VOID_STATES),
        ),
      );
    const confirmed = confirmedReservationsOf(db, entityId, debut, fin);
    const rates = roomRates(db);
    return db
      .select({
        id: confirmed.id,
        jour: confirmed.jour,
        debut: confirmed.debut,
        fin: confirmed.fin,
        libelle: confirmed.libelle,
        salle: rates.salle,
        tarifHoraire: rates.tarifHoraire,
      })
      .from(confirmed)
      .innerJoin(rates, eq(rates.roomId, confirmed.roomId))
      .where(notInArray(confirmed.id, billed))
      .orderBy(asc(confirmed.jour), asc(confirmed.debut));
  },

  /** The fee table of a year: per entity, each instalment called and paid. */
  async feeCalls(db: Executor, annee: number, entityId?: number) {
    return db
      .select({
        entityId: accountingOrders.entityId,
        tranche: accountingOrders.tranche,
        etat: accountingOrders.etat,
        total: accountingOrders.total,
        paye: paidSum,
      })
      .from(accountingOrders)
      .where(
        and(
          eq(accountingOrders.type, 'A'),
          eq(accountingOrders.annee, annee),
          notInArray(accountingOrders.etat, VOID_STATES),
          entityId ? eq(accountingOrders.entityId, entityId) : undefined,
        ),
      );
  },
};
