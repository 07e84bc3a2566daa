/** The meals (specification §7 paths): the week, the day's sessions, meals, dishes, the menu's e-mail, the recap. */
import { CALLS } from '@union/contract';
import { contentDisposition } from '../../../lib/file-names';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { mealsService } from './service';

export default async function mealsRoutes(app: App) {
  const tags = ['restauration'];
  const calls = CALLS.restaurant;

  route(app, calls.week, { tags }, async (request) => mealsService.week(request.ctx, request.params.date));

  route(app, calls.mealOrders, { tags }, async (request) =>
    mealsService.barOrders(request.ctx, request.params.id),
  );

  route(app, calls.sessions, { tags }, async (request) =>
    mealsService.sessions(request.ctx, request.params.date),
  );

  route(app, calls.createMeal, { tags }, async (request, reply) =>
    reply.status(201).send(await mealsService.createMeal(request.ctx, request.body)),
  );

  route(app, calls.updateMeal, { tags }, async (request) =>
    mealsService.updateMeal(request.ctx, request.body),
  );

  route(app, calls.deleteMeal, { tags }, async (request, reply) => {
    await mealsService.deleteMeal(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  // GET: how many people the POST would e-mail now, for the confirmation asked before it (issue 21).
  route(app, calls.notifyPreview, { tags }, async (request) =>
    mealsService.notifyPreview(request.ctx, request.params.id),
  );

  route(app, calls.notify, { tags }, async (request) => mealsService.notify(request.ctx, request.params.id));

  route(app, calls.createDish, { tags }, async (request, reply) =>
    reply.status(201).send(await mealsService.createDish(request.ctx, request.params.id, request.body)),
  );

  route(app, calls.updateDish, { tags }, async (request) =>
    mealsService.updateDish(request.ctx, request.params.id, request.body),
  );

  route(app, calls.deleteDish, { tags }, async (request, reply) => {
    await mealsService.deleteDish(request.ctx, request.params.id, request.params.platId);
    return reply.status(204).send();
  });

  route(app, calls.recap, { tags }, async (request, reply) => {
    const { pdf, fileName } = await mealsService.recap(request.ctx, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .send(pdf);
  });
}
