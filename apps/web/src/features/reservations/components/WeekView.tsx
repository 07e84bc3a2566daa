/** The week view: one column per day (stacked on a phone), reservations in time order, closures shown. */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ReservationState, type Closure, type Reservation } from '@union/contract';
import { shortDate, todayIso, weekDays, capitalized } from '../api/dates';
import { blockStyle, type ColorMode } from './colors';
import './planning.css';

interface Props {
  monday: string;
  reservations: Reservation[];
  closures: Closure[];
  colorMode: ColorMode;
  onOpen: (id: number) => void;
  onOpenDay: (day: string) => void;
  /** Creation from the week: whether a day can still take a booking, and the form opened for it. */
  canCreate: (day: string) => boolean;
  onCreate: (day: string) => void;
  /** « Réserver » for Union staff, « Demander » for the others. */
  createVerb: string;
}

export function WeekView({
  monday,
  reservations,
  closures,
  colorMode,
  onOpen,
  onOpenDay,
  canCreate,
  onCreate,
  createVerb,
}: Props) {
  const today = todayIso();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="xs">
      {weekDays(monday).map((day) => {
        const closure = closures.find((c) => c.date === day);
        const items = reservations.filter((r) => r.date === day);
        return (
          <Paper key={day} withBorder p="xs" radius="md" bg={day === today ? 'blue.0' : undefined}>
            <Stack gap={6}>
              <UnstyledButton
                onClick={() => onOpenDay(day)}
                aria-label={`Voir le ${shortDate(day)} en vue jour`}
              >
                <Group justify="space-between" gap={4}>
                  <Text fw={700} size="sm">
                    {capitalized(shortDate(day))}
                  </Text>
                  {day === today && (
                    <Badge size="xs" variant="light">
                      Aujourd’hui
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
              {closure && (
                <Badge color="red" variant="light" fullWidth style={{ whiteSpace: 'normal', height: 'auto' }}>
                  Fermé : {closure.motif}
                </Badge>
              )}
              {items.length === 0 && !closure && (
                <Text size="xs" c="dimmed">
                  Aucune réservation
                </Text>
              )}
              {items.map((r) => (
                <button
                  key={r.id}
                  type="button"
                  className="week-item"
                  style={blockStyle(r, colorMode)}
                  onClick={() => onOpen(r.id)}
                  title={ReservationState.labels[r.etat]}
                >
                  <strong>
                    {r.heureDebut}–{r.heureFin}
                  </strong>{' '}
                  · {r.salle}
                  <br />
                  {r.entite}
                  <br />
                  {r.libelle !== undefined && <span style={{ opacity: 0.9 }}>{r.libelle}</span>}
                  {r.etat !== 'CR' && (
                    <>
                      <br />
                      <em>{ReservationState.labels[r.etat]}</em>
                    </>
                  )}
                </button>
              ))}
              {!closure && canCreate(day) && (
                <Button
                  className="week-create"
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onCreate(day)}
                  aria-label={`${createVerb} une salle le ${shortDate(day)}`}
                >
                  {createVerb}
                </Button>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
