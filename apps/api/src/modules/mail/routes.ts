/** GET /api/admin/emails: the outbox, for administrators (DECISIONS §7), filtered on the server. */
import { API, OutboxListSchema, OutboxQuerySchema } from '@union/contract';
import type { App } from '../../types';
import { mailService } from './service';

export default async function mailRoutes(app: App) {
  app.get(
    API.mail.outbox,
    {
      schema: {
        tags: ['administration'],
        querystring: OutboxQuerySchema,
        response: { 200: OutboxListSchema },
      },
    },
    async (request) => mailService.outbox(request.ctx, request.query),
  );
}
