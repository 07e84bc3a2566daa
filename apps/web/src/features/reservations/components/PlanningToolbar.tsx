/** The planning's toolbar: today, previous and next, a date picker, day or week, colours by room or state. */
import { ActionIcon, Button, Group, Paper, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays } from '@union/contract';
import { pickedDay, todayIso } from '../api/dates';
import { shiftMonth } from '../api/month';
import type { ColorMode } from './colors';

export type View = 'jour' | 'semaine' | 'mois';

const STEPS: Record<View, [string, string]> = {
  jour: ['Jour précédent', 'Jour suivant'],
  semaine: ['Semaine précédente', 'Semaine suivante'],
  mois: ['Mois précédent', 'Mois suivant'],
};

/** The day `by` steps of the view before or after `day` (a month view steps to the 1st). */
const stepped = (day: string, view: View, by: -1 | 1) =>
  view === 'mois' ? shiftMonth(day, by) : addDays(day, by * (view === 'jour' ? 1 : 7));

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
            aria-label={STEPS[view][0]}
            onClick={() => onGo({ date: stepped(day, view, -1) })}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={STEPS[view][1]}
            onClick={() => onGo({ date: stepped(day, view, 1) })}
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
              { value: 'mois', label: 'Mois' },
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
