/**
 * The Union cards (specification §7 paths): my card and my top-ups, the provider's form, the staff's
 * search and decisions. The provider's notification and its simulator are payment-provider/'s.
 */
import {
  API,
  MyCardSchema,
  ProviderFormSchema,
  RecordIdParamSchema,
  SoldeQuerySchema,
  TopUpInputSchema,
  TopUpListSchema,
  TopUpSchema,
  TopUpSearchSchema,
  TopUpWaitingSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../../types';
import { cardsService } from './service';
import { waitingService } from './waiting';

const TopUpParams = z.object({ id: RecordIdParamSchema });
const TopUpActionParams = z.object({
  id: RecordIdParamSchema,
  action: z.enum(['validate', 'transfer', 'cancel'], {
    message: "Action : cette action de paiement n'existe pas.",
  }),
});
const ACTION_OF = { validate: 'VALIDATE', transfer: 'TRANSFER', cancel: 'CANCEL' } as const;

export default async function cardsRoutes(app: App) {
  const cardTags = ['carte Union'];

  app.get(
    API.payments.mine,
    { schema: { tags: cardTags, response: { 200: MyCardSchema } } },
    async (request) => cardsService.mine(request.ctx),
  );

  app.post(
    API.payments.mine,
    { schema: { tags: cardTags, body: TopUpInputSchema, response: { 201: TopUpSchema } } },
    async (request, reply) =>
      reply.status(201).send(await cardsService.create(request.ctx, request.body.montant)),
  );

  app.get(
    API.payments.providerForm,
    { schema: { tags: cardTags, params: TopUpParams, response: { 200: ProviderFormSchema } } },
    async (request) => cardsService.providerForm(request.ctx, app.config, request.params.id),
  );

  app.post(
    API.payments.search,
    { schema: { tags: cardTags, body: TopUpSearchSchema, response: { 200: TopUpListSchema } } },
    async (request) => cardsService.search(request.ctx, request.body),
  );

  app.get(
    API.payments.waiting,
    { schema: { tags: cardTags, response: { 200: TopUpWaitingSchema } } },
    async (request) => waitingService.count(request.ctx),
  );

  app.post(
    API.payments.act,
    {
      schema: {
        tags: cardTags,
        params: TopUpActionParams,
        querystring: SoldeQuerySchema,
        response: { 200: TopUpSchema },
      },
    },
    async (request) =>
      cardsService.act(request.ctx, request.params.id, ACTION_OF[request.params.action], request.query),
  );
}
