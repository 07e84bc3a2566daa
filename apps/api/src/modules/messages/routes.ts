/**
 * Broadcast messages (specification §7): GET /api/diffusion/appli (the signed-in user's), GET
 * /api/diffusion/all, GET /api/diffusion/{id}/infos, POST and PUT /api/diffusion, DELETE
 * /api/diffusion/{id}, and POST /api/diffusion/{id}/masquer (hide one for oneself).
 */
import {
  API,
  MessageAudienceSchema,
  MessageInputSchema,
  MessageListSchema,
  MessageRecipientsSchema,
  MessageSchema,
  MessageUpdateSchema,
  PortalMessageListSchema,
  RecordIdParamSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../types';
import { messagesService } from './service';

const IdParams = z.object({ id: RecordIdParamSchema });

export default async function messagesRoutes(app: App) {
  const tags = ['messages'];

  app.get(
    API.messages.appli,
    { schema: { tags, response: { 200: PortalMessageListSchema } } },
    async (request) => messagesService.shown(request.ctx),
  );

  app.get(API.messages.all, { schema: { tags, response: { 200: MessageListSchema } } }, async (request) =>
    messagesService.all(request.ctx),
  );

  app.get(
    API.messages.infos,
    { schema: { tags, params: IdParams, response: { 200: MessageSchema } } },
    async (request) => messagesService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.messages.message,
    { schema: { tags, body: MessageInputSchema, response: { 201: MessageSchema } } },
    async (request, reply) => reply.status(201).send(await messagesService.create(request.ctx, request.body)),
  );

  app.put(
    API.messages.message,
    { schema: { tags, body: MessageUpdateSchema, response: { 200: MessageSchema } } },
    async (request) => messagesService.update(request.ctx, request.body),
  );

  app.delete(API.messages.remove, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await messagesService.remove(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    API.messages.recipients,
    { schema: { tags, body: MessageAudienceSchema, response: { 200: MessageRecipientsSchema } } },
    async (request) => messagesService.recipients(request.ctx, request.body),
  );

  app.post(API.messages.hide, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await messagesService.hide(request.ctx, request.params.id);
    return reply.status(204).send();
  });
}
