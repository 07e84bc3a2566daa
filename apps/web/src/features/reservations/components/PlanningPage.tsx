/**
 * The planning (/app/reservations): a day view and a week view, today and week navigation with a
 * Monday-first date picker, colours by room or by state, creation by selecting free slots.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ReservationState, addDays, hhmmOf, mondayOf } from '@union/contract';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { capitalized, longDate, parisNow, pickedDay, todayIso, weekDays } from '../api/dates';
import { useWeek } from '../api/week';
import { STATE_COLORS, type ColorMode } from './colors';
import { DayView, type Selection } from './DayView';
import { PlanningNav } from './PlanningNav';
import { useReservationEditing } from './useReservationEditing';
import { WeekView } from './WeekView';

type View = 'jour' | 'semaine';

/**
 * After a dialog closes, focus goes back where it came from (Mantine does that) unless that element is
 * gone (the selection bar once the form is done, a deleted reservation): then to the grid's slot, or to
 * the week view's first creation button.
 */
function restoreFocus() {
  window.setTimeout(() => {
    const current = document.activeElement;
    if (current && current !== document.body && document.contains(current)) return;
    document.querySelector<HTMLElement>('.day-slot[tabindex="0"], .week-create, .week-item')?.focus();
  }, 350);
}

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
  const view: View = params.get('vue') === 'semaine' ? 'semaine' : 'jour';
  const [colorMode, setColorMode] = useState<ColorMode>('salle');
  const [selection, setSelection] = useState<Selection | null>(null);

  const week = useWeek(day);
  const gestion = week.data?.gestion;
  // Touch wording only where the screen is touched; a mouse or a keyboard clicks and presses.
  const touch = useMediaQuery('(pointer: coarse)') === true;
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
  const canBook = gestion === true || (entities.data?.length ?? 0) > 0;

  const go = (next: Partial<{ date: string; vue: View }>) => {
    setSelection(null);
    const merged = { date: day, vue: view, ...next };
    setParams({ date: merged.date, vue: merged.vue }, { replace: true });
  };
  const step = view === 'jour' ? 1 : 7;

  const dayReservations = (week.data?.reservations ?? []).filter((r) => r.date === day);
  // A room retired from booking still shows on the days it is held, or those reservations would vanish.
  const dayRooms = (rooms.data ?? []).filter(
    (r) => r.active || dayReservations.some((x) => x.idSalle === r.id),
  );
  const closure = week.data?.fermetures.find((c) => c.date === day);
  const selectedRoom = activeRooms.find((r) => r.id === selection?.roomId);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Planning des salles
        </Title>
        <PlanningNav gestion={gestion} />
      </Group>

      <Paper withBorder p="xs" radius="md">
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            <Button variant="default" size="sm" onClick={() => go({ date: todayIso() })}>
              Aujourd’hui
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={view === 'jour' ? 'Jour précédent' : 'Semaine précédente'}
              onClick={() => go({ date: addDays(day, -step) })}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={view === 'jour' ? 'Jour suivant' : 'Semaine suivante'}
              onClick={() => go({ date: addDays(day, step) })}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
            <DatePickerInput
              aria-label="Choisir une date"
              value={day}
              onChange={(d) => d && go({ date: pickedDay(d)! })}
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
              onChange={(v) => go({ vue: v as View })}
              data={[
                { value: 'jour', label: 'Jour' },
                { value: 'semaine', label: 'Semaine' },
              ]}
              aria-label="Vue"
            />
            <SegmentedControl
              size="xs"
              value={colorMode}
              onChange={(v) => setColorMode(v as ColorMode)}
              data={[
                { value: 'salle', label: 'Couleur par salle' },
                { value: 'etat', label: 'par état' },
              ]}
              aria-label="Couleurs"
            />
          </Group>
        </Group>
      </Paper>

      <Group gap="xs" justify="space-between">
        <Text fw={600}>
          {view === 'jour'
            ? capitalized(longDate(day))
            : `Semaine du ${longDate(mondayOf(day))} au ${longDate(weekDays(mondayOf(day))[6]!)}`}
        </Text>
        <Group gap={6}>
          {colorMode === 'etat'
            ? (['DC', 'CR', 'DS'] as const).map((s) => (
                <Badge key={s} color={STATE_COLORS[s]} size="sm" tt="none">
                  {ReservationState.labels[s]}
                </Badge>
              ))
            : activeRooms.map((r) => (
                <Badge key={r.id} color={r.couleur} size="sm" tt="none">
                  {r.nom}
                </Badge>
              ))}
        </Group>
      </Group>

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

      {(week.isPending || rooms.isPending) && <Loader aria-label="Chargement du planning" />}
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
        />
      )}
      {week.data && view === 'semaine' && (
        <WeekView
          monday={mondayOf(day)}
          reservations={week.data.reservations}
          closures={week.data.fermetures}
          colorMode={colorMode}
          onOpen={editing.open}
          onOpenDay={(d) => go({ date: d, vue: 'jour' })}
          canCreate={(d) => canBook && selectableFrom(d) !== null}
          onCreate={(d) => editing.create({ date: d })}
          createVerb={gestion ? 'Réserver' : 'Demander'}
        />
      )}

      {selection && selectedRoom && (
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
              <strong>{selectedRoom.nom}</strong> · {longDate(day)} · {hhmmOf(selection.debut)} –{' '}
              {hhmmOf(selection.fin)}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="sm" onClick={() => setSelection(null)}>
                Annuler
              </Button>
              <Button
                size="sm"
                onClick={() =>
                  editing.create({
                    idSalle: selection.roomId,
                    date: day,
                    heureDebut: hhmmOf(selection.debut),
                    heureFin: hhmmOf(selection.fin),
                  })
                }
              >
                {gestion ? 'Réserver ce créneau' : 'Demander ce créneau'}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {editing.dialogs}
    </Stack>
  );
}
