/**
 * A meal's « Gestion » part (MENUS): add a dish, edit, notify, recap, delete the meal, and the bar's
 * orders, opened on demand under their counts.
 */
import { Button, Divider, Group, Text, Title } from '@mantine/core';
import { plural, type Meal, type MealBar } from '@union/contract';
import { useState } from 'react';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { downloadRecap, useDeleteMeal } from '../api/restaurant';
import { BarOrders } from './BarOrders';
import { confirm } from './confirm';
import { mealName } from './labels';
import { NotifyMenuButton } from './NotifyMenuButton';
import { asyncHandler } from '../../../components/error-handler';

/**
 * The bar's header, split as the recap splits it: the « total payant » (every order not offered) and,
 * apart, what is offered by invitation, so the two figures a manager compares are the same.
 */
function barHeading(bar: MealBar | null): string {
  const { commandes, montant, offertes, offert } = bar ?? {
    commandes: 0,
    montant: 0,
    offertes: 0,
    offert: 0,
  };
  const gift = offertes > 0 ? ` · offert ${formatCents(offert)} (${plural(offertes, 'commande')})` : '';
  return `Commandes (${commandes}) · total payant ${formatCents(montant)}${gift}`;
}

export function MealManagement({
  meal,
  onAddDish,
  onEditMeal,
}: {
  meal: Meal;
  onAddDish: () => void;
  onEditMeal: () => void;
}) {
  const [barOpen, setBarOpen] = useState(false);
  const deleteMeal = useDeleteMeal();
  const name = mealName(meal);
  return (
    <>
      <Divider
        label={
          <Text size="xs" c="gray.7">
            Gestion
          </Text>
        }
        labelPosition="left"
      />
      <Group gap="xs">
        <Button
          size="compact-md"
          variant="light"
          onClick={onAddDish}
          aria-label={`Ajouter un plat à ${name}`}
        >
          Ajouter un plat
        </Button>
        <Button
          size="compact-md"
          variant="default"
          onClick={onEditMeal}
          aria-label={`Modifier le repas ${name}`}
        >
          Modifier le repas
        </Button>
        {meal.actions.includes('NOTIFY') && <NotifyMenuButton meal={meal} />}
        {meal.actions.includes('RECAP') && (
          <Button
            size="compact-md"
            variant="default"
            onClick={asyncHandler(() => downloadRecap(meal))}
            aria-label={`Récapitulatif (PDF) de ${name}`}
          >
            Récapitulatif (PDF)
          </Button>
        )}
        {meal.actions.includes('DELETE') && (
          <Button
            size="compact-md"
            variant="subtle"
            color="red"
            c="red"
            aria-label={`Supprimer le repas ${name}`}
            onClick={asyncHandler(async () => {
              if (
                (await confirm(
                  'Supprimer le repas',
                  `Supprimer le repas ${name} et ses commandes non payées ?`,
                )) === 'ok'
              ) {
                deleteMeal.mutate(meal.id, { onSuccess: () => toast('info', 'Repas supprimé.') });
              }
            })}
          >
            Supprimer le repas
          </Button>
        )}
      </Group>
      <Title order={4} fz="md">
        {/* Wraps on a phone: « · total payant 104,00 € · offert … » is longer than 380 px. */}
        <Button
          variant="subtle"
          size="compact-md"
          {...WRAPPING_BUTTON}
          styles={{ label: { ...WRAPPING_BUTTON.styles.label, textAlign: 'left' } }}
          aria-expanded={barOpen}
          aria-controls={`bar-${meal.id}`}
          onClick={() => setBarOpen((o) => !o)}
        >
          {barHeading(meal.bar)}
        </Button>
      </Title>
      {/* Read on opening only: a busy week has thousands of orders (issue 18). */}
      <div id={`bar-${meal.id}`}>{barOpen && <BarOrders meal={meal} />}</div>
    </>
  );
}
