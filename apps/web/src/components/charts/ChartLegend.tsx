/** The series' names beside a swatch drawn with the same fill or dash pattern as the chart. */
import { Group, Text } from '@mantine/core';
import { patternId, seriesStyle } from './chart-style';
import type { ChartKind, ChartSeriesDef } from './types';

export function ChartLegend({
  panelId,
  kind,
  series,
}: {
  panelId: string;
  kind: ChartKind;
  series: ChartSeriesDef[];
}) {
  const lines = kind === 'line' || kind === 'area';
  return (
    <Group component="ul" gap="md" className="chart-panel-legend" aria-label="Légende" m={0} p={0}>
      {series.map((s, index) => {
        const style = seriesStyle(index);
        return (
          <Group component="li" key={s.key} gap={6} wrap="nowrap" style={{ listStyle: 'none' }}>
            <svg width={28} height={14} aria-hidden="true" focusable="false">
              {lines ? (
                <line
                  x1={1}
                  y1={7}
                  x2={27}
                  y2={7}
                  stroke={style.color}
                  strokeWidth={3}
                  strokeDasharray={style.dash}
                />
              ) : (
                <rect
                  x={1}
                  y={1}
                  width={26}
                  height={12}
                  fill={`url(#${patternId(panelId, index)})`}
                  stroke={style.color}
                />
              )}
            </svg>
            <Text size="sm">{s.label}</Text>
          </Group>
        );
      })}
    </Group>
  );
}
