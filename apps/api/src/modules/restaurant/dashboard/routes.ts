/** The restaurant manager's dashboard (issue 33): `GET /api/repas/tableau-de-bord`. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { restaurantDashboardService } from './service';

export default async function restaurantDashboardRoutes(app: App) {
  route(app, CALLS.restaurant.dashboard, { tags: ['restauration'] }, async (request) =>
    restaurantDashboardService.dashboard(request.ctx),
  );
}
