/** The meals (specification §7 paths): the week, the day's sessions, meals, dishes, the menu's e-mail, the recap. */
import {
  API,
  DishInputSchema,
  DishSchema,
  DishUpdateSchema,
  IsoDateSchema,
  MealCreateSchema,
  MealOrderListSchema,
  MealSchema,
  MealSessionListSchema,
  MealUpdateSchema,
  MealWeekSchema,
  RecordIdParamSchema,
  MealNotificationResultSchema,
} from '@union/contract';
import { z } from 'zod';
import { contentDisposition } from '../../../lib/file-names';
import type { App } from '../../../types';
import { mealsService } from './service';

const MealParams = z.object({ id: RecordIdParamSchema });
const DishParams = MealParams.extend({ platId: RecordIdParamSchema });

export default async function mealsRoutes(app: App) {
  const tags = ['restauration'];

  app.get(
    API.restaurant.search,
    { schema: { tags, params: z.object({ date: IsoDateSchema }), response: { 200: MealWeekSchema } } },
    async (request) => mealsService.week(request.ctx, request.params.date),
  );

  app.get(
    API.restaurant.mealOrders,
    { schema: { tags, params: MealParams, response: { 200: MealOrderListSchema } } },
    async (request) => mealsService.barOrders(request.ctx, request.params.id),
  );

  app.get(
    API.restaurant.sessions,
    {
      schema: { tags, params: z.object({ date: IsoDateSchema }), response: { 200: MealSessionListSchema } },
    },
    async (request) => mealsService.sessions(request.ctx, request.params.date),
  );

  app.post(
    API.restaurant.meals,
    { schema: { tags, body: MealCreateSchema, response: { 201: MealSchema } } },
    async (request, reply) =>
      reply.status(201).send(await mealsService.createMeal(request.ctx, request.body)),
  );

  app.put(
    API.restaurant.meals,
    { schema: { tags, body: MealUpdateSchema, response: { 200: MealSchema } } },
    async (request) => mealsService.updateMeal(request.ctx, request.body),
  );

  app.delete(API.restaurant.meal, { schema: { tags, params: MealParams } }, async (request, reply) => {
    await mealsService.deleteMeal(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  // GET: how many people the POST would e-mail now, for the confirmation asked before it (issue 21).
  app.get(
    API.restaurant.notify,
    { schema: { tags, params: MealParams, response: { 200: MealNotificationResultSchema } } },
    async (request) => mealsService.notifyPreview(request.ctx, request.params.id),
  );

  app.post(
    API.restaurant.notify,
    {
      schema: { tags, params: MealParams, response: { 200: MealNotificationResultSchema } },
    },
    async (request) => mealsService.notify(request.ctx, request.params.id),
  );

  app.post(
    API.restaurant.dishes,
    { schema: { tags, params: MealParams, body: DishInputSchema, response: { 201: DishSchema } } },
    async (request, reply) =>
      reply.status(201).send(await mealsService.createDish(request.ctx, request.params.id, request.body)),
  );

  app.put(
    API.restaurant.dishes,
    { schema: { tags, params: MealParams, body: DishUpdateSchema, response: { 200: DishSchema } } },
    async (request) => mealsService.updateDish(request.ctx, request.params.id, request.body),
  );

  app.delete(API.restaurant.dish, { schema: { tags, params: DishParams } }, async (request, reply) => {
    await mealsService.deleteDish(request.ctx, request.params.id, request.params.platId);
    return reply.status(204).send();
  });

  app.get(API.restaurant.recap, { schema: { tags, params: MealParams } }, async (request, reply) => {
    const { pdf, fileName } = await mealsService.recap(request.ctx, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .send(pdf);
  });
}
