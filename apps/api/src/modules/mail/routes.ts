/** GET /api/admin/emails: the outbox, for administrators (DECISIONS §7), filtered on the server. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { mailService } from './service';

export default async function mailRoutes(app: App) {
  route(app, CALLS.mail.outbox, { tags: ['administration'] }, async (request) =>
    mailService.outbox(request.ctx, request.query),
  );
}
