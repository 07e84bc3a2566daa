/** The Union staff's dashboard (issue 33): `GET /api/reservation/tableau-de-bord`. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import { sendWorkbook } from '../../../lib/excel';
import type { App } from '../../../types';
import { planningDashboardService } from './service';

export default async function planningDashboardRoutes(app: App) {
  route(app, CALLS.reservations.dashboard, { tags: ['réservations'] }, async (request) =>
    planningDashboardService.dashboard(request.ctx),
  );
  route(app, CALLS.reservations.dashboardExcel, { tags: ['réservations'] }, async (request, reply) =>
    sendWorkbook(reply, 'tableau-de-bord-planning.xlsx', await planningDashboardService.excel(request.ctx)),
  );
}
