/**
 * The planning (/app/reservations): a day view and a week view, today and week navigation with a
 * Monday-first date picker, colours by room or by state, creation by selecting free slots.
 */
import { Alert, Loader, Stack, Text, Title, Group } from '@mantine/core';
import { hhmmOf, mondayOf, type Reservation } from '@union/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { parisNow, todayIso } from '../api/dates';
import { useWeek } from '../api/week';
import { useMonth } from '../api/month';
import { usePageTitle } from '../../../components/usePageTitle';
import { MonthView } from './MonthView';
import type { ColorMode } from './colors';
import { DayView, type Selection } from './DayView';
import { PlanningNav } from './PlanningNav';
import { useReservationEditing } from './useReservationEditing';
import { PlanningWeek } from './PlanningWeek';
import { RoomFilter } from './RoomFilter';
import { PlanningLegend } from './PlanningLegend';
import { PlanningToolbar, type View } from './PlanningToolbar';
import { SelectionBar } from './SelectionBar';
import { useIsTouch } from '../../../components/useIsTouch';
import { rescueFocus, useFocusHome } from '../../../lib/focus-rescue';

/**
 * After a dialog closes, focus goes back where it came from unless that element is gone (the selection
 * bar once the form is done, a deleted reservation): then to the day grid's slot, the month's or the
 * week's tab stop, or the phone week's first creation button (lib/focus-rescue.ts).
 */
const PLANNING_FOCUS_HOME = '.day-slot[tabindex="0"], [role="grid"] [tabindex="0"], .week-create, .week-item';
const restoreFocus = () => rescueFocus();

/** Minutes from which a slot of `day` may still be booked (null when the whole day is past). */
function selectableFrom(day: string): number | null {
  const now = parisNow();
  if (day < now.day) return null;
  if (day > now.day) return 0;
  return (Math.floor(now.minutes / 30) + 1) * 30;
}

export function PlanningPage() {
  const [params, setParams] = useSearchParams();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : todayIso();
  const vue = params.get('vue');
  const view: View = vue === 'semaine' || vue === 'mois' ? vue : 'jour';
  const [colorMode, setColorMode] = useState<ColorMode>('salle');
  const [selection, setSelection] = useState<Selection | null>(null);
  // One room, or the whole building (no « salle »).
  const roomFilter = Number(params.get('salle')) || null;
  const inRoom = (list: Reservation[]) =>
    roomFilter === null ? list : list.filter((r) => r.idSalle === roomFilter);

  usePageTitle('Planning des salles');
  useFocusHome(PLANNING_FOCUS_HOME);
  const week = useWeek(day);
  const month = useMonth(day, view === 'mois');
  const gestion = week.data?.gestion;
  // Touch wording only where the screen is touched; a mouse or a keyboard clicks and presses.
  const touch = useIsTouch();
  const editing = useReservationEditing(
    gestion,
    () => {
      setSelection(null);
      restoreFocus();
    },
    restoreFocus,
    week.data?.regles,
  );
  const { rooms, entities } = editing;
  const activeRooms = (rooms.data ?? []).filter((r) => r.active);
  const shownRooms = activeRooms.filter((r) => roomFilter === null || r.id === roomFilter);
  const canBook = gestion === true || (entities.data?.length ?? 0) > 0;

  const go = (next: Partial<{ date: string; vue: View; salle: string }>) => {
    setSelection(null);
    const { salle, ...merged } = { date: day, vue: view, salle: params.get('salle') ?? '', ...next };
    setParams(salle ? { ...merged, salle } : merged, { replace: true });
  };

  const dayReservations = inRoom(week.data?.reservations ?? []).filter((r) => r.date === day);
  // A room retired from booking still shows on the days it is held, or those reservations would vanish.
  const dayRooms = (rooms.data ?? []).filter(
    (r) =>
      (roomFilter === null || r.id === roomFilter) &&
      (r.active || dayReservations.some((x) => x.idSalle === r.id)),
  );
  const closure = week.data?.fermetures.find((c) => c.date === day);
  const selectedRoom = activeRooms.find((r) => r.id === selection?.roomId);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2}>Planning des salles</Title>
        <PlanningNav gestion={gestion} />
      </Group>

      <PlanningToolbar day={day} view={view} colorMode={colorMode} onGo={go} onColorMode={setColorMode} />

      <PlanningLegend day={day} view={view} colorMode={colorMode} rooms={shownRooms}>
        <RoomFilter rooms={activeRooms} room={roomFilter} onChange={(salle) => go({ salle })} />
      </PlanningLegend>

      {week.data && !canBook && entities.isSuccess && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle />}>
          Vous pouvez consulter le planning. Pour demander une salle, il faut être chargé des réservations
          d’une loge ou association.
        </Alert>
      )}
      {week.data && canBook && view === 'jour' && !closure && selectableFrom(day) !== null && (
        <Text size="sm" c="dimmed" id="day-hint">
          {touch
            ? 'Touchez un créneau libre pour le sélectionner, puis un autre plus bas dans la même salle pour l’allonger.'
            : 'Cliquez sur un créneau libre pour le sélectionner, puis sur un autre plus bas dans la même salle pour l’allonger. Au clavier : les flèches parcourent les créneaux, Entrée choisit, Tab mène au bouton de la demande.'}
        </Text>
      )}

      {(week.isPending || rooms.isPending || (view === 'mois' && month.isPending)) && (
        <Loader aria-label="Chargement du planning" />
      )}
      {week.data && rooms.data && view === 'jour' && (
        <DayView
          rooms={dayRooms}
          reservations={dayReservations}
          closure={closure}
          selectableFrom={canBook ? selectableFrom(day) : null}
          selection={selection}
          colorMode={colorMode}
          onSelect={setSelection}
          onOpen={editing.open}
          onMove={editing.move}
        />
      )}
      {week.data && rooms.data && view === 'semaine' && (
        <PlanningWeek
          monday={mondayOf(day)}
          busy={week.isPlaceholderData}
          reservations={inRoom(week.data.reservations)}
          closures={week.data.fermetures}
          rooms={shownRooms}
          colorMode={colorMode}
          selectableFrom={(d) => (canBook ? selectableFrom(d) : null)}
          onOpen={editing.open}
          onOpenDay={(d) => go({ date: d, vue: 'jour' })}
          onCreate={editing.create}
          onMove={editing.move}
          canBook={canBook}
          createVerb={gestion ? 'Réserver' : 'Demander'}
        />
      )}
      {view === 'mois' && !month.isPending && (
        <MonthView
          days={month.days}
          month={day.slice(0, 7)}
          day={day}
          reservations={inRoom(month.reservations)}
          closures={month.fermetures}
          colorMode={colorMode}
          onOpenDay={(d) => go({ date: d, vue: 'jour' })}
        />
      )}

      {selection && selectedRoom && (
        <SelectionBar
          room={selectedRoom.nom}
          day={day}
          selection={selection}
          verb={gestion ? 'Réserver ce créneau' : 'Demander ce créneau'}
          onCancel={() => setSelection(null)}
          onRequest={() =>
            editing.create({
              idSalle: selection.roomId,
              date: day,
              heureDebut: hhmmOf(selection.debut),
              heureFin: hhmmOf(selection.fin),
            })
          }
        />
      )}

      {editing.dialogs}
    </Stack>
  );
}
