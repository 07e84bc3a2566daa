/** GET, POST, DELETE /api/fermeture/{yyyy-mm-dd} (specification §7). */
import {
  API,
  ClosureInputSchema,
  ClosureListSchema,
  ClosureResultSchema,
  IsoDateSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../../types';
import { closuresService } from './service';

export default async function closuresRoutes(app: App) {
  const tags = ['fermetures'];
  const params = z.object({ date: IsoDateSchema });

  app.get(
    API.closures.closure,
    { schema: { tags, params, response: { 200: ClosureListSchema } } },
    async (request) => closuresService.list(request.ctx, request.params.date),
  );

  app.post(
    API.closures.closure,
    { schema: { tags, params, body: ClosureInputSchema, response: { 201: ClosureResultSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await closuresService.close(request.ctx, request.params.date, request.body.motif)),
  );

  app.delete(
    API.closures.closure,
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await closuresService.reopen(request.ctx, request.params.date);
      return reply.status(204).send(null);
    },
  );
}
