/**
 * A lodge's or association's account for its officers (issue 20): the account, its PDFs, the statement
 * of a period, and the online card payment of an invoice. Thin: the service decides.
 */
import { CALLS, COMPTA_ONLINE_CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { XLSX_MIME } from '../../../lib/excel';
import { sendFile } from '../documents/files';
import { accountsService } from './service';
import { onlineSettlements } from './settle';

export default async function accountsRoutes(app: App) {
  const tags = ['compte des loges'];

  const calls = CALLS.accounts;

  route(app, calls.account, { tags }, async (request) =>
    accountsService.account(request.ctx, request.params.idEntite),
  );

  route(app, calls.document, { tags }, async (request, reply) => {
    const { idEntite, id, kind } = request.params;
    const file = await accountsService.document(request.ctx, idEntite, id, kind, request.query.niveau);
    return sendFile(reply, file.nom, 'application/pdf', file.contenu);
  });

  route(app, calls.creditNote, { tags }, async (request, reply) => {
    const { idEntite, id } = request.params;
    const file = await accountsService.creditNote(request.ctx, idEntite, id);
    return sendFile(reply, file.nom, 'application/pdf', file.contenu);
  });

  route(app, calls.statement, { tags }, async (request, reply) => {
    const { idEntite, format } = request.params;
    const file = await accountsService.statement(request.ctx, idEntite, format, request.query);
    return sendFile(reply, file.nom, format === 'pdf' ? 'application/pdf' : XLSX_MIME, file.contenu);
  });

  route(app, calls.pay, { tags }, async (request, reply) =>
    reply
      .status(201)
      .send(
        await accountsService.startOnlinePayment(
          request.ctx,
          app.config,
          request.params.idEntite,
          request.params.id,
        ),
      ),
  );

  const online = COMPTA_ONLINE_CALLS;
  const comptaTags = ['comptabilité'];

  route(app, online.unapplied, { tags: comptaTags }, async (request) => onlineSettlements.list(request.ctx));

  route(app, online.settle, { tags: comptaTags }, async (request) =>
    onlineSettlements.settle(request.ctx, request.params.id, request.body),
  );
}
