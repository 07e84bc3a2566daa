/** The restaurant manager's dashboard (issue 33): MENUS only, read in one call. */
import { masonicYearBounds, masonicYearOf, type RestaurantDashboard } from '@union/contract';
import { authorize } from '../../../lib/authorize';
import type { RequestContext } from '../../../lib/context';
import { loadRestaurantContext } from '../context';
import { mayMeal } from '../policy';
import { restaurantWorkbook } from './excel';
import { presentNextMeal } from './presenter';
import { dashboardRepository as repository } from './repository';

/** The dishes the chart names: the most ordered, the rest would not be read. */
const DISHES_SHOWN = 15;

export const restaurantDashboardService = {
  /** GET /api/repas/tableau-de-bord: the current season (September to August) and the next meal. */
  async dashboard(ctx: RequestContext): Promise<RestaurantDashboard> {
    authorize(mayMeal(await loadRestaurantContext(ctx), 'MANAGE', null));
    const today = ctx.clock.today();
    const annee = masonicYearOf(today);
    const span = masonicYearBounds(annee);
    // One after the other: PGlite runs one query at a time on its one connection.
    const season = await repository.season(ctx.db, span, DISHES_SHOWN);
    const next = await repository.nextMeal(ctx.db, today);
    const prochainRepas = next
      ? presentNextMeal(
          next,
          await repository.dishCounts(ctx.db, next.id),
          await repository.remarks(ctx.db, next.id),
        )
      : null;
    return { saison: { annee, ...span }, ...season, prochainRepas };
  },

  /** GET /api/repas/tableau-de-bord/excel: the same figures, a sheet per chart. */
  async excel(ctx: RequestContext): Promise<Buffer> {
    return restaurantWorkbook(await this.dashboard(ctx));
  },
};
