/** The user administration calls: search, infos, create, edit, anonymise, invitation, history. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  HistorySchema,
  pathTo,
  type UserCreate,
  type UserDetail,
  type UserSearch,
  type UserUpdate,
  UserDetailSchema,
  UserSearchResultSchema,
} from '@union/contract';
import { api } from '../../../lib/api-client';

export const USERS_KEY = ['admin', 'users'] as const;
const userKey = (id: number) => [...USERS_KEY, id] as const;

/** POST /api/user/search. */
const searchUsers = (criteria: UserSearch) =>
  api.post(API.users.search, criteria, { schema: UserSearchResultSchema });

/** The page of users matching the criteria; the previous page stays shown while the next one loads. */
export function useUserSearch(criteria: UserSearch, enabled = true) {
  return useQuery({
    queryKey: [...USERS_KEY, 'search', criteria],
    queryFn: () => searchUsers(criteria),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () => api.get(pathTo(API.users.infos, { id }), { schema: UserDetailSchema }),
  });
}

export function useUserHistory(id: number) {
  return useQuery({
    queryKey: [...userKey(id), 'history'],
    queryFn: () => api.get(pathTo(API.users.history, { id }), { schema: HistorySchema }),
    staleTime: 0,
  });
}

/** After any change to a user: the lists, the user and their history are read again. */
function useUserChange<V>(call: (variables: V) => Promise<UserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      queryClient.setQueryData(userKey(user.id), user);
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

export const useCreateUser = () =>
  useUserChange((user: UserCreate) => api.post(API.users.user, user, { schema: UserDetailSchema }));
export const useUpdateUser = () =>
  useUserChange((user: UserUpdate) => api.put(API.users.user, user, { schema: UserDetailSchema }));
export const useAnonymiseUser = () =>
  useUserChange((id: number) =>
    api.post(pathTo(API.users.anonymise, { id }), undefined, { schema: UserDetailSchema }),
  );
export const useResendInvitation = () =>
  useUserChange((id: number) =>
    api.post(pathTo(API.users.invitation, { id }), undefined, { schema: UserDetailSchema }),
  );

/** DELETE /api/user/{id}/second-facteur: the person's authenticator reset (audited, they are e-mailed). */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(pathTo(API.secondFactor.reset, { id })),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: userKey(id) }),
  });
}
