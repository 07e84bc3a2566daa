/**
 * Asked before an order for more people than menus: a guest is a person, so one menu for two people is
 * asked about, never sent silently. With a single main dish, the order may switch to one per person.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Meal } from '@union/contract';
import type { RefObject } from 'react';

type Dish = Meal['plats'][number];

export function PeopleQuestion({
  people,
  mainCount,
  menus,
  single,
  firstAnswer,
  onSwitch,
  onConfirm,
}: {
  people: number;
  /** How many menus (or, without menus, main dishes) are ordered. */
  mainCount: number;
  /** Whether the count is of menus rather than dishes. */
  menus: boolean;
  /** The only main dish ordered, if there is one. */
  single: Dish | null;
  /** Focused when the question appears. */
  firstAnswer: RefObject<HTMLButtonElement | null>;
  onSwitch: (dish: Dish) => void;
  onConfirm: () => void;
}) {
  return (
    <Alert color="yellow" title="Un menu par personne ?" role="alert">
      <Stack gap="xs">
        <Text size="sm">
          Vous êtes {people} personnes (vous et {people - 1} invité{people > 2 ? 's' : ''}) pour {mainCount}{' '}
          {menus ? 'menu' : 'plat'}
          {mainCount > 1 ? 's' : ''}.
        </Text>
        <Group gap="xs">
          {single && (
            <Button ref={firstAnswer} size="compact-md" onClick={() => onSwitch(single)}>
              {`Passer à ${people} × ${single.libelle}`}
            </Button>
          )}
          <Button
            ref={single ? undefined : firstAnswer}
            size="compact-md"
            variant="default"
            onClick={onConfirm}
          >
            {`Commander ainsi (${mainCount} pour ${people})`}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
