/** The own-account calls and the administration of users (specification §7). */
import { CALLS } from '@union/contract';
import { bearerToken } from '../../lib/bearer-token';
import { contentDisposition } from '../../lib/file-names';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { usersService, type NotificationKind } from './account-service';
import { usersAdminService } from './admin-service';
import { usersBulkService } from './bulk-service';
import { XLSX_MIME } from '../../lib/excel';
import { usersSearchService } from './search-service';

export default async function usersRoutes(app: App) {
  const tags = ['compte'];
  const calls = CALLS.users;

  route(app, calls.account, { tags }, async (request) => usersService.account(request.ctx));

  route(app, calls.changePassword, { tags }, async (request, reply) => {
    await usersService.changePassword(
      request.ctx,
      request.body.actuel,
      request.body.data,
      bearerToken(request),
    );
    return reply.status(204).send(null);
  });

  route(app, calls.changeEmail, { tags }, async (request) =>
    usersService.changeEmail(request.ctx, request.body.data),
  );

  route(app, calls.changeTelephone, { tags }, async (request) =>
    usersService.changeTelephone(request.ctx, request.body.data),
  );

  const notificationCalls = {
    restauration: calls.notificationRestauration,
    documents: calls.notificationDocuments,
    messages: calls.notificationMessages,
  } as const;
  for (const [kind, call] of Object.entries(notificationCalls) as [
    NotificationKind,
    typeof calls.notificationRestauration,
  ][]) {
    route(app, call, { tags }, async (request) =>
      usersService.setNotification(request.ctx, kind, request.body.data === '1'),
    );
  }

  route(app, calls.personalData, { tags }, async (request, reply) => {
    void reply.header(
      'content-disposition',
      contentDisposition('attachment', 'mes-donnees-intranet-union.json'),
    );
    return usersService.personalData(request.ctx);
  });

  // Administration of users (ADMIN; the search also serves lodge managers).
  const admin = { tags: ['administration'] };

  route(app, calls.search, admin, async (request) => usersSearchService.search(request.ctx, request.body));

  route(app, calls.infos, admin, async (request) => usersAdminService.infos(request.ctx, request.params.id));

  route(app, calls.create, admin, async (request, reply) =>
    reply.status(201).send(await usersAdminService.create(request.ctx, request.body)),
  );

  route(app, calls.update, admin, async (request) => usersAdminService.update(request.ctx, request.body));

  route(app, calls.resendInvitation, admin, async (request) =>
    usersAdminService.resendInvitation(request.ctx, request.params.id),
  );

  route(app, calls.anonymise, admin, async (request) =>
    usersAdminService.anonymise(request.ctx, request.params.id),
  );

  route(app, calls.selectionExcel, { ...admin, produces: [XLSX_MIME] }, async (request, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', contentDisposition('attachment', 'utilisateurs.xlsx'))
      .send(await usersBulkService.selectionExcel(request.ctx, request.body.ids)),
  );

  route(app, calls.bulkHabilitations, admin, async (request) =>
    usersBulkService.habilitations(request.ctx, request.body),
  );

  route(app, calls.history, admin, async (request) =>
    usersAdminService.history(request.ctx, request.params.id),
  );
}
