/** The Union's views of every account (issue 20): aged receivables, on screen and in Excel, and the FEC. */
import { AgedReceivablesSchema, API, PeriodQuerySchema } from '@union/contract';
import type { App } from '../../../types';
import { XLSX_MIME } from '../documents/excel';
import { sendFile } from '../documents/files';
import { exportsService } from './service';

export default async function exportsRoutes(app: App) {
  const tags = ['comptabilité'];

  app.get(
    API.compta.agedReceivables,
    { schema: { tags, response: { 200: AgedReceivablesSchema } } },
    async (request) => exportsService.aged(request.ctx),
  );

  app.get(API.compta.agedReceivablesExcel, { schema: { tags } }, async (request, reply) =>
    sendFile(reply, 'balance-agee.xlsx', XLSX_MIME, await exportsService.agedExcel(request.ctx)),
  );

  app.get(API.compta.fec, { schema: { tags, querystring: PeriodQuerySchema } }, async (request, reply) => {
    const file = await exportsService.fec(request.ctx, request.query);
    return sendFile(reply, file.nom, 'text/plain; charset=iso-8859-15', file.contenu);
  });
}
