/** Entities and memberships, and the import and export of an entity's members. */
import { z } from 'zod';
import {
  EntityCreateSchema,
  EntityDetailSchema,
  EntityListSchema,
  EntityMembershipCreateSchema,
  EntityUpdateSchema,
  MembershipListSchema,
  MembershipSchema,
  MembershipUpdateSchema,
  UserMembershipCreateSchema,
} from '../entities';
import { EntityPurpose } from '../enums';
import { HistorySchema } from '../history';
import { RecordIdParamSchema } from '../ids';
import { ImportQuerySchema, ImportReportSchema, MembersExportQuerySchema } from '../imports';
import { API } from '../routes';
import { EntitySummaryListSchema } from '../settings';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

export const ENTITY_CALLS = {
  mine: defineCall({
    method: 'GET',
    path: API.entities.mine,
    params: z.object({ purpose: EntityPurpose.schema }),
    responses: { 200: EntitySummaryListSchema },
  }),
  all: defineCall({ method: 'GET', path: API.entities.all, responses: { 200: EntityListSchema } }),
  infos: defineCall({
    method: 'GET',
    path: API.entities.infos,
    params: IdParamsSchema,
    responses: { 200: EntityDetailSchema },
  }),
  create: defineCall({
    method: 'POST',
    path: API.entities.entity,
    body: EntityCreateSchema,
    responses: { 201: EntityDetailSchema },
  }),
  update: defineCall({
    method: 'PUT',
    path: API.entities.entity,
    body: EntityUpdateSchema,
    responses: { 200: EntityDetailSchema },
  }),
  history: defineCall({
    method: 'GET',
    path: API.entities.history,
    params: IdParamsSchema,
    responses: { 200: HistorySchema },
  }),
  members: defineCall({
    method: 'GET',
    path: API.entities.members,
    params: IdParamsSchema,
    responses: { 200: MembershipListSchema },
  }),
  addMember: defineCall({
    method: 'POST',
    path: API.entities.members,
    params: IdParamsSchema,
    body: EntityMembershipCreateSchema,
    responses: { 201: MembershipSchema },
  }),
  updateMember: defineCall({
    method: 'PUT',
    path: API.entities.members,
    params: IdParamsSchema,
    body: MembershipUpdateSchema,
    responses: { 200: MembershipSchema },
  }),
  userMemberships: defineCall({
    method: 'GET',
    path: API.entities.userMemberships,
    params: IdParamsSchema,
    responses: { 200: MembershipListSchema },
  }),
  addUserMembership: defineCall({
    method: 'POST',
    path: API.entities.userMemberships,
    params: IdParamsSchema,
    body: UserMembershipCreateSchema,
    responses: { 201: MembershipSchema },
  }),
  updateUserMembership: defineCall({
    method: 'PUT',
    path: API.entities.userMemberships,
    params: IdParamsSchema,
    body: MembershipUpdateSchema,
    responses: { 200: MembershipSchema },
  }),
  endUserMembership: defineCall({
    method: 'DELETE',
    path: API.entities.userMembership,
    params: z.object({ id: RecordIdParamSchema, membershipId: RecordIdParamSchema }),
    responses: { 204: z.null() },
  }),
} as const;

export const IMPORT_CALLS = {
  /** A multipart upload (one file): the body is read by the handler, so the call declares none. */
  userImport: defineCall({
    method: 'POST',
    path: API.imports.userImport,
    query: ImportQuerySchema,
    responses: { 200: ImportReportSchema },
  }),
  /** A file (Excel): downloaded, not parsed. */
  membersExcel: defineCall({
    method: 'GET',
    path: API.imports.membersExcel,
    params: IdParamsSchema,
    query: MembersExportQuerySchema,
  }),
} as const;
