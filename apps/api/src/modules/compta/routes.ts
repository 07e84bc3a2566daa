/** The Union's accounting, paths of the specification §7 (plus the bulk fee call and the credit note PDF). */
import {
  API,
  BulkCallReportSchema,
  BulkCallSchema,
  FeeTableQuerySchema,
  FeeTableSchema,
  OrderChangeQuerySchema,
  OrderChangeSchema,
  OrderCreateSchema,
  OrderDetailSchema,
  OrderSearchResultSchema,
  OrderSearchSchema,
  PreloadQuerySchema,
  PreloadSchema,
  RecordIdParamSchema,
} from '@union/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../types';
import { XLSX_MIME } from './excel';
import { comptaService } from './service';

/** Sends a produced file with its name (RFC 6266: an ASCII fallback and the UTF-8 name). */
function sendFile(reply: FastifyReply, name: string, mime: string, content: Buffer) {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return reply
    .header('content-type', mime)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(content);
}

const DocumentKindSchema = z.enum(['devis', 'facture', 'avoir', 'relance'], {
  message: 'Le document demandé est le devis, la facture, l’avoir ou la relance.',
});

export default async function comptaRoutes(app: App) {
  const tags = ['comptabilité'];

  app.post(
    API.compta.search,
    { schema: { tags, body: OrderSearchSchema, response: { 200: OrderSearchResultSchema } } },
    async (request) => comptaService.search(request.ctx, request.body),
  );

  app.post(API.compta.excel, { schema: { tags, body: OrderSearchSchema } }, async (request, reply) =>
    sendFile(reply, 'commandes-union.xlsx', XLSX_MIME, await comptaService.excel(request.ctx, request.body)),
  );

  app.get(
    API.compta.preload,
    { schema: { tags, querystring: PreloadQuerySchema, response: { 200: PreloadSchema } } },
    async (request) => comptaService.preload(request.ctx, request.query),
  );

  app.get(
    API.compta.infos,
    { schema: { tags, params: z.object({ id: RecordIdParamSchema }), response: { 200: OrderDetailSchema } } },
    async (request) => comptaService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.compta.order,
    { schema: { tags, body: OrderCreateSchema, response: { 201: OrderDetailSchema } } },
    async (request, reply) => reply.status(201).send(await comptaService.create(request.ctx, request.body)),
  );

  app.put(
    API.compta.order,
    {
      schema: {
        tags,
        querystring: OrderChangeQuerySchema,
        body: OrderChangeSchema,
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => comptaService.change(request.ctx, request.query.action, request.body),
  );

  app.get(
    API.compta.document,
    { schema: { tags, params: z.object({ id: RecordIdParamSchema, kind: DocumentKindSchema }) } },
    async (request, reply) => {
      const file = await comptaService.document(request.ctx, request.params.id, request.params.kind);
      return sendFile(reply, file.nom, 'application/pdf', file.contenu);
    },
  );

  app.get(
    API.compta.feeTable,
    { schema: { tags, querystring: FeeTableQuerySchema, response: { 200: FeeTableSchema } } },
    async (request) => comptaService.feeTable(request.ctx, request.query.annee, request.query.tiers),
  );

  app.get(
    API.compta.feeTableExcel,
    { schema: { tags, querystring: FeeTableQuerySchema } },
    async (request, reply) =>
      sendFile(
        reply,
        `cotisations-${request.query.annee}-${request.query.annee + 1}.xlsx`,
        XLSX_MIME,
        await comptaService.feeTableExcel(request.ctx, request.query.annee, request.query.tiers),
      ),
  );

  app.post(
    API.compta.bulkCall,
    { schema: { tags, body: BulkCallSchema, response: { 201: BulkCallReportSchema } } },
    async (request, reply) => reply.status(201).send(await comptaService.bulkCall(request.ctx, request.body)),
  );
}
