/**
 * Memberships, seen from a user (/api/user/{id}/appartenances) or from an entity
 * (/api/entite/{id}/appartenances). Every change refreshes both sides and the histories.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENTITY_CALLS,
  type EntityMembershipCreate,
  type MembershipUpdate,
  type UserMembershipCreate,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { ENTITIES_KEY } from './entities';
import { USERS_KEY } from './users';

/** Whose memberships: a user's or an entity's. */
export type MembershipScope = { userId: number } | { entityId: number };

const membershipsKey = (scope: MembershipScope) =>
  'userId' in scope
    ? [...USERS_KEY, scope.userId, 'memberships']
    : [...ENTITIES_KEY, scope.entityId, 'memberships'];

export function useMemberships(scope: MembershipScope) {
  return useQuery({
    queryKey: membershipsKey(scope),
    queryFn: () =>
      'userId' in scope
        ? api.call(ENTITY_CALLS.userMemberships, { params: { id: scope.userId } })
        : api.call(ENTITY_CALLS.members, { params: { id: scope.entityId } }),
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

/** The form seen from a user names the entity, the one seen from an entity names the user. */
export const useAddMembership = (scope: MembershipScope) =>
  useMembershipChange((body: UserMembershipCreate | EntityMembershipCreate) =>
    'userId' in scope
      ? api.call(ENTITY_CALLS.addUserMembership, {
          params: { id: scope.userId },
          body: body as UserMembershipCreate,
        })
      : api.call(ENTITY_CALLS.addMember, {
          params: { id: scope.entityId },
          body: body as EntityMembershipCreate,
        }),
  );

export const useUpdateMembership = (scope: MembershipScope) =>
  useMembershipChange((body: MembershipUpdate) =>
    'userId' in scope
      ? api.call(ENTITY_CALLS.updateUserMembership, { params: { id: scope.userId }, body })
      : api.call(ENTITY_CALLS.updateMember, { params: { id: scope.entityId }, body }),
  );

/** DELETE /api/user/{id}/appartenances/{id}: ends the membership (or removes one not started). */
export const useEndMembership = () =>
  useMembershipChange((m: { userId: number; id: number }) =>
    api.call(ENTITY_CALLS.endUserMembership, { params: { id: m.userId, membershipId: m.id } }),
  );
