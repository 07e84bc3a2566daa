/**
 * The till session open on the page: its till, who opened it, its figures (float, cash, cheques, sales,
 * cash expected), then the card form, its movements and its close.
 */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Till, type TillSessionDetail } from '@union/contract';
import { formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { CardMovementForm } from './CardMovementForm';
import { TillCloseForm } from './TillCloseForm';
import { TillSessionMovements } from './TillSessionMovements';

export function OpenTillSession({ session }: { session: TillSessionDetail }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} fz={{ base: 18, sm: 20 }}>
            {Till.labels[session.caisse]} – session n° {session.id}
          </Title>
          <Text size="sm">
            Ouverte le {formatDateTime(session.ouverture)} par {session.ouvertPar.prenom}{' '}
            {session.ouvertPar.nom}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            <Figure label="Fond de caisse" cents={session.fondInitial} />
            <Figure label="Espèces reçues" cents={session.especes} />
            <Figure label={`Chèques (${session.nombreCheques})`} cents={session.cheques} />
            <Figure label="Ventes au bar" cents={session.ventes} />
            <Figure label="Espèces attendues" cents={session.attendu} strong />
          </SimpleGrid>
        </Stack>
      </Paper>
      <CardMovementForm sessionId={session.id} />
      <TillSessionMovements session={session} />
      <TillCloseForm session={session} />
    </Stack>
  );
}

function Figure({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{formatCents(cents)}</Text>
    </div>
  );
}
