/**
 * What the week says when it has nothing left to order: no meal at all, or (on a weekend, say) only meals
 * already past. Either way it points to the next week rather than leaving an empty screen.
 */
import { Alert, Button, Text } from '@mantine/core';
import { IconChevronRight, IconToolsKitchen2 } from '@tabler/icons-react';
import type { Meal } from '@union/contract';

export function NoMealAhead({
  meals,
  today,
  onNextWeek,
}: {
  meals: Pick<Meal, 'date'>[];
  /** Paris's day, ISO: the meals before it are past. */
  today: string;
  onNextWeek: () => void;
}) {
  const none = meals.length === 0;
  if (!none && meals.some((meal) => meal.date >= today)) return null;
  return (
    <Alert variant="light" color="gray" icon={<IconToolsKitchen2 />}>
      <Text inherit>
        {none ? 'Aucun repas n’est proposé cette semaine.' : 'Les repas de cette semaine sont passés.'}
      </Text>
      <Button
        mt="xs"
        variant="light"
        size="compact-md"
        rightSection={<IconChevronRight size={16} />}
        onClick={onNextWeek}
      >
        Voir les repas de la semaine suivante
      </Button>
    </Alert>
  );
}
