/** The history of a user or an entity: who did what and when, newest first. */
import { Alert, Card, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import type { HistoryEntry } from '@union/contract';
import { formatDateTime } from '../../../lib/dates';

interface Props {
  entries: HistoryEntry[] | undefined;
  isPending: boolean;
}

export function HistoryPanel({ entries, isPending }: Props) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Historique
        </Title>
        {isPending && <Loader size="sm" aria-label="Chargement de l'historique" />}
        {entries && entries.length === 0 && <Alert color="gray">Aucune modification enregistrée.</Alert>}
        {entries && entries.length > 0 && (
          <Timeline bulletSize={12} lineWidth={2}>
            {entries.map((entry) => (
              <Timeline.Item key={entry.id} title={entry.libelle}>
                {entry.resume && (
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {entry.resume}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.date)} — {entry.auteur ?? 'le système'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Card>
  );
}
