/** The till sessions, newest first (MENUS, COMPTA_LECTURE): float, receipts, expected, counted, difference and its reason. */
import { Alert, Loader, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Till } from '@union/contract';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatCents } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { useTillSessions } from '../api/desk';

export function TillSessionsTable() {
  const sessions = useTillSessions();
  if (sessions.isPending) return <Loader aria-label="Chargement des sessions de caisse" />;
  if (!sessions.data || sessions.data.length === 0) {
    return (
      <Alert variant="light" color="gray" icon={<IconInbox />}>
        Aucune session de caisse.
      </Alert>
    );
  }
  return (
    <ScrollTable label="Sessions de caisse" minWidth={900}>
      <Table striped aria-label="Sessions de caisse">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>N°</Table.Th>
            <Table.Th>Caisse</Table.Th>
            <Table.Th>Ouverture</Table.Th>
            <Table.Th>Clôture</Table.Th>
            <Table.Th>Fond</Table.Th>
            <Table.Th>Espèces</Table.Th>
            <Table.Th>Chèques</Table.Th>
            <Table.Th>Ventes</Table.Th>
            <Table.Th>Attendu</Table.Th>
            <Table.Th>Compté</Table.Th>
            <Table.Th>Écart et motif</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.id}</Table.Td>
              <Table.Td>{Till.labels[s.caisse]}</Table.Td>
              <Table.Td>
                {formatDateTime(s.ouverture)}
                <Text size="xs">
                  {s.ouvertPar.prenom} {s.ouvertPar.nom}
                </Text>
              </Table.Td>
              <Table.Td>
                {s.cloture ? formatDateTime(s.cloture) : 'Ouverte'}
                {s.cloturePar && (
                  <Text size="xs">
                    {s.cloturePar.prenom} {s.cloturePar.nom}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatCents(s.fondInitial)}</Table.Td>
              <Table.Td>{formatCents(s.especes)}</Table.Td>
              <Table.Td>
                {formatCents(s.cheques)} ({s.nombreCheques})
              </Table.Td>
              <Table.Td>{formatCents(s.ventes)}</Table.Td>
              <Table.Td>{formatCents(s.attendu)}</Table.Td>
              <Table.Td>{s.compte === null ? '' : formatCents(s.compte)}</Table.Td>
              <Table.Td>
                {s.ecart === null ? '' : s.ecart === 0 ? 'Aucun' : formatCents(s.ecart)}
                {s.motif && <Text size="xs">{s.motif}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
