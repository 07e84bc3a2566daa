/** The active messages addressed to the signed-in user, above the portal's menu; each can be hidden. */
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toast';
import { PORTAL_MESSAGES_KEY, useHideMessage, usePortalMessages } from '../api/messages';
import { MessageCard } from './MessageCard';

export function PortalMessages() {
  const messages = usePortalMessages();
  const hide = useHideMessage();
  const queryClient = useQueryClient();
  if (!messages.data || messages.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Messages">
      {messages.data.map((m) => (
        <MessageCard
          key={m.id}
          {...m}
          onHide={() =>
            hide.mutate(m.id, {
              onSuccess: () => {
                toast('info', 'Le message est masqué pour vous.');
                void queryClient.invalidateQueries({ queryKey: PORTAL_MESSAGES_KEY });
              },
            })
          }
        />
      ))}
    </Stack>
  );
}
