/**
 * The open invoices of a lodge, each with the part of the payment it receives (typed in euros).
 */
import { NumberInput, Table } from '@mantine/core';
import type { OpenInvoice } from '@union/contract';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';

export function AllocationTable({
  factures,
  parts,
  onPartChange,
}: {
  factures: OpenInvoice[];
  parts: Record<number, number | string>;
  onPartChange: (id: number, value: number | string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Facture</Table.Th>
            <Table.Th>Échéance</Table.Th>
            <Table.Th>Reste dû</Table.Th>
            <Table.Th>Affecté (€)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {factures.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                {f.numeroFacture} · {f.objet}
              </Table.Td>
              <Table.Td>{formatDay(f.dateEcheance)}</Table.Td>
              <Table.Td>{formatCents(f.du)}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Montant affecté à la facture ${f.numeroFacture}`}
                  value={parts[f.id] ?? ''}
                  onChange={(v) => onPartChange(f.id, v)}
                  decimalScale={2}
                  decimalSeparator=","
                  thousandSeparator=" "
                  min={0}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
