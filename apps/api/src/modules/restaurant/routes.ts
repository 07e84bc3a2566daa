/**
 * The restaurant and the cards (specification §7 paths): meals, dishes, orders and their payment at the
 * bar, the member's orders and card, top-ups, staff decisions, and the provider's notification (IPN).
 */
import {
  API,
  DishInputSchema,
  DishSchema,
  DishUpdateSchema,
  IsoDateSchema,
  MealInputSchema,
  MealOrderInputSchema,
  MealOrderListSchema,
  MealOrderSchema,
  MealOrderUpdateSchema,
  MealSchema,
  MealSessionListSchema,
  MealUpdateSchema,
  MealWeekSchema,
  MyCardSchema,
  PaymentMeans,
  ProviderFormSchema,
  RecordIdParamSchema,
  RefuseQuerySchema,
  SoldeQuerySchema,
  TopUpInputSchema,
  TopUpListSchema,
  TopUpSchema,
  TopUpSearchSchema,
} from '@union/contract';
import { z } from 'zod';
import { paymentNotifications } from '../../lib/metrics';
import type { App } from '../../types';
import { paymentsService } from './payments';
import { restaurantService } from './service';
import simulatorRoutes from './simulator';

const MealParams = z.object({ id: RecordIdParamSchema });
const DishParams = MealParams.extend({ platId: RecordIdParamSchema });
const OrderParams = MealParams.extend({ commandeId: RecordIdParamSchema });
const PayParams = OrderParams.extend({
  moyen: z.enum(PaymentMeans.codes, { message: 'Moyen de paiement : B, C, L ou I.' }),
});
const TopUpActionParams = z.object({
  id: RecordIdParamSchema,
  action: z.enum(['validate', 'transfer', 'cancel'], {
    message: "Action : cette action de paiement n'existe pas.",
  }),
});
const ACTION_OF = { validate: 'VALIDATE', transfer: 'TRANSFER', cancel: 'CANCEL' } as const;

export default async function restaurantRoutes(app: App) {
  const tags = ['restauration'];
  const cardTags = ['carte Union'];

  app.get(
    API.restaurant.search,
    { schema: { tags, params: z.object({ date: IsoDateSchema }), response: { 200: MealWeekSchema } } },
    async (request) => restaurantService.week(request.ctx, request.params.date),
  );

  app.get(
    API.restaurant.sessions,
    {
      schema: { tags, params: z.object({ date: IsoDateSchema }), response: { 200: MealSessionListSchema } },
    },
    async (request) => restaurantService.sessions(request.ctx, request.params.date),
  );

  app.post(
    API.restaurant.meals,
    { schema: { tags, body: MealInputSchema, response: { 201: MealSchema } } },
    async (request, reply) =>
      reply.status(201).send(await restaurantService.createMeal(request.ctx, request.body)),
  );

  app.put(
    API.restaurant.meals,
    { schema: { tags, body: MealUpdateSchema, response: { 200: MealSchema } } },
    async (request) => restaurantService.updateMeal(request.ctx, request.body),
  );

  app.delete(API.restaurant.meal, { schema: { tags, params: MealParams } }, async (request, reply) => {
    await restaurantService.deleteMeal(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    API.restaurant.notify,
    {
      schema: { tags, params: MealParams, response: { 200: z.object({ destinataires: z.number().int() }) } },
    },
    async (request) => restaurantService.notify(request.ctx, request.params.id),
  );

  app.post(
    API.restaurant.dishes,
    { schema: { tags, params: MealParams, body: DishInputSchema, response: { 201: DishSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await restaurantService.createDish(request.ctx, request.params.id, request.body)),
  );

  app.put(
    API.restaurant.dishes,
    { schema: { tags, params: MealParams, body: DishUpdateSchema, response: { 200: DishSchema } } },
    async (request) => restaurantService.updateDish(request.ctx, request.params.id, request.body),
  );

  app.delete(API.restaurant.dish, { schema: { tags, params: DishParams } }, async (request, reply) => {
    await restaurantService.deleteDish(request.ctx, request.params.id, request.params.platId);
    return reply.status(204).send();
  });

  app.post(
    API.restaurant.orders,
    { schema: { tags, params: MealParams, body: MealOrderInputSchema, response: { 201: MealOrderSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await restaurantService.createOrder(request.ctx, request.params.id, request.body)),
  );

  app.put(
    API.restaurant.orders,
    { schema: { tags, params: MealParams, body: MealOrderUpdateSchema, response: { 200: MealOrderSchema } } },
    async (request) => restaurantService.updateOrder(request.ctx, request.params.id, request.body),
  );

  app.delete(API.restaurant.order, { schema: { tags, params: OrderParams } }, async (request, reply) => {
    await restaurantService.deleteOrder(request.ctx, request.params.id, request.params.commandeId);
    return reply.status(204).send();
  });

  app.post(
    API.restaurant.pay,
    {
      schema: { tags, params: PayParams, querystring: SoldeQuerySchema, response: { 200: MealOrderSchema } },
    },
    async (request) =>
      restaurantService.pay(
        request.ctx,
        request.params.id,
        request.params.commandeId,
        request.params.moyen,
        request.query,
      ),
  );

  app.post(
    API.restaurant.refuse,
    {
      schema: {
        tags,
        params: OrderParams,
        querystring: RefuseQuerySchema,
        response: { 200: MealOrderSchema },
      },
    },
    async (request) =>
      restaurantService.refuse(request.ctx, request.params.id, request.params.commandeId, request.query),
  );

  app.delete(
    API.restaurant.payment,
    { schema: { tags, params: OrderParams, response: { 200: MealOrderSchema } } },
    async (request) =>
      restaurantService.undoPayment(request.ctx, request.params.id, request.params.commandeId),
  );

  app.get(API.restaurant.recap, { schema: { tags, params: MealParams } }, async (request, reply) => {
    const { pdf, fileName } = await restaurantService.recap(request.ctx, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });

  app.get(
    API.restaurant.myOrders,
    { schema: { tags, response: { 200: MealOrderListSchema } } },
    async (request) => restaurantService.myOrders(request.ctx),
  );

  app.get(
    API.payments.mine,
    { schema: { tags: cardTags, response: { 200: MyCardSchema } } },
    async (request) => paymentsService.mine(request.ctx),
  );

  app.post(
    API.payments.mine,
    { schema: { tags: cardTags, body: TopUpInputSchema, response: { 201: TopUpSchema } } },
    async (request, reply) =>
      reply.status(201).send(await paymentsService.create(request.ctx, request.body.montant)),
  );

  app.get(
    API.payments.providerForm,
    { schema: { tags: cardTags, params: MealParams, response: { 200: ProviderFormSchema } } },
    async (request) => paymentsService.providerForm(request.ctx, app.config, request.params.id),
  );

  app.post(
    API.payments.search,
    { schema: { tags: cardTags, body: TopUpSearchSchema, response: { 200: TopUpListSchema } } },
    async (request) => paymentsService.search(request.ctx, request.body),
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
      paymentsService.act(request.ctx, request.params.id, ACTION_OF[request.params.action], request.query),
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
      const outcome = await paymentsService
        .notification(app.publicContext(), app.config, request.body)
        .catch((error: unknown) => {
          paymentNotifications.inc({ outcome: 'refused' });
          throw error;
        });
      paymentNotifications.inc({ outcome });
      return reply.type('text/plain; charset=utf-8').send(outcome === 'applied' ? 'OK' : `OK (${outcome})`);
    },
  );

  await app.register(simulatorRoutes);
}
