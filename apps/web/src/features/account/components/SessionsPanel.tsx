/**
 * « Mes sessions » on the account page (issue 22): where the person is signed in, ending any of them,
 * and those opened before the double authentication at once. Each row says its device, address, opening and last use, and its button names them, so that
 * two sessions of one device and address are told apart (a number is added if even these match).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { SessionRow } from '@union/contract';
import { useEndSession, useSessions } from '../api/second-factor';
import { formatDateTime } from '../../../lib/dates';
import { SessionsBeforeSecondFactor } from './SessionsBeforeSecondFactor';

/** What tells a session apart, for its button's name. */
const sessionLabel = (session: SessionRow) =>
  `${session.appareil}, ${session.adresse ?? 'adresse inconnue'}, ouverte le ${formatDateTime(session.ouverture)}`;

/** Each session's name, with « n° k » added to those that would otherwise read the same. */
function namesOf(sessions: readonly SessionRow[]): Map<number, string> {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const s of sessions) total.set(sessionLabel(s), (total.get(sessionLabel(s)) ?? 0) + 1);
  return new Map(
    sessions.map((s) => {
      const base = sessionLabel(s);
      const k = (seen.get(base) ?? 0) + 1;
      seen.set(base, k);
      return [s.id, total.get(base)! > 1 ? `${base} (n° ${k})` : base];
    }),
  );
}

export function SessionsPanel() {
  const { data: sessions } = useSessions();
  const end = useEndSession();
  if (!sessions) return null;
  const names = namesOf(sessions);
  return (
    <Stack gap="sm">
      <SessionsBeforeSecondFactor />
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.map((session) => (
          <Group key={session.id} component="li" justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text size="sm" fw={600}>
                {session.appareil}
                {session.courante ? ' (cette session)' : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {session.adresse ?? 'Adresse inconnue'} · ouverte le {formatDateTime(session.ouverture)} ·
                dernière utilisation le {formatDateTime(session.derniereUtilisation)}
              </Text>
            </div>
            {!session.courante && (
              <Button
                size="xs"
                variant="default"
                loading={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id)}
                aria-label={`Terminer la session ${names.get(session.id)}`}
              >
                Terminer
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
