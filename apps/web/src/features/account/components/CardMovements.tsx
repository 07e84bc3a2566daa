/**
 * The movements of my Union card: date, label and type, who wrote it, the signed amount.
 */
import { Table, Text } from '@mantine/core';
import { MovementType, type Movement } from '@union/contract';
import { formatCents } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { ScrollTable } from '../../../components/ScrollTable';

export function CardMovements({ mouvements }: { mouvements: Movement[] }) {
  return (
    <ScrollTable label="Mouvements de la carte" minWidth={440} keyColumns={[1, 3]}>
      <Table striped aria-label="Mouvements de la carte">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Libellé</Table.Th>
            <Table.Th>Par</Table.Th>
            <Table.Th ta="right">Montant</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mouvements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{formatDateTime(m.date)}</Table.Td>
              <Table.Td>
                <Text size="sm">{m.libelle}</Text>
                <Text size="xs" c="gray.7">
                  {MovementType.labels[m.type]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.auteur ? `${m.auteur.prenom} ${m.auteur.nom}` : '—'}</Text>
              </Table.Td>
              <Table.Td
                ta="right"
                c={m.montant < 0 ? 'red' : 'green'}
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
              >
                {m.montant > 0 ? '+' : ''}
                {formatCents(m.montant)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
