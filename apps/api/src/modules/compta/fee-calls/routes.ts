/**
 * What a new order proposes, the fee table of a year and its workbook, the bulk fee call (specification §7).
 * Registered from the contract's table of calls.
 */
import { COMPTA_FEE_CALLS as calls, yearLabel } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { XLSX_MIME } from '../../../lib/excel';
import { sendFile } from '../documents/files';
import { feeCallsService } from './service';

export default async function feeCallsRoutes(app: App) {
  const tags = ['comptabilité'];

  route(app, calls.preload, { tags }, async (request) => feeCallsService.preload(request.ctx, request.query));

  route(app, calls.feeTable, { tags }, async (request) =>
    feeCallsService.feeTable(request.ctx, request.query.annee, request.query.tiers),
  );

  route(app, calls.feeTableExcel, { tags }, async (request, reply) =>
    sendFile(
      reply,
      `cotisations-${yearLabel(request.query.annee)}.xlsx`,
      XLSX_MIME,
      await feeCallsService.feeTableExcel(request.ctx, request.query.annee, request.query.tiers),
    ),
  );

  route(app, calls.bulkCall, { tags }, async (request, reply) =>
    reply.status(201).send(await feeCallsService.bulkCall(request.ctx, request.body)),
  );

  route(app, calls.bulkIssuePreview, { tags }, async (request) =>
    feeCallsService.bulkIssuePreview(request.ctx, request.query),
  );

  route(app, calls.bulkIssue, { tags }, async (request) =>
    feeCallsService.bulkIssue(request.ctx, request.body),
  );
}
