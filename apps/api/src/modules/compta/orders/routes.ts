/**
 * The orders (specification §7, plus the credit note PDF): their search and Excel list, an order's page,
 * its creation, each action on it, and its PDFs.
 */
import {
  API,
  OrderChangeQuerySchema,
  OrderChangeSchema,
  OrderCreateSchema,
  OrderDetailSchema,
  OrderSearchResultSchema,
  OrderSearchSchema,
  RecordIdParamSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../../types';
import { XLSX_MIME } from '../documents/excel';
import { sendFile } from '../documents/files';
import { ordersService } from './service';

const DocumentKindSchema = z.enum(['devis', 'facture', 'avoir', 'relance'], {
  message: 'Le document demandé est le devis, la facture, l’avoir ou la relance.',
});

export default async function ordersRoutes(app: App) {
  const tags = ['comptabilité'];

  app.post(
    API.compta.search,
    { schema: { tags, body: OrderSearchSchema, response: { 200: OrderSearchResultSchema } } },
    async (request) => ordersService.search(request.ctx, request.body),
  );

  app.post(API.compta.excel, { schema: { tags, body: OrderSearchSchema } }, async (request, reply) =>
    sendFile(reply, 'commandes-union.xlsx', XLSX_MIME, await ordersService.excel(request.ctx, request.body)),
  );

  app.get(
    API.compta.infos,
    { schema: { tags, params: z.object({ id: RecordIdParamSchema }), response: { 200: OrderDetailSchema } } },
    async (request) => ordersService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.compta.order,
    { schema: { tags, body: OrderCreateSchema, response: { 201: OrderDetailSchema } } },
    async (request, reply) => reply.status(201).send(await ordersService.create(request.ctx, request.body)),
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
    async (request) => ordersService.change(request.ctx, request.query.action, request.body),
  );

  app.get(
    API.compta.document,
    { schema: { tags, params: z.object({ id: RecordIdParamSchema, kind: DocumentKindSchema }) } },
    async (request, reply) => {
      const file = await ordersService.document(request.ctx, request.params.id, request.params.kind);
      return sendFile(reply, file.nom, 'application/pdf', file.contenu);
    },
  );

  app.get(
    API.compta.creditNote,
    { schema: { tags, params: z.object({ id: RecordIdParamSchema }) } },
    async (request, reply) => {
      const file = await ordersService.creditNoteDocument(request.ctx, request.params.id);
      return sendFile(reply, file.nom, 'application/pdf', file.contenu);
    },
  );
}
