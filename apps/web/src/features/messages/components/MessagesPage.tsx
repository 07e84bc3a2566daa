/** The broadcast messages (/app/diffusions): every message with its level, window, audience and status. */
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MessageLevel, MessageStatus, type Message } from '@union/contract';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatDay } from '../../../lib/dates';
import { useMessages } from '../api/messages';

const LEVEL_COLORS = { info: 'blue', warning: 'yellow', danger: 'red' } as const;

function windowText(m: Pick<Message, 'debut' | 'fin'>): string {
  return m.fin ? `du ${formatDay(m.debut)} au ${formatDay(m.fin)}` : `à partir du ${formatDay(m.debut)}`;
}

export function MessagesPage() {
  usePageTitle('Messages');
  const messages = useMessages();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Messages</Title>
        <Button component={Link} to="nouveau" leftSection={<IconPlus size={16} />}>
          Nouveau message
        </Button>
      </Group>
      {messages.isPending && <Loader aria-label="Chargement des messages" />}
      {messages.data?.length === 0 && <Text>Aucun message pour le moment.</Text>}
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Messages"
      >
        {messages.data?.map((m) => (
          <Card key={m.id} withBorder padding="md" component="li">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Group gap="xs">
                  <Badge
                    color={LEVEL_COLORS[m.niveau]}
                    variant="light"
                    styles={{ label: { textTransform: 'none' } }}
                  >
                    {MessageLevel.labels[m.niveau]}
                  </Badge>
                  <Badge
                    color={m.statut === 'A' ? 'green' : 'gray'}
                    variant="outline"
                    styles={{ label: { textTransform: 'none' } }}
                  >
                    {MessageStatus.labels[m.statut]}
                  </Badge>
                </Group>
                <Text fw={700} style={{ wordBreak: 'break-word' }}>
                  {m.titre}
                </Text>
                <Text size="sm" c="dimmed">
                  Affiché {windowText(m)} ·{' '}
                  {m.tous ? 'Tout le monde' : m.entites.map((e) => e.nom).join(', ')}
                  {m.envoyeLe ? ' · envoyé par e-mail' : ''}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={String(m.id)}
                variant="light"
                size="sm"
                aria-label={`Modifier « ${m.titre} »`}
              >
                Modifier
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
