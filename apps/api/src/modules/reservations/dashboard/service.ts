/** The Union staff's dashboard (issue 33): those who manage the planning, read in one call. */
import { masonicYearBounds, masonicYearOf, type PlanningDashboard } from '@union/contract';
import { authorize } from '../../../lib/authorize';
import type { RequestContext } from '../../../lib/context';
import { settingsRepository } from '../../settings/repository';
import { loadPlanningContext } from '../context';
import { may } from '../policy';
import { planningWorkbook } from './excel';
import { presentOccupancy, presentWaiting } from './presenter';
import { planningDashboardRepository as repository } from './repository';

/** The oldest requests shown; the total says how many more wait. */
const REQUESTS_SHOWN = 20;
const CLOSURES_SHOWN = 10;

export const planningDashboardService = {
  /** GET /api/reservation/tableau-de-bord: the current Masonic year, the requests and closed days ahead. */
  async dashboard(ctx: RequestContext): Promise<PlanningDashboard> {
    authorize(may(await loadPlanningContext(ctx), 'MANAGE', null));
    const today = ctx.clock.today();
    const annee = masonicYearOf(today);
    const span = masonicYearBounds(annee);
    // One after the other: PGlite runs one query at a time on its one connection.
    const rooms = await settingsRepository.listRooms(ctx.db);
    const minutes = await repository.minutesByMonth(ctx.db, span);
    const weekdays = await repository.byWeekday(ctx.db, span);
    const closed = await repository.closedByMonth(ctx.db, span);
    const waiting = await repository.waiting(ctx.db, today, REQUESTS_SHOWN);
    const fermetures = await repository.closuresAhead(ctx.db, today, CLOSURES_SHOWN);
    return {
      saison: { annee, ...span },
      salles: presentOccupancy({ annee, rooms, minutes, weekdays, closed }),
      demandes: waiting.map(presentWaiting),
      demandesTotal: waiting[0]?.total ?? 0,
      fermetures,
    };
  },

  /** GET /api/reservation/tableau-de-bord/excel: the same figures, a sheet per chart. */
  async excel(ctx: RequestContext): Promise<Buffer> {
    return planningWorkbook(await this.dashboard(ctx));
  },
};
