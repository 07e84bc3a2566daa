/** The user administration calls: search, infos, create, edit, anonymise, invitation, history. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  SECOND_FACTOR_CALLS,
  USER_CALLS,
  UserSortField,
  USER_PAGE_SIZES,
  type UserCreate,
  type UserDetail,
  type UserSearch,
  type UserUpdate,
  type UserBulkHabilitations,
  UserSearchResultSchema,
} from '@union/contract';
import { api, parseAnswer } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { prefetchQuery } from '../../../lib/load-ahead';
import { entitiesQuery } from './entities';

export const USERS_KEY = ['admin', 'users'] as const;
const userKey = (id: number) => [...USERS_KEY, id] as const;

/** POST /api/user/search. */
const searchUsers = async (criteria: UserSearch) =>
  // The call answers an administrator's rows or a lodge manager's narrower ones: this screen reads the first.
  parseAnswer(
    API.users.search,
    200,
    await api.call(USER_CALLS.search, { body: criteria }),
    UserSearchResultSchema,
  );

/** The list's criteria read from its address (they live there, so "back" keeps them), with the defaults. */
export function userListCriteria(params: URLSearchParams): UserSearch {
  const number = (name: string) => (params.get(name) ? Number(params.get(name)) : undefined);
  const tri = params.get('tri');
  const taille = number('taille');
  return {
    texte: params.get('texte') || undefined,
    entiteId: number('entite'),
    habilitation: (params.get('habilitation') as UserSearch['habilitation']) ?? undefined,
    etat: (params.get('etat') as UserSearch['etat']) ?? undefined,
    tri: tri && tri in UserSortField.labels ? (tri as UserSortField) : 'nom',
    sens: params.get('sens') === 'desc' ? 'desc' : 'asc',
    page: number('page') ?? 1,
    taille: pageSize(taille ?? rememberedPageSize()),
  };
}

/** The page size chosen last on this browser (the list opens with it), 20 at first. */
const PAGE_SIZE_KEY = 'union.utilisateurs.taille';
const pageSize = (n: number | null | undefined) =>
  n && (USER_PAGE_SIZES as readonly number[]).includes(n) ? n : 20;
function rememberedPageSize(): number | null {
  try {
    return Number(localStorage.getItem(PAGE_SIZE_KEY)) || null;
  } catch {
    return null; // Storage refused (private mode): the default.
  }
}
export function rememberPageSize(n: number): void {
  try {
    localStorage.setItem(PAGE_SIZE_KEY, String(pageSize(n)));
  } catch {
    // Not remembered: the address still holds it.
  }
}

/** The selected accounts as an Excel workbook, downloaded. */
export const downloadSelection = (ids: number[]) =>
  downloadFile(USER_CALLS.selectionExcel.path, 'utilisateurs.xlsx', { method: 'POST', body: { ids } });

/** Habilitations added to and removed from every selected account, or none (one refusal names who). */
export function useBulkHabilitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBulkHabilitations) => api.call(USER_CALLS.bulkHabilitations, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

const userSearchQuery = (criteria: UserSearch) =>
  queryOptions({ queryKey: [...USERS_KEY, 'search', criteria], queryFn: () => searchUsers(criteria) });

/** The page of users matching the criteria; the previous page stays shown while the next one loads. */
export function useUserSearch(criteria: UserSearch, enabled = true) {
  return useQuery({ ...userSearchQuery(criteria), placeholderData: keepPreviousData, enabled });
}

/**
 * The list's first page and the entities of its filter, asked for by the route while the page's code is
 * still on its way (features/admin/routes.tsx): the page then finds them in the cache, or in flight.
 */
export function prefetchUserList(params: URLSearchParams): void {
  prefetchQuery(userSearchQuery(userListCriteria(params)));
  prefetchQuery(entitiesQuery);
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () => api.call(USER_CALLS.infos, { params: { id } }),
  });
}

export function useUserHistory(id: number) {
  return useQuery({
    queryKey: [...userKey(id), 'history'],
    queryFn: () => api.call(USER_CALLS.history, { params: { id } }),
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
  useUserChange((user: UserCreate) => api.call(USER_CALLS.create, { body: user }));
export const useUpdateUser = () =>
  useUserChange((user: UserUpdate) => api.call(USER_CALLS.update, { body: user }));
export const useAnonymiseUser = () =>
  useUserChange((id: number) => api.call(USER_CALLS.anonymise, { params: { id } }));
export const useResendInvitation = () =>
  useUserChange((id: number) => api.call(USER_CALLS.resendInvitation, { params: { id } }));

/** DELETE /api/user/{id}/second-facteur: the person's authenticator reset (audited, they are e-mailed). */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(SECOND_FACTOR_CALLS.reset, { params: { id } }),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: userKey(id) }),
  });
}
