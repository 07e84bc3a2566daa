/** One's own account, and the administration of users (specification §7). */
import { z } from 'zod';
import {
  AccountSchema,
  EmailBodySchema,
  NotificationFlagSchema,
  PasswordChangeSchema,
  TelephoneBodySchema,
} from '../auth';
import { HistorySchema } from '../history';
import { API } from '../routes';
import {
  PersonalDataSchema,
  UserBulkHabilitationsSchema,
  UserBulkResultSchema,
  UserCreateSchema,
  UserDetailSchema,
  UserPickResultSchema,
  UserSearchResultSchema,
  UserSearchSchema,
  UserSelectionSchema,
  UserUpdateSchema,
} from '../users';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

/** The three notification switches share one shape: `data` is '1' or '0', the answer the account. */
const notification = <P extends string>(path: P) =>
  defineCall({ method: 'PATCH', path, body: NotificationFlagSchema, responses: { 200: AccountSchema } });

export const USER_CALLS = {
  account: defineCall({ method: 'GET', path: API.users.account, responses: { 200: AccountSchema } }),
  changePassword: defineCall({
    method: 'POST',
    path: API.users.password,
    body: PasswordChangeSchema,
    responses: { 204: z.null() },
  }),
  changeEmail: defineCall({
    method: 'PATCH',
    path: API.users.email,
    body: EmailBodySchema,
    responses: { 200: AccountSchema },
  }),
  changeTelephone: defineCall({
    method: 'PATCH',
    path: API.users.telephone,
    body: TelephoneBodySchema,
    responses: { 200: AccountSchema },
  }),
  notificationRestauration: notification(API.users.notificationRestauration),
  notificationDocuments: notification(API.users.notificationDocuments),
  notificationMessages: notification(API.users.notificationMessages),
  personalData: defineCall({
    method: 'GET',
    path: API.users.personalData,
    responses: { 200: PersonalDataSchema },
  }),
  /** Administrators' rows first: a lodge manager's narrower rows only match the second. */
  search: defineCall({
    method: 'POST',
    path: API.users.search,
    body: UserSearchSchema,
    responses: { 200: z.union([UserSearchResultSchema, UserPickResultSchema]) },
  }),
  infos: defineCall({
    method: 'GET',
    path: API.users.infos,
    params: IdParamsSchema,
    responses: { 200: UserDetailSchema },
  }),
  create: defineCall({
    method: 'POST',
    path: API.users.user,
    body: UserCreateSchema,
    responses: { 201: UserDetailSchema },
  }),
  update: defineCall({
    method: 'PUT',
    path: API.users.user,
    body: UserUpdateSchema,
    responses: { 200: UserDetailSchema },
  }),
  resendInvitation: defineCall({
    method: 'POST',
    path: API.users.invitation,
    params: IdParamsSchema,
    responses: { 200: UserDetailSchema },
  }),
  anonymise: defineCall({
    method: 'POST',
    path: API.users.anonymise,
    params: IdParamsSchema,
    responses: { 200: UserDetailSchema },
  }),
  history: defineCall({
    method: 'GET',
    path: API.users.history,
    params: IdParamsSchema,
    responses: { 200: HistorySchema },
  }),
  /** The accounts selected in the list as an Excel workbook, downloaded. */
  selectionExcel: defineCall({ method: 'POST', path: API.users.selectionExcel, body: UserSelectionSchema }),
  bulkHabilitations: defineCall({
    method: 'PUT',
    path: API.users.bulkHabilitations,
    body: UserBulkHabilitationsSchema,
    responses: { 200: UserBulkResultSchema },
  }),
} as const;
