/** The lodge officers' and the administrators' dashboards (issue 33). Thin: the service decides. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import { sendWorkbook } from '../../lib/excel';
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
    sendWorkbook(
      reply,
      'tableau-de-bord-loge.xlsx',
      await peopleDashboardsService.lodgeExcel(request.ctx, request.params.idEntite),
    ),
  );
  route(app, calls.adminExcel, { tags: ['administration'] }, async (request, reply) =>
    sendWorkbook(
      reply,
      'tableau-de-bord-administration.xlsx',
      await peopleDashboardsService.adminExcel(request.ctx),
    ),
  );
}
