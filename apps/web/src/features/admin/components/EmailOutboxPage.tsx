/**
 * The e-mail outbox (DECISIONS §7): with no SMTP server configured, e-mails stay here and administrators
 * read them, reset links included.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { OutboxStatus, type OutboxEmail } from '@union/contract';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatDateTime } from '../../../lib/format';
import { useOutbox } from '../api/outbox';

const STATUS_COLORS: Record<OutboxEmail['statut'], string> = { P: 'yellow', E: 'green', X: 'red' };

function StatusBadge({ statut }: { statut: OutboxEmail['statut'] }) {
  return (
    <Badge color={STATUS_COLORS[statut]} variant="light">
      {OutboxStatus[statut]}
    </Badge>
  );
}

function EmailReader({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  return (
    <Modal opened={email !== null} onClose={onClose} title={email?.sujet} size="lg" centered>
      {email && (
        <Stack gap="sm">
          <Text size="sm">
            <strong>Destinataire :</strong> {email.destinataire}
          </Text>
          <Text size="sm">
            <strong>Créé le :</strong> {formatDateTime(email.creeLe)}
            {email.envoyeLe && ` — envoyé le ${formatDateTime(email.envoyeLe)}`}
          </Text>
          <Group gap="xs">
            <StatusBadge statut={email.statut} />
            <Text size="sm" c="dimmed">
              {email.tentatives} tentative{email.tentatives > 1 ? 's' : ''}
            </Text>
          </Group>
          {email.erreur && (
            <Alert color="red" title="Dernière erreur">
              {email.erreur}
            </Alert>
          )}
          <Text
            component="pre"
            p="sm"
            bg="gray.0"
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontFamily: 'inherit',
              borderRadius: 8,
            }}
          >
            {email.texte}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

/** On a phone a table of five columns does not fit: one compact card per e-mail instead. */
function EmailCards({ emails, onRead }: { emails: OutboxEmail[]; onRead: (email: OutboxEmail) => void }) {
  return (
    <Stack gap="xs">
      {emails.map((email) => (
        <Paper
          key={email.id}
          withBorder
          p="sm"
          component="button"
          type="button"
          onClick={() => onRead(email)}
          style={{ textAlign: 'left', cursor: 'pointer', width: '100%' }}
          aria-label={`Lire l'e-mail « ${email.sujet} » à ${email.destinataire}`}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatDateTime(email.creeLe)}
            </Text>
            <StatusBadge statut={email.statut} />
          </Group>
          <Text fw={600} size="sm" lineClamp={2}>
            {email.sujet}
          </Text>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {email.destinataire} · {email.tentatives} tentative{email.tentatives > 1 ? 's' : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

export function EmailOutboxPage() {
  usePageTitle("Boîte d'envoi des e-mails");
  const outbox = useOutbox();
  const [reading, setReading] = useState<OutboxEmail | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Boîte d'envoi des e-mails
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          Actualiser
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Tous les e-mails de l'intranet passent par cette boîte. Sans serveur d'envoi configuré, ils y restent
        : cliquez sur une ligne pour lire un e-mail.
      </Text>
      {outbox.isPending && <Loader aria-label="Chargement des e-mails" />}
      {outbox.isError && (
        <Alert variant="light" color="red">
          Les e-mails n'ont pas pu être chargés.
        </Alert>
      )}
      {outbox.data && outbox.data.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInbox />}>
          Aucun e-mail dans la boîte d'envoi.
        </Alert>
      )}
      {outbox.data && outbox.data.length > 0 && isPhone && (
        <EmailCards emails={outbox.data} onRead={setReading} />
      )}
      {outbox.data && outbox.data.length > 0 && !isPhone && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Destinataire</Table.Th>
                <Table.Th>Sujet</Table.Th>
                <Table.Th>Statut</Table.Th>
                <Table.Th ta="right">Tentatives</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.data.map((email) => (
                <Table.Tr
                  key={email.id}
                  onClick={() => setReading(email)}
                  onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && setReading(email)}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  aria-label={`Lire l'e-mail « ${email.sujet} » à ${email.destinataire}`}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.creeLe)}</Table.Td>
                  <Table.Td>{email.destinataire}</Table.Td>
                  <Table.Td>{email.sujet}</Table.Td>
                  <Table.Td>
                    <StatusBadge statut={email.statut} />
                  </Table.Td>
                  <Table.Td ta="right">{email.tentatives}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <EmailReader email={reading} onClose={() => setReading(null)} />
    </Stack>
  );
}
