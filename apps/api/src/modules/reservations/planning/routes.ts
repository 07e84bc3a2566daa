/** The annual planning calls of the specification §7 (/api/planning/…). */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { planningService } from './service';

/** 0 in a search path means "all". */
const orAll = (id: number) => (id === 0 ? null : id);

export default async function planningRoutes(app: App) {
  const tags = ['planning annuel'];
  const calls = CALLS.planning;

  route(app, calls.years, { tags }, async (request) => planningService.years(request.ctx));

  route(app, calls.openYear, { tags }, async (request, reply) =>
    reply.status(201).send(await planningService.openYear(request.ctx)),
  );

  route(app, calls.search, { tags }, async (request) => {
    const { annee, idEntite, idSalle } = request.params;
    return planningService.search(request.ctx, annee, orAll(idEntite), orAll(idSalle));
  });

  route(app, calls.infos, { tags }, async (request) => planningService.infos(request.ctx, request.params.id));

  route(app, calls.create, { tags }, async (request, reply) =>
    reply.status(201).send(await planningService.create(request.ctx, request.body)),
  );

  route(app, calls.update, { tags }, async (request) => planningService.update(request.ctx, request.body));

  route(app, calls.remove, { tags }, async (request) =>
    planningService.remove(request.ctx, request.params.id),
  );
}
