/** The meal orders (specification §7 paths): orders of a meal, their payment at the desk, my orders. */
import {
  API,
  MealOrderInputSchema,
  MealOrderListSchema,
  MealOrderSchema,
  MealOrderUpdateSchema,
  PaymentMeans,
  RecordIdParamSchema,
  RefuseQuerySchema,
  SoldeQuerySchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../../types';
import { orderPaymentService } from './payment';
import { mealOrdersService } from './service';

const MealParams = z.object({ id: RecordIdParamSchema });
const OrderParams = MealParams.extend({ commandeId: RecordIdParamSchema });
const PayParams = OrderParams.extend({
  moyen: z.enum(PaymentMeans.codes, { message: 'Moyen de paiement : B, C, L ou I.' }),
});

export default async function ordersRoutes(app: App) {
  const tags = ['restauration'];

  app.post(
    API.restaurant.orders,
    {
      schema: {
        tags,
        params: MealParams,
        body: MealOrderInputSchema,
        response: { 200: MealOrderSchema, 201: MealOrderSchema },
      },
    },
    // A second order for the same meal and « pour » changes the first: 200 then.
    async (request, reply) => {
      const { order, created } = await mealOrdersService.createOrder(
        request.ctx,
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.put(
    API.restaurant.orders,
    { schema: { tags, params: MealParams, body: MealOrderUpdateSchema, response: { 200: MealOrderSchema } } },
    async (request) => mealOrdersService.updateOrder(request.ctx, request.params.id, request.body),
  );

  app.delete(API.restaurant.order, { schema: { tags, params: OrderParams } }, async (request, reply) => {
    await mealOrdersService.deleteOrder(request.ctx, request.params.id, request.params.commandeId);
    return reply.status(204).send();
  });

  app.post(
    API.restaurant.pay,
    {
      schema: { tags, params: PayParams, querystring: SoldeQuerySchema, response: { 200: MealOrderSchema } },
    },
    async (request) =>
      orderPaymentService.pay(
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
      orderPaymentService.refuse(request.ctx, request.params.id, request.params.commandeId, request.query),
  );

  app.delete(
    API.restaurant.payment,
    { schema: { tags, params: OrderParams, response: { 200: MealOrderSchema } } },
    async (request) =>
      orderPaymentService.undoPayment(request.ctx, request.params.id, request.params.commandeId),
  );

  app.get(
    API.restaurant.myOrders,
    { schema: { tags, response: { 200: MealOrderListSchema } } },
    async (request) => mealOrdersService.myOrders(request.ctx),
  );
}
