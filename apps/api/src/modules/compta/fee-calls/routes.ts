/** What a new order proposes, the fee table of a year and its workbook, the bulk fee call (specification §7). */
import {
  API,
  BulkCallReportSchema,
  BulkCallSchema,
  BulkIssuePreviewSchema,
  BulkIssueQuerySchema,
  BulkIssueReportSchema,
  BulkIssueSchema,
  FeeTableQuerySchema,
  FeeTableSchema,
  PreloadQuerySchema,
  PreloadSchema,
  yearLabel,
} from '@union/contract';
import type { App } from '../../../types';
import { XLSX_MIME } from '../documents/excel';
import { sendFile } from '../documents/files';
import { feeCallsService } from './service';

export default async function feeCallsRoutes(app: App) {
  const tags = ['comptabilité'];

  app.get(
    API.compta.preload,
    { schema: { tags, querystring: PreloadQuerySchema, response: { 200: PreloadSchema } } },
    async (request) => feeCallsService.preload(request.ctx, request.query),
  );

  app.get(
    API.compta.feeTable,
    { schema: { tags, querystring: FeeTableQuerySchema, response: { 200: FeeTableSchema } } },
    async (request) => feeCallsService.feeTable(request.ctx, request.query.annee, request.query.tiers),
  );

  app.get(
    API.compta.feeTableExcel,
    { schema: { tags, querystring: FeeTableQuerySchema } },
    async (request, reply) =>
      sendFile(
        reply,
        `cotisations-${yearLabel(request.query.annee)}.xlsx`,
        XLSX_MIME,
        await feeCallsService.feeTableExcel(request.ctx, request.query.annee, request.query.tiers),
      ),
  );

  app.post(
    API.compta.bulkCall,
    { schema: { tags, body: BulkCallSchema, response: { 201: BulkCallReportSchema } } },
    async (request, reply) =>
      reply.status(201).send(await feeCallsService.bulkCall(request.ctx, request.body)),
  );

  app.get(
    API.compta.bulkIssue,
    { schema: { tags, querystring: BulkIssueQuerySchema, response: { 200: BulkIssuePreviewSchema } } },
    async (request) => feeCallsService.bulkIssuePreview(request.ctx, request.query),
  );

  app.post(
    API.compta.bulkIssue,
    { schema: { tags, body: BulkIssueSchema, response: { 200: BulkIssueReportSchema } } },
    async (request) => feeCallsService.bulkIssue(request.ctx, request.body),
  );
}
