/** The own-account calls and the administration of users (specification §7). */
import {
  API,
  AccountSchema,
  HistorySchema,
  EmailBodySchema,
  NotificationFlagSchema,
  PasswordChangeSchema,
  PersonalDataSchema,
  TelephoneBodySchema,
  UserCreateSchema,
  UserDetailSchema,
  UserSearchResultSchema,
  UserPickResultSchema,
  UserSearchSchema,
  UserUpdateSchema,
  RecordIdParamSchema,
} from '@union/contract';
import { z } from 'zod';
import { bearerToken } from '../../lib/bearer-token';
import { contentDisposition } from '../../lib/file-names';
import type { App } from '../../types';
import { usersService, type NotificationKind } from './account-service';
import { usersAdminService } from './admin-service';
import { usersSearchService } from './search-service';

const idParams = z.object({ id: RecordIdParamSchema });

export default async function usersRoutes(app: App) {
  const tags = ['compte'];

  app.get(API.users.account, { schema: { tags, response: { 200: AccountSchema } } }, async (request) =>
    usersService.account(request.ctx),
  );

  app.post(
    API.users.password,
    { schema: { tags, body: PasswordChangeSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await usersService.changePassword(
        request.ctx,
        request.body.actuel,
        request.body.data,
        bearerToken(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.patch(
    API.users.email,
    { schema: { tags, body: EmailBodySchema, response: { 200: AccountSchema } } },
    async (request) => usersService.changeEmail(request.ctx, request.body.data),
  );

  app.patch(
    API.users.telephone,
    { schema: { tags, body: TelephoneBodySchema, response: { 200: AccountSchema } } },
    async (request) => usersService.changeTelephone(request.ctx, request.body.data),
  );

  const notificationPaths = {
    restauration: API.users.notificationRestauration,
    documents: API.users.notificationDocuments,
    messages: API.users.notificationMessages,
  } as const;
  for (const [kind, path] of Object.entries(notificationPaths) as [NotificationKind, string][]) {
    app.patch(
      path,
      { schema: { tags, body: NotificationFlagSchema, response: { 200: AccountSchema } } },
      async (request) => usersService.setNotification(request.ctx, kind, request.body.data === '1'),
    );
  }

  app.get(
    API.users.personalData,
    { schema: { tags, response: { 200: PersonalDataSchema } } },
    async (request, reply) => {
      void reply.header(
        'content-disposition',
        contentDisposition('attachment', 'mes-donnees-intranet-union.json'),
      );
      return usersService.personalData(request.ctx);
    },
  );

  // Administration of users (ADMIN; the search also serves lodge managers).
  const admin = ['administration'];

  app.post(
    API.users.search,
    {
      schema: {
        tags: admin,
        body: UserSearchSchema,
        // Administrators' rows first: a lodge manager's narrower rows only match the second.
        response: { 200: z.union([UserSearchResultSchema, UserPickResultSchema]) },
      },
    },
    async (request) => usersSearchService.search(request.ctx, request.body),
  );

  app.get(
    API.users.infos,
    { schema: { tags: admin, params: idParams, response: { 200: UserDetailSchema } } },
    async (request) => usersAdminService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.users.user,
    { schema: { tags: admin, body: UserCreateSchema, response: { 201: UserDetailSchema } } },
    async (request, reply) =>
      reply.status(201).send(await usersAdminService.create(request.ctx, request.body)),
  );

  app.put(
    API.users.user,
    { schema: { tags: admin, body: UserUpdateSchema, response: { 200: UserDetailSchema } } },
    async (request) => usersAdminService.update(request.ctx, request.body),
  );

  app.post(
    API.users.invitation,
    { schema: { tags: admin, params: idParams, response: { 200: UserDetailSchema } } },
    async (request) => usersAdminService.resendInvitation(request.ctx, request.params.id),
  );

  app.post(
    API.users.anonymise,
    { schema: { tags: admin, params: idParams, response: { 200: UserDetailSchema } } },
    async (request) => usersAdminService.anonymise(request.ctx, request.params.id),
  );

  app.get(
    API.users.history,
    { schema: { tags: admin, params: idParams, response: { 200: HistorySchema } } },
    async (request) => usersAdminService.history(request.ctx, request.params.id),
  );
}
