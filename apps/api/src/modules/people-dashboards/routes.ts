/** The lodge officers' and the administrators' dashboards (issue 33). Thin: the service decides. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
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
}
