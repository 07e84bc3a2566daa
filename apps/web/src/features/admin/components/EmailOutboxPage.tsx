/**
 * The e-mail outbox (DECISIONS §7): with no SMTP server configured, e-mails stay here and administrators
 * read them, reset links included.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { OutboxQuerySchema, OutboxStatus, type OutboxEmail, type OutboxQuery } from '@union/contract';
import { IconInbox, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { DateField } from '../../../components/DateField';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatDateTime } from '../../../lib/dates';
import { useOutbox } from '../api/outbox';
import { useIsPhone } from '../../../components/useIsPhone';
import { useIsTouch } from '../../../components/useIsTouch';

const STATUS_COLORS: Record<OutboxEmail['statut'], string> = { P: 'yellow', E: 'green', X: 'red', A: 'gray' };

function StatusBadge({ statut }: { statut: OutboxEmail['statut'] }) {
  return (
    <Badge color={STATUS_COLORS[statut]} variant="light">
      {OutboxStatus[statut]}
    </Badge>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)»])/;

/** The text of an e-mail with its addresses as links (a reset or invitation link can be followed from here). */
function LinkedText({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <Anchor
        key={index}
        href={part}
        target="_blank"
        rel="noopener noreferrer"
        style={{ wordBreak: 'break-all' }}
      >
        {part}
      </Anchor>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
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
            <LinkedText text={email.texte} />
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
  const [recipient, setRecipient] = useState('');
  const [statut, setStatut] = useState<string | null>(null);
  const [du, setDu] = useState('');
  const [au, setAu] = useState('');
  const [debouncedRecipient] = useDebouncedValue(recipient.trim(), 300);
  // Checked with the contract's own schema before asking: a wrong pair of days is said here, not by a 412.
  const parsed = OutboxQuerySchema.safeParse({
    destinataire: debouncedRecipient || undefined,
    statut: statut ?? undefined,
    du: du || undefined,
    au: au || undefined,
  });
  const [lastValid, setLastValid] = useState<OutboxQuery>({});
  if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(lastValid)) setLastValid(parsed.data);
  const errorOf = (field: keyof OutboxQuery) =>
    parsed.success ? null : (parsed.error.issues.find((i) => i.path[0] === field)?.message ?? null);
  const outbox = useOutbox(lastValid);
  const filtered = Object.keys(lastValid).length > 0;
  const [reading, setReading] = useState<OutboxEmail | null>(null);
  const isPhone = useIsPhone();
  const touch = useIsTouch();

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Boîte d'envoi des e-mails</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          Actualiser
        </Button>
      </Group>
      <AdminNav />
      <Text size="sm" c="dimmed">
        Tous les e-mails de l'intranet passent par cette boîte. Sans serveur d'envoi configuré, ils y restent
        : {touch ? 'touchez' : 'cliquez sur'} un e-mail pour le lire.
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="sm"
        role="search"
        aria-label="Filtrer les e-mails"
      >
        <TextInput
          label="Destinataire"
          placeholder="ex. : dupont@exemple.fr"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          error={errorOf('destinataire')}
        />
        <Select
          label="État"
          placeholder="Tous"
          clearable
          data={(Object.keys(OutboxStatus) as OutboxEmail['statut'][]).map((code) => ({
            value: code,
            label: OutboxStatus[code],
          }))}
          value={statut}
          onChange={setStatut}
        />
        <DateField label="Créé à partir du" value={du} onChange={setDu} clearLabel="Effacer le début" />
        <DateField
          label="Créé jusqu'au"
          value={au}
          onChange={setAu}
          error={errorOf('au')}
          clearLabel="Effacer la fin"
        />
      </SimpleGrid>
      {outbox.isPending && <Loader aria-label="Chargement des e-mails" />}
      {outbox.isError && (
        <Alert variant="light" color="red">
          Les e-mails n'ont pas pu être chargés.
        </Alert>
      )}
      {outbox.data && outbox.data.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInbox />}>
          {filtered ? 'Aucun e-mail ne correspond à ces critères.' : "Aucun e-mail dans la boîte d'envoi."}
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
