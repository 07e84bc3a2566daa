/** The treasurer's dashboard (issue 33): one call per chart group, and its Excel file. Thin: the service decides. */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { XLSX_MIME } from '../../../lib/excel';
import { sendFile } from '../documents/files';
import { dashboardService } from './service';

export default async function dashboardRoutes(app: App) {
  const tags = ['comptabilité'];
  const calls = CALLS.comptaDashboard;

  route(app, calls.receivables, { tags }, async (request) => dashboardService.receivables(request.ctx));
  route(app, calls.months, { tags }, async (request) => dashboardService.months(request.ctx, request.query));
  route(app, calls.cards, { tags }, async (request) => dashboardService.cards(request.ctx));
  route(app, calls.due, { tags }, async (request) => dashboardService.due(request.ctx));
  route(app, calls.excel, { tags }, async (request, reply) =>
    sendFile(
      reply,
      'tableau-de-bord-comptable.xlsx',
      XLSX_MIME,
      await dashboardService.excel(request.ctx, request.query),
    ),
  );
}
