/**
 * The planning module: reservations (/api/reservation/…), closed days (/api/fermeture/…) and the annual
 * planning (/api/planning/…), paths of the specification §7.
 */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import closuresRoutes from './closures/routes';
import planningDashboardRoutes from './dashboard/routes';
import feedsRoutes from './feeds/routes';
import planningRoutes from './planning/routes';
import { reservationsService } from './service';

export default async function reservationsRoutes(app: App) {
  const tags = ['réservations'];

  const calls = CALLS.reservations;

  route(app, calls.week, { tags }, async (request) =>
    reservationsService.week(request.ctx, request.params.date),
  );

  route(app, calls.pending, { tags }, async (request) => reservationsService.pending(request.ctx));

  route(app, calls.infos, { tags }, async (request) =>
    reservationsService.infos(request.ctx, request.params.id),
  );

  route(app, calls.create, { tags }, async (request, reply) => {
    const created = await reservationsService.create(request.ctx, request.body);
    return reply.status(201).send(created);
  });

  route(app, calls.change, { tags }, async (request) =>
    reservationsService.change(request.ctx, request.query.action, request.body),
  );

  await app.register(closuresRoutes);
  await app.register(planningRoutes);
  await app.register(feedsRoutes);
  await app.register(planningDashboardRoutes);
}
