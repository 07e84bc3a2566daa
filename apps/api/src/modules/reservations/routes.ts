/**
 * The planning module: reservations (/api/reservation/…), closed days (/api/fermeture/…) and the annual
 * planning (/api/planning/…), paths of the specification §7.
 */
import {
  API,
  IsoDateSchema,
  PendingRequestsSchema,
  ReservationChangeQuerySchema,
  ReservationChangeSchema,
  ReservationDetailSchema,
  ReservationInputSchema,
  ReservationSchema,
  WeekSchema,
  RecordIdParamSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../types';
import closuresRoutes from './closures/routes';
import feedsRoutes from './feeds/routes';
import planningRoutes from './planning/routes';
import { reservationsService } from './service';

export default async function reservationsRoutes(app: App) {
  const tags = ['réservations'];

  app.get(
    API.reservations.search,
    { schema: { tags, params: z.object({ date: IsoDateSchema }), response: { 200: WeekSchema } } },
    async (request) => reservationsService.week(request.ctx, request.params.date),
  );

  app.get(
    API.reservations.pending,
    { schema: { tags, response: { 200: PendingRequestsSchema } } },
    async (request) => reservationsService.pending(request.ctx),
  );

  app.get(
    API.reservations.infos,
    {
      schema: {
        tags,
        params: z.object({ id: RecordIdParamSchema }),
        response: { 200: ReservationDetailSchema },
      },
    },
    async (request) => reservationsService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.reservations.reservation,
    { schema: { tags, body: ReservationInputSchema, response: { 201: ReservationSchema } } },
    async (request, reply) => {
      const created = await reservationsService.create(request.ctx, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    API.reservations.reservation,
    {
      schema: {
        tags,
        querystring: ReservationChangeQuerySchema,
        body: ReservationChangeSchema,
        response: { 200: ReservationSchema },
      },
    },
    async (request) => reservationsService.change(request.ctx, request.query.action, request.body),
  );

  await app.register(closuresRoutes);
  await app.register(planningRoutes);
  await app.register(feedsRoutes);
}
