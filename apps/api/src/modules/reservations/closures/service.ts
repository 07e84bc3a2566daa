/**
 * Closed days (DECISIONS §3): Union staff close and reopen days; closing answers the reservations
 * already on that day so staff can handle them (they are not cancelled automatically).
 */
import type { ClosureList, ClosureResult } from '@union/contract';
import type { Database } from '../../../db/client';
import type { Caller } from '../../../lib/authorize';
import { parisDay } from '../../../lib/dates';
import { invalid, notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { frenchDate, masonicYearBounds, masonicYearOf } from '../calendar';
import { reservationPolicy } from '../policy';
import { presentReservation } from '../presenter';
import { reservationsRepository } from '../repository';
import { loadPlanningContext } from '../service';
import { closuresRepository } from './repository';

/** Closures are keyed by day; the audit log keys them by the day's number yyyymmdd. */
const recordIdOf = (day: string) => Number(day.replaceAll('-', ''));

export const closuresService = {
  /** The closures of the masonic year (September to August) containing `day`. */
  async list(db: Database, caller: Caller, day: string): Promise<ClosureList> {
    const ctx = await loadPlanningContext(db, caller);
    reservationPolicy.read(ctx);
    const annee = masonicYearOf(day);
    const { debut, fin } = masonicYearBounds(annee);
    const rows = await closuresRepository.between(db, debut, fin);
    return {
      annee,
      fermetures: rows.map((c) => ({ date: c.jour, motif: c.motif })),
      gestion: reservationPolicy.mayManage(ctx),
    };
  },

  async close(db: Database, caller: Caller, day: string, motif: string): Promise<ClosureResult> {
    const ctx = await loadPlanningContext(db, caller);
    reservationPolicy.manage(ctx);
    if (day < parisDay()) throw invalid('Date : un jour passé ne peut pas être fermé.');
    return db.transaction(async (tx) => {
      // Waits for bookings of that day in progress, so the answer lists every reservation on it.
      await reservationsRepository.lockDay(tx, day);
      const closure = await closuresRepository.insert(tx, { jour: day, motif, createdById: caller.id });
      if (!closure) throw invalid(`Date : le ${frenchDate(day)} est déjà fermé.`);
      await audit.record(
        { db: tx, caller },
        {
          action: 'CLOSE',
          recordType: 'closure',
          recordId: recordIdOf(day),
          details: { date: day, motif },
        },
      );
      const rows = await reservationsRepository.activeBetween(tx, day, day);
      return {
        fermeture: { date: closure.jour, motif: closure.motif },
        reservations: rows.map((row) => presentReservation(ctx, row)),
      };
    });
  },

  async reopen(db: Database, caller: Caller, day: string): Promise<void> {
    const ctx = await loadPlanningContext(db, caller);
    reservationPolicy.manage(ctx);
    await db.transaction(async (tx) => {
      if (!(await closuresRepository.remove(tx, day)))
        throw notFound(`Le ${frenchDate(day)} n'est pas fermé.`);
      await audit.record(
        { db: tx, caller },
        {
          action: 'REOPEN',
          recordType: 'closure',
          recordId: recordIdOf(day),
          details: { date: day },
        },
      );
    });
  },
};
