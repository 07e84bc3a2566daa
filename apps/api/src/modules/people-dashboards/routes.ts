/** The lodge officers' and the administrators' dashboards (issue 33). Thin: the service decides. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import { XLSX_MIME } from '../compta/documents/excel';
import { sendFile } from '../compta/documents/files';
import type { App } from '../../types';
import { peopleDashboardsService } from './service';

export default async function peopleDashboardsRoutes(app: App) {
  const calls = CALLS.peopleDashboards;
  route(app, calls.lodge, { tags: ['compte des loges'] }, async (request) =>
    peopleDashboardsService.lodge(request.ctx, request.params.idEntite),
  );
  route(app, calls.admin, { tags: ['administration'] }, async (request) =>
    peopleDashboardsService.admin(request.ctx),
  );
  route(app, calls.lodgeExcel, { tags: ['compte des loges'] }, async (request, reply) =>
    sendFile(
      reply,
      'tableau-de-bord-loge.xlsx',
      XLSX_MIME,
      await peopleDashboardsService.lodgeExcel(request.ctx, request.params.idEntite),
    ),
  );
  route(app, calls.adminExcel, { tags: ['administration'] }, async (request, reply) =>
    sendFile(
      reply,
      'tableau-de-bord-administration.xlsx',
      XLSX_MIME,
      await peopleDashboardsService.adminExcel(request.ctx),
    ),
  );
}
