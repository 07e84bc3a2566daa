/**
 * Entities and memberships: GET /api/user/entites/{purpose}, GET /api/entite/all, the entity pages,
 * and the memberships seen from a user (/api/user/{id}/appartenances) or from an entity
 * (/api/entite/{id}/appartenances).
 */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { entitiesService } from './entities-service';
import { membershipsService } from './memberships-service';

export default async function entitiesRoutes(app: App) {
  const tags = ['entités'];
  const calls = CALLS.entities;

  route(app, calls.mine, { tags }, async (request) =>
    entitiesService.mine(request.ctx, request.params.purpose),
  );

  route(app, calls.all, { tags }, async (request) => entitiesService.all(request.ctx));

  route(app, calls.infos, { tags }, async (request) => entitiesService.infos(request.ctx, request.params.id));

  route(app, calls.create, { tags }, async (request, reply) =>
    reply.status(201).send(await entitiesService.create(request.ctx, request.body)),
  );

  route(app, calls.update, { tags }, async (request) => entitiesService.update(request.ctx, request.body));

  route(app, calls.history, { tags }, async (request) =>
    entitiesService.history(request.ctx, request.params.id),
  );

  // Memberships seen from the entity.
  route(app, calls.members, { tags }, async (request) =>
    membershipsService.membershipsOfEntity(request.ctx, request.params.id),
  );

  route(app, calls.addMember, { tags }, async (request, reply) =>
    reply
      .status(201)
      .send(await membershipsService.addToEntity(request.ctx, request.params.id, request.body)),
  );

  route(app, calls.updateMember, { tags }, async (request) =>
    membershipsService.updateMembership(request.ctx, { entityId: request.params.id }, request.body),
  );

  // Memberships seen from the user.
  route(app, calls.userMemberships, { tags }, async (request) =>
    membershipsService.membershipsOfUser(request.ctx, request.params.id),
  );

  route(app, calls.addUserMembership, { tags }, async (request, reply) =>
    reply.status(201).send(await membershipsService.addToUser(request.ctx, request.params.id, request.body)),
  );

  route(app, calls.updateUserMembership, { tags }, async (request) =>
    membershipsService.updateMembership(request.ctx, { userId: request.params.id }, request.body),
  );

  route(app, calls.endUserMembership, { tags }, async (request, reply) => {
    await membershipsService.endMembership(request.ctx, request.params.id, request.params.membershipId);
    return reply.status(204).send(null);
  });
}
