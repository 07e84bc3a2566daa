/**
 * /app/restauration: the week of meals (Monday to Sunday), phone first. Members order; MENUS also
 * create meals, edit dishes, notify, take payments and print the recap.
 */
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatLongDate } from '../../../lib/dates';
import { addDays, mondayOf } from '@union/contract';
import { todayIso } from '../api/dates';
import { useMealWeek } from '../api/restaurant';
import { MealCard } from './MealCard';
import { MealModal } from './MealModal';
import { NoMealAhead } from './NoMealAhead';
import { RestaurantNav } from './RestaurantNav';

export function RestaurantPage() {
  usePageTitle('Restauration');
  const [params, setParams] = useSearchParams();
  const monday = mondayOf(params.get('date') ?? todayIso());
  const week = useMealWeek(monday);
  const [creating, setCreating] = useState(false);
  // The dialog is unmounted on closing: the focus goes back to « Nouveau repas » by hand.
  const newMeal = useRef<HTMLButtonElement>(null);
  const go = (day: string) => setParams({ date: day }, { replace: true });
  // A new meal defaults to the Tuesday of the week shown, never to a day already past.
  const newMealDay = addDays(monday, 1) < todayIso() ? todayIso() : addDays(monday, 1);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Restauration</Title>
        {week.data?.gestion && (
          <Button ref={newMeal} onClick={() => setCreating(true)} size="compact-md">
            Nouveau repas
          </Button>
        )}
      </Group>
      <RestaurantNav />
      <Group gap="xs" justify="space-between" wrap="nowrap" component="nav" aria-label="Semaines">
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconChevronLeft size={16} />}
          aria-label="Semaine précédente"
          onClick={() => go(addDays(monday, -7))}
        >
          <Text span visibleFrom="sm" inherit>
            Précédente
          </Text>
        </Button>
        <Text fw={600} ta="center" size="sm" aria-live="polite">
          Semaine du {formatLongDate(monday)}
        </Text>
        <Button
          variant="default"
          size="compact-md"
          rightSection={<IconChevronRight size={16} />}
          aria-label="Semaine suivante"
          onClick={() => go(addDays(monday, 7))}
        >
          <Text span visibleFrom="sm" inherit>
            Suivante
          </Text>
        </Button>
      </Group>
      {monday !== mondayOf(todayIso()) && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => go(todayIso())}
          style={{ alignSelf: 'center' }}
        >
          Revenir à cette semaine
        </Button>
      )}
      {week.isPending && <Loader aria-label="Chargement des repas" />}
      {week.data && (
        <NoMealAhead meals={week.data.repas} today={todayIso()} onNextWeek={() => go(addDays(monday, 7))} />
      )}
      {week.data?.repas.map((meal) => (
        <MealCard key={meal.id} meal={meal} week={week.data} />
      ))}
      {creating && (
        <MealModal
          defaultDate={newMealDay}
          onClose={() => {
            setCreating(false);
            window.setTimeout(() => newMeal.current?.focus(), 20);
          }}
          // A meal made for another week is shown: the page moves to its week.
          onSaved={(meal) => go(meal.date)}
        />
      )}
    </Stack>
  );
}
