/**
 * The Union cards (specification §7 paths): my card and my top-ups, the provider's form, the staff's
 * search and decisions, the provider's notification (IPN) and, without a provider, the simulator.
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
import { paymentNotifications } from '../../../lib/metrics';
import type { App } from '../../../types';
import { notification } from './ipn';
import { cardsService } from './service';
import simulatorRoutes from './simulator';
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

  // The provider calls this: no bearer, no XSRF cookie; its signature is its only credential.
  app.post(
    API.payments.ipn,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: cardTags,
        security: [],
        body: z.record(z.string(), z.string({ message: 'Chaque champ de la notification est un texte.' })),
      },
    },
    async (request, reply) => {
      const outcome = await notification(app.publicContext(), app.config, request.body).catch(
        (error: unknown) => {
          paymentNotifications.inc({ outcome: 'refused' });
          throw error;
        },
      );
      paymentNotifications.inc({ outcome });
      return reply.type('text/plain; charset=utf-8').send(outcome === 'applied' ? 'OK' : `OK (${outcome})`);
    },
  );

  await app.register(simulatorRoutes);
}
