/** The requests waiting for the staff's decision, oldest first, with their age; the closed days ahead. */
import { Anchor, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { plural, type PlanningDashboard } from '@union/contract';
import { Link } from 'react-router';
import { ScrollTable } from '../../../../components/ScrollTable';
import { formatDay, formatLongDate } from '../../../../lib/dates';

const KIND = { DC: 'Réservation', DS: 'Suppression' } as const;
const days = (n: number) => `${n} jour${n > 1 ? 's' : ''}`;

type Props = Pick<PlanningDashboard, 'demandes' | 'demandesTotal'>;

function WaitingTable({ demandes }: Pick<PlanningDashboard, 'demandes'>) {
  return (
    <ScrollTable label="Demandes en attente" minWidth={520}>
      <Table striped aria-labelledby="waiting-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Demande</Table.Th>
            <Table.Th scope="col">Salle</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col" ta="right">
              Attente
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {demandes.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" fw="normal">
                <Anchor component={Link} to={`/app/reservations/planning?date=${r.date}&vue=jour`}>
                  {KIND[r.etat]} : {r.libelle}
                </Anchor>
                <Text size="sm" c="gray.8">
                  {r.entite}
                </Text>
              </Table.Th>
              <Table.Td>{r.salle}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDay(r.date)} {r.debut}–{r.fin}
              </Table.Td>
              <Table.Td ta="right" fw={r.age >= 7 ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {days(r.age)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function WaitingRequests({ demandes, demandesTotal }: Props) {
  const oldest = demandes[0];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="waiting-title">
      <Stack gap="sm">
        <Title order={3} id="waiting-title" fz={{ base: 17, sm: 19 }}>
          Demandes en attente
        </Title>
        <Text size="sm" c="gray.8">
          {oldest
            ? `${demandesTotal} demande${demandesTotal > 1 ? 's' : ''} en attente, la plus ancienne depuis ${days(oldest.age)}` +
              (demandesTotal > demandes.length ? ` (${plural(demandes.length, 'affichée')} ici).` : '.')
            : 'Aucune demande en attente.'}
        </Text>
        {oldest && <WaitingTable demandes={demandes} />}
        {demandesTotal > 0 && (
          <Anchor component={Link} to="/app/reservations/demandes">
            Traiter les {demandesTotal} demande{demandesTotal > 1 ? 's' : ''}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

export function ClosuresAhead({ fermetures }: Pick<PlanningDashboard, 'fermetures'>) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="closures-ahead-title">
      <Stack gap="sm">
        <Title order={3} id="closures-ahead-title" fz={{ base: 17, sm: 19 }}>
          Prochains jours de fermeture
        </Title>
        {fermetures.length === 0 ? (
          <Text>Aucun jour de fermeture prévu.</Text>
        ) : (
          <List spacing={4}>
            {fermetures.map((f) => (
              <List.Item key={f.date}>
                <strong>{formatLongDate(f.date)}</strong> — {f.motif}
              </List.Item>
            ))}
          </List>
        )}
        <Anchor component={Link} to="/app/reservations/fermetures">
          Gérer les jours de fermeture
        </Anchor>
      </Stack>
    </Paper>
  );
}
