/**
 * The treasurer's dashboard (issue 33, COMPTA_LECTURE, the accounting's READ): one read per chart group,
 * and the Excel file of all of them.
 */
import {
  masonicYearOf,
  type DashboardCards,
  type DashboardDue,
  type DashboardMonths,
  type DashboardReceivables,
  type DashboardYearQuery,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import type { RequestContext } from '../../../lib/context';
import { entityRepository } from '../../entities/entity-repository';
import { cardsMonthlyRepository } from '../../restaurant/cards/monthly-repository';
import { unionSettings } from '../../settings/service';
import { may } from '../policy';
import { dashboardWorkbook } from './excel';
import { lastTwelveMonths, nextCall, presentCards, presentMonths, presentReceivables } from './presenter';
import { dashboardRepository as repo } from './repository';

const yearOf = (ctx: RequestContext, q: DashboardYearQuery) =>
  q.annee ?? Number(ctx.clock.today().slice(0, 4));

export const dashboardService = {
  async receivables(ctx: RequestContext): Promise<DashboardReceivables> {
    authorize(may(ctx, 'READ', null));
    const today = ctx.clock.today();
    return presentReceivables(await repo.receivables(ctx.db, today), today);
  },

  async months(ctx: RequestContext, q: DashboardYearQuery): Promise<DashboardMonths> {
    authorize(may(ctx, 'READ', null));
    const annee = yearOf(ctx, q);
    return presentMonths(await repo.months(ctx.db, `${annee - 1}-01-01`, `${annee}-12-31`), annee);
  },

  async cards(ctx: RequestContext): Promise<DashboardCards> {
    authorize(may(ctx, 'READ', null));
    const months = lastTwelveMonths(ctx.clock.today());
    return presentCards(await cardsMonthlyRepository.cardMonths(ctx.db, `${months[0]}-01`), months);
  },

  async due(ctx: RequestContext): Promise<DashboardDue> {
    authorize(may(ctx, 'READ', null));
    const today = ctx.clock.today();
    const annee = masonicYearOf(today);
    const delais = (await unionSettings(ctx.db)).relances;
    const [relances, calls, entites] = await Promise.all([
      repo.remindersDue(ctx.db, today, delais),
      repo.calls(ctx.db, [annee, annee + 1]),
      entityRepository.billable(ctx.db).then((rows) => rows.length),
    ]);
    return { date: today, appel: nextCall(calls, annee, entites), relances };
  },

  async excel(ctx: RequestContext, q: DashboardYearQuery): Promise<Buffer> {
    const [receivables, months, cards, due] = await Promise.all([
      dashboardService.receivables(ctx),
      dashboardService.months(ctx, q),
      dashboardService.cards(ctx),
      dashboardService.due(ctx),
    ]);
    return dashboardWorkbook({ receivables, months, cards, due });
  },
};
