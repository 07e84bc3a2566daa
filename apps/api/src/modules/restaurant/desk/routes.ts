/** The card desk (issue 21): till sessions, desk movements and their receipts, the cards' balances at a date. */
import {
  API,
  CardBalancesQuerySchema,
  CardBalancesSchema,
  DeskCardListSchema,
  DeskCardQuerySchema,
  DeskMovementInputSchema,
  DeskMovementSchema,
  RecordIdParamSchema,
  TillCloseSchema,
  TillOpenSchema,
  TillSessionDetailSchema,
  TillSessionListSchema,
  TillSessionQuerySchema,
} from '@union/contract';
import { z } from 'zod';
import { contentDisposition } from '../../../lib/file-names';
import type { App } from '../../../types';
import { deskService } from './service';

const IdParams = z.object({ id: RecordIdParamSchema });
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function deskRoutes(app: App) {
  const tags = ['caisse'];

  app.get(
    API.desk.sessions,
    { schema: { tags, querystring: TillSessionQuerySchema, response: { 200: TillSessionListSchema } } },
    async (request) => deskService.list(request.ctx, request.query.ouvertes),
  );

  app.post(
    API.desk.sessions,
    { schema: { tags, body: TillOpenSchema, response: { 201: TillSessionDetailSchema } } },
    async (request, reply) => reply.status(201).send(await deskService.open(request.ctx, request.body)),
  );

  app.get(
    API.desk.session,
    { schema: { tags, params: IdParams, response: { 200: TillSessionDetailSchema } } },
    async (request) => deskService.get(request.ctx, request.params.id),
  );

  app.post(
    API.desk.close,
    { schema: { tags, params: IdParams, body: TillCloseSchema, response: { 200: TillSessionDetailSchema } } },
    async (request) => deskService.close(request.ctx, request.params.id, request.body),
  );

  app.post(
    API.desk.movements,
    {
      schema: {
        tags,
        params: IdParams,
        body: DeskMovementInputSchema,
        response: { 201: DeskMovementSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deskService.move(request.ctx, request.params.id, request.body)),
  );

  app.get(API.desk.receipt, { schema: { tags, params: IdParams } }, async (request, reply) => {
    const { pdf, fileName } = await deskService.receipt(request.ctx, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', fileName))
      .send(pdf);
  });

  app.get(
    API.desk.cards,
    { schema: { tags, querystring: DeskCardQuerySchema, response: { 200: DeskCardListSchema } } },
    async (request) => deskService.cards(request.ctx, request.query.q),
  );

  app.get(
    API.desk.balances,
    { schema: { tags, querystring: CardBalancesQuerySchema, response: { 200: CardBalancesSchema } } },
    async (request) => deskService.balances(request.ctx, request.query.date),
  );

  app.get(
    API.desk.balancesExcel,
    { schema: { tags, querystring: CardBalancesQuerySchema } },
    async (request, reply) => {
      const { xlsx, fileName } = await deskService.balancesExcel(request.ctx, request.query.date);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(xlsx);
    },
  );
}
