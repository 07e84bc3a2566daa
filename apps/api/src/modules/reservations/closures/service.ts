/**
 * Closed days (DECISIONS §3): Union staff close and reopen days; closing answers the reservations
 * already on that day so staff can handle them (they are not cancelled automatically).
 */
import type { ClosureList, ClosureResult } from '@union/contract';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { authorize } from '../../../lib/authorize';
import { invalid, notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { masonicYearBounds, masonicYearOf } from '@union/contract';
import { frenchDate } from '../../../lib/dates';
import { may } from '../policy';
import { presentReservation } from '../presenter';
import { reservationsRepository } from '../repository';
import { loadPlanningContext } from '../context';
import { closuresRepository } from './repository';

/** Closures are keyed by day; the audit log keys them by the day's number yyyymmdd. */
const recordIdOf = (day: string) => Number(day.replaceAll('-', ''));

export const closuresService = {
  /** The closures of the masonic year (September to August) containing `day`. */
  async list(ctx: RequestContext, day: string): Promise<ClosureList> {
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    const annee = masonicYearOf(day);
    const { debut, fin } = masonicYearBounds(annee);
    const rows = await closuresRepository.between(ctx.db, debut, fin);
    return {
      annee,
      fermetures: rows.map((c) => ({ date: c.jour, motif: c.motif })),
      gestion: may(planning, 'MANAGE', null),
    };
  },

  async close(ctx: RequestContext, day: string, motif: string): Promise<ClosureResult> {
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'MANAGE', null));
    if (day < ctx.clock.today()) throw invalid('Date : un jour passé ne peut pas être fermé.');
    return inTransaction(ctx, async (tx) => {
      // Waits for bookings of that day in progress, so the answer lists every reservation on it.
      await reservationsRepository.lockDay(tx.db, day);
      const closure = await closuresRepository.insert(
        tx.db,
        { jour: day, motif, createdById: tx.caller.id },
        tx.clock.now(),
      );
      if (!closure) throw invalid(`Date : le ${frenchDate(day)} est déjà fermé.`);
      await audit.record(tx, {
        action: 'CLOSE',
        recordType: 'closure',
        recordId: recordIdOf(day),
        details: { date: day, motif },
      });
      const rows = await reservationsRepository.activeBetween(tx.db, day, day);
      return {
        fermeture: { date: closure.jour, motif: closure.motif },
        reservations: rows.map((row) => presentReservation(planning, row)),
      };
    });
  },

  async reopen(ctx: RequestContext, day: string): Promise<void> {
    authorize(may(await loadPlanningContext(ctx), 'MANAGE', null));
    await inTransaction(ctx, async (tx) => {
      if (!(await closuresRepository.remove(tx.db, day)))
        throw notFound(`Le ${frenchDate(day)} n'est pas fermé.`);
      await audit.record(tx, {
        action: 'REOPEN',
        recordType: 'closure',
        recordId: recordIdOf(day),
        details: { date: day },
      });
    });
  },
};
