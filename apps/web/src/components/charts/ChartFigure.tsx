/**
 * The drawing itself, with @mantine/charts: bars (side by side or stacked), lines or areas. Each series
 * takes its colour and its fill or dash pattern from chart-style.ts; the panel draws the legend. A bar
 * that counts something opens its list when clicked (the table's links do the same from the keyboard).
 */
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import type { CSSProperties } from 'react';
import { formatCompactCents, formatCents, formatNumber } from '../../lib/format';
import { patternId, seriesStyle } from './chart-style';
import type { ChartKind, ChartRow, ChartSeriesDef, ChartUnit } from './types';

const MARGIN = { top: 8, right: 32, bottom: 0, left: 8 };

export interface ChartFigureProps {
  panelId: string;
  kind: ChartKind;
  data: ChartRow[];
  categoryKey: string;
  series: ChartSeriesDef[];
  unit: ChartUnit;
  height: number;
  /** Bars along the vertical axis, categories down the side (long names such as lodges). */
  horizontal: boolean;
  onRowClick?: (row: ChartRow) => void;
}

export function ChartFigure(props: ChartFigureProps) {
  const { panelId, kind, data, categoryKey, series, unit, height, horizontal, onRowClick } = props;
  const valueFormatter = unit === 'money' ? formatCents : (n: number) => formatNumber(n);
  const axisFormatter = unit === 'money' ? formatCompactCents : (n: number) => formatNumber(n);
  // Counts have whole ticks; the last label of an axis keeps room inside the box (MARGIN).
  const values = { tickFormatter: axisFormatter, allowDecimals: unit === 'money' };
  const common = {
    h: height,
    data,
    dataKey: categoryKey,
    valueFormatter,
    yAxisProps: horizontal ? { width: 110, interval: 0 } : { ...values, width: 64 },
    xAxisProps: horizontal ? values : { interval: 0 },
    // The axes' text at 4.5:1, set as the charts' own variable: the textColor prop reaches the DOM
    // from BarChart and LineChart (a React warning) in this version of @mantine/charts.
    style: { '--chart-text-color': 'var(--mantine-color-gray-8)' } as CSSProperties,
    tooltipAnimationDuration: 0,
  };
  const mantineSeries = series.map((s, index) => ({
    name: s.key,
    label: s.label,
    color: seriesStyle(index).color,
    strokeDasharray: seriesStyle(index).dash,
  }));

  if (kind === 'line' || kind === 'area') {
    const Chart = kind === 'line' ? LineChart : AreaChart;
    return (
      <Chart
        {...common}
        series={mantineSeries}
        curveType="linear"
        strokeWidth={2.5}
        withDots
        {...(kind === 'area'
          ? { fillOpacity: 0.15, withGradient: false, areaChartProps: { margin: MARGIN } }
          : { lineChartProps: { margin: MARGIN } })}
      />
    );
  }
  const indexOf = new Map(series.map((s, index) => [s.key, index]));
  return (
    <BarChart
      {...common}
      series={mantineSeries}
      type={kind === 'stacked' ? 'stacked' : 'default'}
      orientation={horizontal ? 'vertical' : 'horizontal'}
      maxBarWidth={48}
      barChartProps={{ margin: MARGIN }}
      barProps={(s) => ({
        fill: `url(#${patternId(panelId, indexOf.get(s.name) ?? 0)})`,
        stroke: '#ffffff',
        strokeWidth: 1,
        cursor: onRowClick ? 'pointer' : undefined,
        onClick: onRowClick
          ? (entry: { payload?: ChartRow }) => entry.payload && onRowClick(entry.payload)
          : undefined,
      })}
    />
  );
}
