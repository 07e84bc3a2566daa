/**
 * The one table of the accounts' screens (issue 20): a titled box with a sentence when it is empty,
 * otherwise a striped table that scrolls sideways on a phone, its columns declared once (header, cell,
 * amounts to the right), with an optional footer of totals. The lodge's account (Gestion Loge) and the
 * treasurer's « Balance âgée » lay out every table with it, so they read and behave alike.
 */
import { Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../components/ScrollTable';

/** One column: its header, how a row fills it, amounts to the right, and what the footer shows there. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  right?: boolean;
  /** The footer's cell of this column (totals); the footer shows when one column has one. */
  footer?: ReactNode;
  /** Cells of this column in bold (a row's total). */
  bold?: boolean;
  /** On a phone, where this column stands in the row's card: 1 first (what it is), then the key figure
   * and the action; the other columns follow. */
  phoneRank?: number;
}

/** The columns a phone's card shows first, in their rank's order. */
const keyColumnsOf = <T,>(columns: Column<T>[]) =>
  columns
    .map((c, index) => ({ rank: c.phoneRank, index }))
    .filter((c): c is { rank: number; index: number } => c.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map((c) => c.index);

export function AccountTable<T>({
  title,
  description,
  empty,
  rows,
  columns,
  rowKey,
  minWidth,
  label = title,
}: {
  title: string;
  /** A sentence under the title (what the figures are, as of which day). */
  description?: ReactNode;
  /** Said instead of the table when there is no row. */
  empty: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  minWidth: number;
  /** The scrolling region's name, when the title alone does not say it. */
  label?: string;
}) {
  const footer = columns.some((c) => c.footer !== undefined);
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="h4" mb={description ? 'xs' : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <ScrollTable label={label} minWidth={minWidth} keyColumns={keyColumnsOf(columns)}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} ta={c.right ? 'right' : undefined}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ta={c.right ? 'right' : undefined} fw={c.bold ? 700 : undefined}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {footer && (
              <Table.Tfoot>
                <Table.Tr>
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <Table.Th key={c.header}>{c.footer}</Table.Th>
                    ) : (
                      <Table.Td key={c.header} ta={c.right ? 'right' : undefined} fw={700}>
                        {c.footer}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}
