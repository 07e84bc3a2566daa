/** GET, POST, DELETE /api/fermeture/{yyyy-mm-dd} (specification §7). */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { closuresService } from './service';

export default async function closuresRoutes(app: App) {
  const tags = ['fermetures'];
  const calls = CALLS.closures;

  route(app, calls.list, { tags }, async (request) => closuresService.list(request.ctx, request.params.date));

  route(app, calls.close, { tags }, async (request, reply) =>
    reply.status(201).send(await closuresService.close(request.ctx, request.params.date, request.body.motif)),
  );

  route(app, calls.reopen, { tags }, async (request, reply) => {
    await closuresService.reopen(request.ctx, request.params.date);
    return reply.status(204).send(null);
  });
}
