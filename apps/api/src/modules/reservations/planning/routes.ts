/** The annual planning calls of the specification §7 (/api/planning/…). */
import {
  API,
  decimalParam,
  PlanningDeleteResultSchema,
  PlanningEntryDetailSchema,
  PlanningEntryListSchema,
  PlanningInputSchema,
  PlanningSaveResultSchema,
  PlanningUpdateSchema,
  PlanningYearOpenedSchema,
  PlanningYearsSchema,
  RecordIdOrAllParamSchema,
  RecordIdParamSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../../types';
import { planningService } from './service';

const Id = RecordIdParamSchema;
/** 0 in a search path means "all". */
const IdOrAll = RecordIdOrAllParamSchema;
const orAll = (id: number) => (id === 0 ? null : id);

export default async function planningRoutes(app: App) {
  const tags = ['planning annuel'];

  app.get(API.planning.years, { schema: { tags, response: { 200: PlanningYearsSchema } } }, async (request) =>
    planningService.years(request.ctx),
  );

  app.post(
    API.planning.years,
    { schema: { tags, response: { 201: PlanningYearOpenedSchema } } },
    async (request, reply) => reply.status(201).send(await planningService.openYear(request.ctx)),
  );

  app.get(
    API.planning.search,
    {
      schema: {
        tags,
        params: z.object({
          annee: decimalParam(z.number().int().min(2000).max(2100), 'L’année doit être écrite en chiffres.'),
          idEntite: IdOrAll,
          idSalle: IdOrAll,
        }),
        response: { 200: PlanningEntryListSchema },
      },
    },
    async (request) => {
      const { annee, idEntite, idSalle } = request.params;
      return planningService.search(request.ctx, annee, orAll(idEntite), orAll(idSalle));
    },
  );

  app.get(
    API.planning.infos,
    { schema: { tags, params: z.object({ id: Id }), response: { 200: PlanningEntryDetailSchema } } },
    async (request) => planningService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.planning.planning,
    { schema: { tags, body: PlanningInputSchema, response: { 201: PlanningSaveResultSchema } } },
    async (request, reply) => reply.status(201).send(await planningService.create(request.ctx, request.body)),
  );

  app.put(
    API.planning.planning,
    { schema: { tags, body: PlanningUpdateSchema, response: { 200: PlanningSaveResultSchema } } },
    async (request) => planningService.update(request.ctx, request.body),
  );

  app.delete(
    API.planning.remove,
    { schema: { tags, params: z.object({ id: Id }), response: { 200: PlanningDeleteResultSchema } } },
    async (request) => planningService.remove(request.ctx, request.params.id),
  );
}
