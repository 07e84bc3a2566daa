/**
 * The « Relances » screen's calls (issue 20): the overdue invoices, a batch's preview and sending, each
 * letter sent. Registered from the contract's table of calls.
 */
import { COMPTA_REMINDER_CALLS as calls } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { sendFile } from '../documents/files';
import { remindersService } from './batch';

export default async function remindersRoutes(app: App) {
  const tags = ['comptabilité'];

  route(app, calls.overdue, { tags }, async (request) => remindersService.overdue(request.ctx));

  route(app, calls.preview, { tags }, async (request) =>
    remindersService.preview(request.ctx, request.body.ids),
  );

  route(app, calls.send, { tags }, async (request) => remindersService.send(request.ctx, request.body.ids));

  route(app, calls.letter, { tags }, async (request, reply) => {
    const file = await remindersService.letter(request.ctx, request.params.id, request.params.rang);
    return sendFile(reply, file.nom, 'application/pdf', file.contenu);
  });
}
