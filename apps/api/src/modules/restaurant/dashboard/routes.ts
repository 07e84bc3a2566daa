/** The restaurant manager's dashboard (issue 33): `GET /api/repas/tableau-de-bord`. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import { XLSX_MIME } from '../../compta/documents/excel';
import { sendFile } from '../../compta/documents/files';
import type { App } from '../../../types';
import { restaurantDashboardService } from './service';

export default async function restaurantDashboardRoutes(app: App) {
  route(app, CALLS.restaurant.dashboard, { tags: ['restauration'] }, async (request) =>
    restaurantDashboardService.dashboard(request.ctx),
  );
  route(app, CALLS.restaurant.dashboardExcel, { tags: ['restauration'] }, async (request, reply) =>
    sendFile(
      reply,
      'tableau-de-bord-restauration.xlsx',
      XLSX_MIME,
      await restaurantDashboardService.excel(request.ctx),
    ),
  );
}
