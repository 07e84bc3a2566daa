/** Broadcast messages: the writers' list and editor, and the portal's own messages. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENTITY_CALLS, MESSAGE_CALLS, type MessageInput } from '@union/contract';
import { api } from '../../../lib/api-client';

const MESSAGES_KEY = ['messages'] as const;
export const PORTAL_MESSAGES_KEY = ['messages', 'portal'] as const;

export const useMessages = () =>
  useQuery({
    queryKey: [...MESSAGES_KEY, 'all'],
    queryFn: () => api.call(MESSAGE_CALLS.all),
  });

export const useMessage = (id: number | null) =>
  useQuery({
    queryKey: [...MESSAGES_KEY, id],
    queryFn: () => api.call(MESSAGE_CALLS.infos, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
  });

/** The portal's messages: an extra above the menu, so a failure shows nothing rather than an error. */
export const usePortalMessages = () =>
  useQuery({
    queryKey: PORTAL_MESSAGES_KEY,
    queryFn: () => api.call(MESSAGE_CALLS.shown),
    meta: { handlesErrors: true },
    staleTime: 60_000,
  });

export const useEntityNames = () =>
  useQuery({
    queryKey: ['entities', 'names'],
    queryFn: () => api.call(ENTITY_CALLS.all),
    staleTime: 5 * 60_000,
  });

function useMessageMutation<T, V>(run: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

export const useSaveMessage = () =>
  useMessageMutation((body: MessageInput & { id?: number }) =>
    body.id
      ? api.call(MESSAGE_CALLS.update, { body: { ...body, id: body.id } })
      : api.call(MESSAGE_CALLS.create, { body }),
  );
/** How many people the e-mail of a message being written would reach (asked before sending it). */
export const countRecipients = (audience: { tous: boolean; entites: number[] }) =>
  api.call(MESSAGE_CALLS.recipients, { body: audience });
export const useDeleteMessage = () =>
  useMessageMutation((id: number) => api.call(MESSAGE_CALLS.remove, { params: { id } }));
export const useHideMessage = () =>
  useMessageMutation((id: number) => api.call(MESSAGE_CALLS.hide, { params: { id } }));
