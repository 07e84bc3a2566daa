/** The restaurant manager's dashboard (issue 33): `GET /api/repas/tableau-de-bord`. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import { sendWorkbook } from '../../../lib/excel';
import type { App } from '../../../types';
import { restaurantDashboardService } from './service';

export default async function restaurantDashboardRoutes(app: App) {
  route(app, CALLS.restaurant.dashboard, { tags: ['restauration'] }, async (request) =>
    restaurantDashboardService.dashboard(request.ctx),
  );
  route(app, CALLS.restaurant.dashboardExcel, { tags: ['restauration'] }, async (request, reply) =>
    sendWorkbook(
      reply,
      'tableau-de-bord-restauration.xlsx',
      await restaurantDashboardService.excel(request.ctx),
    ),
  );
}
