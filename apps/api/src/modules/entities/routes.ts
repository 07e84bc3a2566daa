/**
 * Entities and memberships: GET /api/user/entites/{purpose}, GET /api/entite/all, the entity pages,
 * and the memberships seen from a user (/api/user/{id}/appartenances) or from an entity
 * (/api/entite/{id}/appartenances).
 */
import {
  API,
  EntityCreateSchema,
  EntityDetailSchema,
  EntityListSchema,
  EntityMembershipCreateSchema,
  EntityPurpose,
  EntitySummaryListSchema,
  EntityUpdateSchema,
  HistorySchema,
  MembershipListSchema,
  MembershipSchema,
  MembershipUpdateSchema,
  RecordIdParamSchema,
  UserMembershipCreateSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../types';
import { entitiesService } from './entities-service';
import { membershipsService } from './memberships-service';

const positiveId = RecordIdParamSchema;
const idParams = z.object({ id: positiveId });

export default async function entitiesRoutes(app: App) {
  const tags = ['entités'];

  app.get(
    API.entities.mine,
    {
      schema: {
        tags,
        params: z.object({ purpose: EntityPurpose.schema }),
        response: { 200: EntitySummaryListSchema },
      },
    },
    async (request) => entitiesService.mine(request.ctx, request.params.purpose),
  );

  app.get(API.entities.all, { schema: { tags, response: { 200: EntityListSchema } } }, async (request) =>
    entitiesService.all(request.ctx),
  );

  app.get(
    API.entities.infos,
    { schema: { tags, params: idParams, response: { 200: EntityDetailSchema } } },
    async (request) => entitiesService.infos(request.ctx, request.params.id),
  );

  app.post(
    API.entities.entity,
    { schema: { tags, body: EntityCreateSchema, response: { 201: EntityDetailSchema } } },
    async (request, reply) => reply.status(201).send(await entitiesService.create(request.ctx, request.body)),
  );

  app.put(
    API.entities.entity,
    { schema: { tags, body: EntityUpdateSchema, response: { 200: EntityDetailSchema } } },
    async (request) => entitiesService.update(request.ctx, request.body),
  );

  app.get(
    API.entities.history,
    { schema: { tags, params: idParams, response: { 200: HistorySchema } } },
    async (request) => entitiesService.history(request.ctx, request.params.id),
  );

  // Memberships seen from the entity.
  app.get(
    API.entities.members,
    { schema: { tags, params: idParams, response: { 200: MembershipListSchema } } },
    async (request) => membershipsService.membershipsOfEntity(request.ctx, request.params.id),
  );

  app.post(
    API.entities.members,
    {
      schema: {
        tags,
        params: idParams,
        body: EntityMembershipCreateSchema,
        response: { 201: MembershipSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await membershipsService.addToEntity(request.ctx, request.params.id, request.body)),
  );

  app.put(
    API.entities.members,
    { schema: { tags, params: idParams, body: MembershipUpdateSchema, response: { 200: MembershipSchema } } },
    async (request) =>
      membershipsService.updateMembership(request.ctx, { entityId: request.params.id }, request.body),
  );

  // Memberships seen from the user.
  app.get(
    API.entities.userMemberships,
    { schema: { tags, params: idParams, response: { 200: MembershipListSchema } } },
    async (request) => membershipsService.membershipsOfUser(request.ctx, request.params.id),
  );

  app.post(
    API.entities.userMemberships,
    {
      schema: {
        tags,
        params: idParams,
        body: UserMembershipCreateSchema,
        response: { 201: MembershipSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await membershipsService.addToUser(request.ctx, request.params.id, request.body)),
  );

  app.put(
    API.entities.userMemberships,
    { schema: { tags, params: idParams, body: MembershipUpdateSchema, response: { 200: MembershipSchema } } },
    async (request) =>
      membershipsService.updateMembership(request.ctx, { userId: request.params.id }, request.body),
  );

  app.delete(
    API.entities.userMembership,
    {
      schema: {
        tags,
        params: z.object({ id: positiveId, membershipId: positiveId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await membershipsService.endMembership(request.ctx, request.params.id, request.params.membershipId);
      return reply.status(204).send(null);
    },
  );
}
