/**
 * Memberships as a table: who (or which entity), fonction, period, flags and the row's buttons; ended
 * memberships are dimmed. The features give the first column, the period's wording and the buttons.
 */
import { ScrollArea, Table, Text, VisuallyHidden, type TableTdProps } from '@mantine/core';
import type { Membership } from '@union/contract';
import type { ReactNode } from 'react';
import { MembershipFlagBadges } from './MembershipCells';

interface Props {
  rows: Membership[];
  /** The first column: its header, its cell and the cell's props. */
  first: { header: string; cell: (m: Membership) => ReactNode; props?: TableTdProps };
  period: (m: Membership) => string;
  actions: (m: Membership) => ReactNode;
  minWidth: number;
  actionsWidth: number;
  /** The buttons column's header, for screen readers only. */
  actionsHeader?: string;
  'aria-label'?: string;
}

export function MembershipTable({
  rows,
  first,
  period,
  actions,
  minWidth,
  actionsWidth,
  actionsHeader,
  'aria-label': ariaLabel,
}: Props) {
  return (
    <ScrollArea type="auto">
      <Table miw={minWidth} striped verticalSpacing="xs" aria-label={ariaLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first.header}</Table.Th>
            <Table.Th>Fonction</Table.Th>
            <Table.Th>Période</Table.Th>
            <Table.Th>Droits</Table.Th>
            <Table.Th w={actionsWidth}>
              {actionsHeader && <VisuallyHidden>{actionsHeader}</VisuallyHidden>}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id} opacity={m.actuelle ? 1 : 0.6}>
              <Table.Td {...first.props}>{first.cell(m)}</Table.Td>
              <Table.Td>{m.fonction ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm">{period(m)}</Text>
              </Table.Td>
              <Table.Td>
                <MembershipFlagBadges membership={m} />
              </Table.Td>
              <Table.Td>{actions(m)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
