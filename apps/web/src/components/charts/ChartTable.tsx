/**
 * The chart's figures as a table: one row per category, one column per series. When a row counts
 * something that has a list (a lodge's account, the overdue invoices), its first cell links to it: the
 * keyboard's way to what a click on a bar opens.
 */
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../ScrollTable';
import { formatCents, formatNumber } from '../../lib/format';
import type { ChartRow, ChartSeriesDef, ChartUnit } from './types';

export interface ChartTableProps {
  title: string;
  data: ChartRow[];
  categoryKey: string;
  categoryLabel: string;
  series: ChartSeriesDef[];
  unit: ChartUnit;
  rowHref?: (row: ChartRow) => string | undefined;
}

function cell(value: ChartRow[string], unit: ChartUnit): string {
  if (typeof value !== 'number') return value ?? '—';
  return unit === 'money' ? formatCents(value) : formatNumber(value);
}

export function ChartTable({
  title,
  data,
  categoryKey,
  categoryLabel,
  series,
  unit,
  rowHref,
}: ChartTableProps) {
  return (
    <ScrollTable label={`Chiffres : ${title}`} minWidth={Math.min(640, 120 + series.length * 100)}>
      <Table striped captionSide="top">
        <Table.Caption className="chart-panel-table-caption">{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{categoryLabel}</Table.Th>
            {series.map((s) => (
              <Table.Th key={s.key} scope="col" ta="right">
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((row, index) => {
            const href = rowHref?.(row);
            const name = String(row[categoryKey] ?? '');
            return (
              <Table.Tr key={`${name}-${index}`}>
                <Table.Th scope="row" fw="normal">
                  {href ? (
                    <Anchor component={Link} to={href}>
                      {name}
                    </Anchor>
                  ) : (
                    name
                  )}
                </Table.Th>
                {series.map((s) => (
                  <Table.Td key={s.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {cell(row[s.key] ?? null, unit)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
