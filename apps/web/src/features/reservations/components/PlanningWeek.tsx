/**
 * The week: a time grid on a screen wide enough for seven columns, a list of days on a phone (under
 * 600 px), where seven columns of half-hours would be too narrow to read or touch.
 */
import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentProps } from 'react';
import { WeekGrid } from './WeekGrid';
import { WeekView } from './WeekView';

type Props = ComponentProps<typeof WeekGrid> & { canBook: boolean; createVerb: string };

export function PlanningWeek({ canBook, createVerb, ...grid }: Props) {
  const phone = useMediaQuery('(max-width: 37.5em)', false, { getInitialValueInEffect: false });
  const oneRoom = grid.rooms.length === 1 ? grid.rooms[0]!.id : undefined;
  if (phone) {
    return (
      <WeekView
        monday={grid.monday}
        reservations={grid.reservations}
        closures={grid.closures}
        colorMode={grid.colorMode}
        onOpen={grid.onOpen}
        onOpenDay={grid.onOpenDay}
        canCreate={(d) => canBook && grid.selectableFrom(d) !== null}
        onCreate={(d) => grid.onCreate({ date: d, idSalle: oneRoom })}
        createVerb={createVerb}
      />
    );
  }
  return (
    <>
      {canBook && (
        <Text size="sm" c="dimmed">
          Cliquez sur une demi-heure libre pour {createVerb.toLowerCase()} la salle à cette heure. Au clavier
          : les flèches parcourent les demi-heures et les réservations, Entrée ouvre la demande ou la
          réservation.
        </Text>
      )}
      <WeekGrid {...grid} />
    </>
  );
}
