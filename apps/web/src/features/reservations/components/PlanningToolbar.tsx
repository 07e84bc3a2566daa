/** The planning's toolbar: today, previous and next, a date picker, day or week, colours by room or state. */
import { ActionIcon, Button, Group, Paper, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays } from '@union/contract';
import { pickedDay, todayIso } from '../api/dates';
import type { ColorMode } from './colors';

export type View = 'jour' | 'semaine';

export function PlanningToolbar({
  day,
  view,
  colorMode,
  onGo,
  onColorMode,
}: {
  day: string;
  view: View;
  colorMode: ColorMode;
  onGo: (next: Partial<{ date: string; vue: View }>) => void;
  onColorMode: (mode: ColorMode) => void;
}) {
  const step = view === 'jour' ? 1 : 7;
  return (
    <Paper withBorder p="xs" radius="md">
      <Group gap="xs" justify="space-between">
        <Group gap={6}>
          <Button variant="default" size="sm" onClick={() => onGo({ date: todayIso() })}>
            Aujourd’hui
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={view === 'jour' ? 'Jour précédent' : 'Semaine précédente'}
            onClick={() => onGo({ date: addDays(day, -step) })}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={view === 'jour' ? 'Jour suivant' : 'Semaine suivante'}
            onClick={() => onGo({ date: addDays(day, step) })}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <DatePickerInput
            aria-label="Choisir une date"
            value={day}
            onChange={(d) => d && onGo({ date: pickedDay(d)! })}
            valueFormat="ddd D MMM YYYY"
            size="sm"
            w={160}
            firstDayOfWeek={1}
          />
        </Group>
        <Group gap={6}>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => onGo({ vue: v as View })}
            data={[
              { value: 'jour', label: 'Jour' },
              { value: 'semaine', label: 'Semaine' },
            ]}
            aria-label="Vue"
          />
          <SegmentedControl
            size="xs"
            value={colorMode}
            onChange={(v) => onColorMode(v as ColorMode)}
            data={[
              { value: 'salle', label: 'Couleur par salle' },
              { value: 'etat', label: 'par état' },
            ]}
            aria-label="Couleurs"
          />
        </Group>
      </Group>
    </Paper>
  );
}
