/** « Mes sessions » on the account page (issue 22): where the person is signed in, and ending any of them. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEndSession, useSessions } from '../api/second-factor';
import { formatDateTime } from '../../../lib/dates';

export function SessionsPanel() {
  const { data: sessions } = useSessions();
  const end = useEndSession();
  if (!sessions) return null;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {sessions.map((session) => (
        <Group key={session.id} component="li" justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text size="sm" fw={600}>
              {session.appareil}
              {session.courante ? ' (cette session)' : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {session.adresse ?? 'Adresse inconnue'} · dernière utilisation le{' '}
              {formatDateTime(session.derniereUtilisation)}
            </Text>
          </div>
          {!session.courante && (
            <Button
              size="xs"
              variant="default"
              loading={end.isPending && end.variables === session.id}
              onClick={() => end.mutate(session.id)}
              aria-label={`Terminer la session ${session.appareil}, ${session.adresse ?? 'adresse inconnue'}`}
            >
              Terminer
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
