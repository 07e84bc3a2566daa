/** The bar under the day view once free slots are chosen: the room, the day and hours, then the request. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { hhmmOf } from '@union/contract';
import { longDate } from '../api/dates';
import type { Selection } from './DayView';

export function SelectionBar({
  room,
  day,
  selection,
  verb,
  onCancel,
  onRequest,
}: {
  room: string;
  day: string;
  selection: Selection;
  /** « Réserver ce créneau » for the Union's staff, « Demander ce créneau » for a lodge. */
  verb: string;
  onCancel: () => void;
  onRequest: () => void;
}) {
  return (
    <Paper
      className="selection-bar"
      shadow="md"
      withBorder
      p="sm"
      radius="md"
      role="region"
      aria-label="Créneau choisi"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          <strong>{room}</strong> · {longDate(day)} · {hhmmOf(selection.debut)} – {hhmmOf(selection.fin)}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={onCancel}>
            Annuler
          </Button>
          <Button size="sm" onClick={onRequest}>
            {verb}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
