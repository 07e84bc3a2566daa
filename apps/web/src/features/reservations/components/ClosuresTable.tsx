/**
 * The closed days of a year, each with its reason; Union staff may reopen one.
 */
import { Button, Table } from '@mantine/core';
import type { Closure } from '@union/contract';
import { capitalized, longDate } from '../api/dates';

export function ClosuresTable({
  fermetures,
  gestion,
  onReopen,
}: {
  fermetures: Closure[];
  /** Whether the reader may reopen a day. */
  gestion: boolean;
  onReopen: (day: string) => void;
}) {
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Motif</Table.Th>
          {gestion && <Table.Th w={110} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fermetures.map((f) => (
          <Table.Tr key={f.date}>
            <Table.Td>{capitalized(longDate(f.date))}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.motif}</Table.Td>
            {gestion && (
              <Table.Td>
                <Button size="compact-sm" variant="light" onClick={() => onReopen(f.date)}>
                  Rouvrir
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
