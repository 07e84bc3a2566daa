/**
 * A meal's heading: its day and kind, its title, the seats left or « Commandes closes », the deadline and
 * whose agapes it is (« Agapes de votre loge » for the lodge's people).
 */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { deEntite, MealType, type Meal } from '@union/contract';
import type { Ref } from 'react';
import { formatLongDate } from '../../../lib/dates';
import { deadlineText } from './labels';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function MealHeader({
  meal,
  headingId,
  heading,
}: {
  meal: Meal;
  headingId: string;
  heading: Ref<HTMLHeadingElement>;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="gray.7">
            {capitalize(formatLongDate(meal.date))} – {MealType.labels[meal.type]}
          </Text>
          <Title order={3} fz="lg" id={headingId} ref={heading} tabIndex={-1}>
            {meal.titre}
          </Title>
        </Stack>
        {meal.commandable ? (
          <Badge color="green" variant="light" tt="none" size="lg" styles={{ label: { color: '#1b5e20' } }}>
            {meal.placesRestantes} place{meal.placesRestantes > 1 ? 's' : ''} restante
            {meal.placesRestantes > 1 ? 's' : ''}
          </Badge>
        ) : (
          <Badge color="gray" variant="filled" tt="none" size="lg">
            Commandes closes
          </Badge>
        )}
      </Group>
      <Text size="sm">Commandes jusqu’au {deadlineText(meal.limite)}</Text>
      {meal.agapes && (
        <Group gap="xs" wrap="wrap">
          {meal.mesAgapes && (
            <Badge color="blue" variant="light" tt="none" styles={{ label: { color: '#0b3d91' } }}>
              Agapes de votre loge
            </Badge>
          )}
          <Text size="sm">
            {`Agapes ${deEntite(meal.agapes.entite)} – ${meal.agapes.libelle}, ${meal.agapes.debut} (${meal.agapes.salle})`}
          </Text>
        </Group>
      )}
    </>
  );
}
