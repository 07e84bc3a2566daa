/** Broadcast messages: the writers' list and editor, and the portal's own messages. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  EntityListSchema,
  MessageListSchema,
  MessageRecipientsSchema,
  MessageSchema,
  pathTo,
  PortalMessageListSchema,
  type MessageInput,
} from '@union/contract';
import { api } from '../../../lib/api-client';

const MESSAGES_KEY = ['messages'] as const;
export const PORTAL_MESSAGES_KEY = ['messages', 'portal'] as const;

export const useMessages = () =>
  useQuery({
    queryKey: [...MESSAGES_KEY, 'all'],
    queryFn: () => api.get(API.messages.all, { schema: MessageListSchema }),
  });

export const useMessage = (id: number | null) =>
  useQuery({
    queryKey: [...MESSAGES_KEY, id],
    queryFn: () => api.get(pathTo(API.messages.infos, { id: id! }), { schema: MessageSchema }),
    enabled: id !== null,
    staleTime: 0,
  });

/** The portal's messages: an extra above the menu, so a failure shows nothing rather than an error. */
export const usePortalMessages = () =>
  useQuery({
    queryKey: PORTAL_MESSAGES_KEY,
    queryFn: () => api.get(API.messages.appli, { schema: PortalMessageListSchema }),
    meta: { handlesErrors: true },
    staleTime: 60_000,
  });

export const useEntityNames = () =>
  useQuery({
    queryKey: ['entities', 'names'],
    queryFn: () => api.get(API.entities.all, { schema: EntityListSchema }),
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
      ? api.put(API.messages.message, body, { schema: MessageSchema })
      : api.post(API.messages.message, body, { schema: MessageSchema }),
  );
/** How many people the e-mail of a message being written would reach (asked before sending it). */
export const countRecipients = (audience: { tous: boolean; entites: number[] }) =>
  api.post(API.messages.recipients, audience, { schema: MessageRecipientsSchema });
export const useDeleteMessage = () =>
  useMessageMutation((id: number) => api.delete(pathTo(API.messages.remove, { id })));
export const useHideMessage = () =>
  useMessageMutation((id: number) => api.post(pathTo(API.messages.hide, { id })));
