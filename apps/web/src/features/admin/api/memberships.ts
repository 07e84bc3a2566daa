/**
 * Memberships, seen from a user (/api/user/{id}/appartenances) or from an entity
 * (/api/entite/{id}/appartenances). Every change refreshes both sides and the histories.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  MembershipListSchema,
  MembershipSchema,
  pathTo,
  type EntityMembershipCreate,
  type MembershipUpdate,
  type UserMembershipCreate,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { ENTITIES_KEY } from './entities';
import { USERS_KEY } from './users';

/** Whose memberships: a user's or an entity's. */
export type MembershipScope = { userId: number } | { entityId: number };

const membershipsPath = (scope: MembershipScope) =>
  'userId' in scope
    ? pathTo(API.entities.userMemberships, { id: scope.userId })
    : pathTo(API.entities.members, { id: scope.entityId });

const membershipsKey = (scope: MembershipScope) =>
  'userId' in scope
    ? [...USERS_KEY, scope.userId, 'memberships']
    : [...ENTITIES_KEY, scope.entityId, 'memberships'];

export function useMemberships(scope: MembershipScope) {
  return useQuery({
    queryKey: membershipsKey(scope),
    queryFn: () => api.get(membershipsPath(scope), { schema: MembershipListSchema }),
  });
}

function useMembershipChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ENTITIES_KEY });
    },
  });
}

export const useAddMembership = (scope: MembershipScope) =>
  useMembershipChange((body: UserMembershipCreate | EntityMembershipCreate) =>
    api.post(membershipsPath(scope), body, { schema: MembershipSchema }),
  );

export const useUpdateMembership = (scope: MembershipScope) =>
  useMembershipChange((body: MembershipUpdate) =>
    api.put(membershipsPath(scope), body, { schema: MembershipSchema }),
  );

/** DELETE /api/user/{id}/appartenances/{id}: ends the membership (or removes one not started). */
export const useEndMembership = () =>
  useMembershipChange((m: { userId: number; id: number }) =>
    api.delete(pathTo(API.entities.userMembership, { id: m.userId, membershipId: m.id })),
  );
