/**
 * The orders (specification §7, plus the credit note PDF): their search and Excel list, an order's page,
 * its creation, each action on it, and its PDFs. Registered from the contract's table of calls.
 */
import { COMPTA_ORDER_CALLS as calls } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { XLSX_MIME } from '../../../lib/excel';
import { sendFile } from '../documents/files';
import { ordersService } from './service';

export default async function ordersRoutes(app: App) {
  const tags = ['comptabilité'];

  route(app, calls.search, { tags }, async (request) => ordersService.search(request.ctx, request.body));

  route(app, calls.excel, { tags }, async (request, reply) =>
    sendFile(
      reply,
      'factures-et-devis-union.xlsx',
      XLSX_MIME,
      await ordersService.excel(request.ctx, request.body),
    ),
  );

  route(app, calls.infos, { tags }, async (request) => ordersService.infos(request.ctx, request.params.id));

  route(app, calls.create, { tags }, async (request, reply) =>
    reply.status(201).send(await ordersService.create(request.ctx, request.body)),
  );

  route(app, calls.change, { tags }, async (request) =>
    ordersService.change(request.ctx, request.query.action, request.body),
  );

  route(app, calls.document, { tags }, async (request, reply) => {
    const file = await ordersService.document(request.ctx, request.params.id, request.params.kind);
    return sendFile(reply, file.nom, 'application/pdf', file.contenu);
  });

  route(app, calls.creditNote, { tags }, async (request, reply) => {
    const file = await ordersService.creditNoteDocument(request.ctx, request.params.id);
    return sendFile(reply, file.nom, 'application/pdf', file.contenu);
  });
}
