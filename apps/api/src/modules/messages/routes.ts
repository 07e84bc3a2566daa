/**
 * Broadcast messages (specification §7): GET /api/diffusion/appli (the signed-in user's), GET
 * /api/diffusion/all, GET /api/diffusion/{id}/infos, POST and PUT /api/diffusion, DELETE
 * /api/diffusion/{id}, and POST /api/diffusion/{id}/masquer (hide one for oneself).
 */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { messagesService } from './service';

export default async function messagesRoutes(app: App) {
  const tags = ['messages'];
  const calls = CALLS.messages;

  route(app, calls.shown, { tags }, async (request) => messagesService.shown(request.ctx));

  route(app, calls.all, { tags }, async (request) => messagesService.all(request.ctx));

  route(app, calls.infos, { tags }, async (request) => messagesService.infos(request.ctx, request.params.id));

  route(app, calls.create, { tags }, async (request, reply) =>
    reply.status(201).send(await messagesService.create(request.ctx, request.body)),
  );

  route(app, calls.update, { tags }, async (request) => messagesService.update(request.ctx, request.body));

  route(app, calls.remove, { tags }, async (request, reply) => {
    await messagesService.remove(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  route(app, calls.recipients, { tags }, async (request) =>
    messagesService.recipients(request.ctx, request.body),
  );

  route(app, calls.hide, { tags }, async (request, reply) => {
    await messagesService.hide(request.ctx, request.params.id);
    return reply.status(204).send();
  });
}
