/**
 * The members of a managed entity: the entity membership calls (GET, POST, PUT
 * /api/entite/{id}/appartenances, DELETE /api/user/{id}/appartenances/{id}), the user search to add an
 * existing member, and the list of entities the caller manages (GET /api/user/entites/gestion).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  ENTITY_CALLS,
  USER_CALLS,
  type EntityMembershipCreate,
  type MembershipUpdate,
  UserPickResultSchema,
} from '@union/contract';
import { api, parseAnswer } from '../../../lib/api-client';

const LOGE_KEY = ['loge'] as const;
const membersKey = (entityId: number) => [...LOGE_KEY, entityId, 'members'] as const;

/** The active entities where the caller holds a current membership with `gestion`. */
export function useManagedEntities() {
  return useQuery({
    queryKey: [...LOGE_KEY, 'entities'],
    queryFn: () => api.call(ENTITY_CALLS.mine, { params: { purpose: 'gestion' } }),
  });
}

export function useMembers(entityId: number) {
  return useQuery({
    queryKey: membersKey(entityId),
    queryFn: () => api.call(ENTITY_CALLS.members, { params: { id: entityId } }),
  });
}

/** After any change, the entity's list is read again (the server computes dates, flags and actions). */
function useMembersChange<V, R>(entityId: number, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(entityId) }),
  });
}

/** Adds an existing user (`userId`) or creates a new member (`nouveau`, invited by e-mail). */
export const useAddMember = (entityId: number) =>
  useMembersChange(entityId, (body: EntityMembershipCreate) =>
    api.call(ENTITY_CALLS.addMember, { params: { id: entityId }, body }),
  );

export const useUpdateMember = (entityId: number) =>
  useMembersChange(entityId, (body: MembershipUpdate) =>
    api.call(ENTITY_CALLS.updateMember, { params: { id: entityId }, body }),
  );

/** Ends the membership today (it stays in the history). */
export const useEndMember = (entityId: number) =>
  useMembersChange(entityId, (m: { userId: number; id: number }) =>
    api.call(ENTITY_CALLS.endUserMembership, { params: { id: m.userId, membershipId: m.id } }),
  );

/** Refreshes the list after an import made elsewhere (the wizard). */
export function useRefreshMembers() {
  const queryClient = useQueryClient();
  return (entityId: number) => queryClient.invalidateQueries({ queryKey: membersKey(entityId) });
}

/**
 * People a lodge manager may add: active members of the entities they manage, or the one account whose
 * e-mail is exactly the text (the server decides; an administrator gets the full rows, which fit too).
 */
export function useActiveUserSearch(texte: string) {
  return useQuery({
    queryKey: [...LOGE_KEY, 'user-search', texte],
    queryFn: async () =>
      parseAnswer(
        API.users.search,
        200,
        await api.call(USER_CALLS.search, { body: { texte, etat: 'A', taille: 10 } }),
        UserPickResultSchema,
      ),
    enabled: texte.length >= 2,
  });
}
