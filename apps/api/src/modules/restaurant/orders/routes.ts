/** The meal orders (specification §7 paths): orders of a meal, their payment at the desk, my orders. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { orderPaymentService } from './payment';
import { mealOrdersService } from './service';

export default async function ordersRoutes(app: App) {
  const tags = ['restauration'];
  const calls = CALLS.restaurant;

  // A second order for the same meal and « pour » changes the first: 200 then.
  route(app, calls.createOrder, { tags }, async (request, reply) => {
    const { order, created } = await mealOrdersService.createOrder(
      request.ctx,
      request.params.id,
      request.body,
    );
    return reply.status(created ? 201 : 200).send(order);
  });

  route(app, calls.updateOrder, { tags }, async (request) =>
    mealOrdersService.updateOrder(request.ctx, request.params.id, request.body),
  );

  route(app, calls.deleteOrder, { tags }, async (request, reply) => {
    await mealOrdersService.deleteOrder(request.ctx, request.params.id, request.params.commandeId);
    return reply.status(204).send();
  });

  route(app, calls.pay, { tags }, async (request) =>
    orderPaymentService.pay(
      request.ctx,
      request.params.id,
      request.params.commandeId,
      request.params.moyen,
      request.query,
    ),
  );

  route(app, calls.refuse, { tags }, async (request) =>
    orderPaymentService.refuse(request.ctx, request.params.id, request.params.commandeId, request.query),
  );

  route(app, calls.undoPayment, { tags }, async (request) =>
    orderPaymentService.undoPayment(request.ctx, request.params.id, request.params.commandeId),
  );

  route(app, calls.myOrders, { tags }, async (request) => mealOrdersService.myOrders(request.ctx));
}
