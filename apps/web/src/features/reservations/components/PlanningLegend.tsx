/** What the planning shows (the day, or the week from Monday to Sunday) and the legend of its colours. */
import { Badge, Group, Text } from '@mantine/core';
import { ReservationState, mondayOf, type Room } from '@union/contract';
import { capitalized, longDate, monthLabel, weekDays } from '../api/dates';
import { STATE_COLORS, type ColorMode } from './colors';
import type { View } from './PlanningToolbar';
import type { ReactNode } from 'react';

export function PlanningLegend({
  day,
  view,
  colorMode,
  rooms,
  children,
}: {
  day: string;
  view: View;
  colorMode: ColorMode;
  rooms: Room[];
  /** What follows the colours (the room filter): after them, so the room names read first. */
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" justify="space-between">
      <Text fw={600}>
        {view === 'jour'
          ? capitalized(longDate(day))
          : view === 'mois'
            ? capitalized(monthLabel(day))
            : `Semaine du ${longDate(mondayOf(day))} au ${longDate(weekDays(mondayOf(day))[6]!)}`}
      </Text>
      <Group gap={6}>
        {colorMode === 'etat'
          ? (['DC', 'CR', 'DS'] as const).map((s) => (
              <Badge key={s} color={STATE_COLORS[s]} size="sm" tt="none">
                {ReservationState.labels[s]}
              </Badge>
            ))
          : rooms.map((r) => (
              <Badge key={r.id} color={r.couleur} size="sm" tt="none">
                {r.nom}
              </Badge>
            ))}
        {children}
      </Group>
    </Group>
  );
}
