/**
 * A chart in its card: a French title, a one-sentence summary (the caption, and the chart's description
 * for screen readers), the chart, its legend, and a « Voir les chiffres » toggle that shows the same figures
 * as a table. Printed, the table shows and the buttons hide (charts.css). @mantine/charts and its styles
 * come with this module only: the dashboards that use it are lazy-loaded, the sign-in page does not grow.
 * docs/decisions/dashboards.md says the rules; ChartPanel.test.tsx checks them.
 */
import '@mantine/charts/styles.css';
import './charts.css';
import { Button, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChartFigure } from './ChartFigure';
import { ChartLegend } from './ChartLegend';
import { ChartPatterns } from './ChartPatterns';
import { ChartTable } from './ChartTable';
import type { ChartKind, ChartRow, ChartSeriesDef, ChartUnit } from './types';

export type { ChartKind, ChartRow, ChartSeriesDef, ChartUnit } from './types';

export interface ChartPanelProps {
  /** French title, the panel's heading and the table's caption. */
  title: string;
  /** One sentence saying what the chart shows (and, better, what it says). */
  summary: string;
  kind: ChartKind;
  data: ChartRow[];
  /** The row's key of the category (month, lodge, age band) and its column header in the table. */
  categoryKey: string;
  categoryLabel: string;
  series: ChartSeriesDef[];
  /** "money" when the figures are integer cents. Default "count". */
  unit?: ChartUnit;
  /** The list a row counts: a click on its bar opens it, and the table's first cell links to it. */
  rowHref?: (row: ChartRow) => string | undefined;
  /** Bars drawn sideways with the categories down the side (long names). Bars only. */
  horizontal?: boolean;
  /** The chart's height in pixels (default 260). */
  height?: number;
  /** Below this width the chart scrolls sideways inside its box (default 320). */
  minWidth?: number;
  headingOrder?: TitleOrder;
  /** Said instead of the chart when there are no rows, or nothing but zeros. */
  empty?: string;
}

/** Upright bars keep about 100 px per category, so that their labels never run into each other. */
const minWidthOf = ({ minWidth = 320, kind, horizontal, data }: ChartPanelProps) =>
  kind === 'line' || kind === 'area' || horizontal ? minWidth : Math.max(minWidth, 80 + data.length * 100);

export function ChartPanel(props: ChartPanelProps) {
  const { title, summary, kind, data, series, unit = 'count', rowHref, headingOrder = 3 } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const tableId = `${id}-table`;
  // Nothing but zeros draws a flat line on an axis of « 0 € » ticks: say it instead.
  const blank = data.every((row) => series.every((s) => !row[s.key]));
  const onRowClick = rowHref
    ? (row: ChartRow) => {
        const href = rowHref(row);
        if (href) void navigate(href);
      }
    : undefined;

  return (
    <Paper component="section" withBorder p="md" className="chart-panel" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={headingOrder} id={titleId} fz={{ base: 17, sm: 19 }}>
          {title}
        </Title>
        <Text id={summaryId} size="sm" c="gray.8">
          {summary}
        </Text>
        {blank ? (
          <Text>{props.empty ?? 'Rien à afficher pour l’instant.'}</Text>
        ) : (
          <>
            <ChartPatterns panelId={id} count={series.length} />
            <div
              className="chart-panel-scroll"
              tabIndex={0}
              role="region"
              aria-label={`Graphique : ${title}`}
              aria-describedby={summaryId}
            >
              <div style={{ minWidth: minWidthOf(props) }}>
                <ChartFigure
                  panelId={id}
                  kind={kind}
                  data={data}
                  categoryKey={props.categoryKey}
                  series={series}
                  unit={unit}
                  height={props.height ?? 260}
                  horizontal={props.horizontal === true}
                  onRowClick={onRowClick}
                />
              </div>
            </div>
            <ChartLegend panelId={id} kind={kind} series={series} />
            <Button
              className="chart-panel-toggle"
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              aria-expanded={open}
              aria-controls={tableId}
              leftSection={open ? <IconTableOff size={16} /> : <IconTable size={16} />}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Masquer les chiffres' : 'Voir les chiffres'}
            </Button>
            <div id={tableId} className="chart-panel-table" hidden={!open}>
              <ChartTable
                title={title}
                data={data}
                categoryKey={props.categoryKey}
                categoryLabel={props.categoryLabel}
                series={series}
                unit={unit}
                rowHref={rowHref}
              />
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
