/** The card desk (issue 21): till sessions, desk movements and their receipts, the cards' balances at a date. */
import { CALLS } from '@union/contract';
import { XLSX_MIME } from '../../../lib/excel';
import { contentDisposition } from '../../../lib/file-names';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { deskService } from './service';

export default async function deskRoutes(app: App) {
  const tags = ['caisse'];
  const calls = CALLS.desk;

  route(app, calls.sessions, { tags }, async (request) =>
    deskService.list(request.ctx, request.query.ouvertes),
  );

  route(app, calls.open, { tags }, async (request, reply) =>
    reply.status(201).send(await deskService.open(request.ctx, request.body)),
  );

  route(app, calls.session, { tags }, async (request) => deskService.get(request.ctx, request.params.id));

  route(app, calls.close, { tags }, async (request) =>
    deskService.close(request.ctx, request.params.id, request.body),
  );

  route(app, calls.move, { tags }, async (request, reply) =>
    reply.status(201).send(await deskService.move(request.ctx, request.params.id, request.body)),
  );

  route(app, calls.receipt, { tags }, async (request, reply) => {
    const { pdf, fileName } = await deskService.receipt(request.ctx, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', fileName))
      .send(pdf);
  });

  route(app, calls.cards, { tags }, async (request) => deskService.cards(request.ctx, request.query.q));

  route(app, calls.balances, { tags }, async (request) =>
    deskService.balances(request.ctx, request.query.date),
  );

  route(app, calls.balancesExcel, { tags }, async (request, reply) => {
    const { xlsx, fileName } = await deskService.balancesExcel(request.ctx, request.query.date);
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', contentDisposition('attachment', fileName))
      .send(xlsx);
  });
}
