/**
 * The Union's views of every account (issue 20): aged receivables, on screen and in Excel, and the FEC.
 * Registered from the contract's table of calls.
 */
import { COMPTA_EXPORT_CALLS as calls } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { XLSX_MIME } from '../../../lib/excel';
import { sendFile } from '../documents/files';
import { exportsService } from './service';

export default async function exportsRoutes(app: App) {
  const tags = ['comptabilité'];

  route(app, calls.agedReceivables, { tags }, async (request) => exportsService.aged(request.ctx));

  route(app, calls.agedReceivablesExcel, { tags }, async (request, reply) =>
    sendFile(reply, 'balance-agee.xlsx', XLSX_MIME, await exportsService.agedExcel(request.ctx)),
  );

  route(app, calls.fec, { tags }, async (request, reply) => {
    const file = await exportsService.fec(request.ctx, request.query);
    return sendFile(reply, file.nom, 'text/plain; charset=iso-8859-15', file.contenu);
  });
}
