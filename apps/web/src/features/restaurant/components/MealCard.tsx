/**
 * One meal of the week: its heading (seats, deadline, agapes), its menu, my orders with their buttons,
 * « Commander »; for MENUS the meal's own buttons, its dishes and every order. The dialogs it opens give
 * the focus back on closing (hooks/useMealDialogs.ts).
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Meal, MealWeek } from '@union/contract';
import { useMealDialogs } from '../hooks/useMealDialogs';
import { DishModal } from './DishModal';
import { mealName } from './labels';
import { MealHeader } from './MealHeader';
import { MealManagement } from './MealManagement';
import { MealMenu } from './MealMenu';
import { MealModal } from './MealModal';
import { MyMealOrder } from './MyMealOrder';
import { OrderModal } from './OrderModal';

export function MealCard({ meal, week }: { meal: Meal; week: MealWeek }) {
  const dialogs = useMealDialogs();
  const manage = meal.actions.includes('EDIT');
  const headingId = `repas-${meal.id}`;
  const name = mealName(meal);

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <MealHeader meal={meal} headingId={headingId} heading={dialogs.heading} />
        <MealMenu meal={meal} manage={manage} onEditDish={dialogs.openDish} />

        {meal.mesCommandes.map((o) => (
          <MyMealOrder key={o.id} meal={meal} order={o} onEdit={dialogs.openOrder} />
        ))}

        {meal.actions.includes('ORDER') && (
          <Group gap="sm">
            <Button
              onClick={() => dialogs.openOrder('new')}
              aria-label={`Commander ${name}`}
              size="md"
              fullWidth={false}
              disabled={meal.plats.length === 0}
              // A disabled button says why.
              aria-describedby={meal.plats.length === 0 ? `no-dish-${meal.id}` : undefined}
            >
              Commander
            </Button>
            {meal.plats.length === 0 && (
              <Text size="sm" c="dimmed" id={`no-dish-${meal.id}`}>
                Les plats de ce repas ne sont pas encore publiés.
              </Text>
            )}
          </Group>
        )}

        {manage && (
          <MealManagement
            meal={meal}
            onAddDish={() => dialogs.openDish('new')}
            onEditMeal={dialogs.openMeal}
          />
        )}
      </Stack>
      {dialogs.ordering && (
        <OrderModal
          meal={meal}
          entites={week.entites}
          order={dialogs.ordering === 'new' ? undefined : dialogs.ordering}
          onClose={dialogs.closeOrder}
        />
      )}
      {dialogs.editingMeal && <MealModal meal={meal} defaultDate={meal.date} onClose={dialogs.closeMeal} />}
      {dialogs.editingDish && (
        <DishModal
          mealId={meal.id}
          dish={dialogs.editingDish === 'new' ? undefined : dialogs.editingDish}
          onClose={dialogs.closeDish}
        />
      )}
    </Card>
  );
}
