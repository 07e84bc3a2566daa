/** The Union staff's dashboard (issue 33): `GET /api/reservation/tableau-de-bord`. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import { XLSX_MIME } from '../../compta/documents/excel';
import { sendFile } from '../../compta/documents/files';
import type { App } from '../../../types';
import { planningDashboardService } from './service';

export default async function planningDashboardRoutes(app: App) {
  route(app, CALLS.reservations.dashboard, { tags: ['réservations'] }, async (request) =>
    planningDashboardService.dashboard(request.ctx),
  );
  route(app, CALLS.reservations.dashboardExcel, { tags: ['réservations'] }, async (request, reply) =>
    sendFile(
      reply,
      'tableau-de-bord-planning.xlsx',
      XLSX_MIME,
      await planningDashboardService.excel(request.ctx),
    ),
  );
}
