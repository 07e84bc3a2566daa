/** One of my orders of a meal: what it holds, its state, and its buttons (pay by card, edit, delete). */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Meal, MealOrder } from '@union/contract';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { useDeleteOrder, usePayWithCard } from '../api/restaurant';
import { OrderStateBadge, mealName } from './labels';
import { asyncHandler } from '../../../components/error-handler';

export function MyMealOrder({
  meal,
  order: o,
  onEdit,
}: {
  meal: Meal;
  order: MealOrder;
  onEdit: (order: MealOrder) => void;
}) {
  const deleteOrder = useDeleteOrder();
  const pay = usePayWithCard();
  const name = mealName(meal);
  return (
    <Card withBorder padding="xs" radius="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {o.entite ? `Ma commande pour ${o.entite}` : 'Ma commande'} – {formatCents(o.montant)}
          </Text>
          <OrderStateBadge order={o} />
        </Group>
        <Text size="sm">
          {o.lignes.map((l) => `${l.quantite} × ${l.libelle}`).join(', ')}
          {o.invites > 0 && ` (+ ${o.invites} invité${o.invites > 1 ? 's' : ''})`}
        </Text>
        <Group gap="xs">
          {o.actions.includes('PAY_CARD') && (
            <Button
              size="compact-md"
              onClick={() =>
                void openDialog({
                  type: 'question',
                  title: 'Payer avec la carte Union',
                  text: `Payer ${formatCents(o.montant)} avec ${o.idEntite === null ? 'votre carte Union' : 'la carte de la loge'} ?`,
                  okLabel: `Payer ${formatCents(o.montant)}`,
                }).then(
                  (answer) =>
                    answer === 'ok' &&
                    pay.mutate(
                      { mealId: meal.id, orderId: o.id, moyen: o.idEntite === null ? 'C' : 'L' },
                      { onSuccess: () => toast('success', 'Commande payée avec la carte Union.') },
                    ),
                )
              }
            >
              {o.idEntite === null ? 'Payer avec ma carte' : 'Payer avec la carte de la loge'}
            </Button>
          )}
          {o.actions.includes('EDIT') && (
            <Button
              size="compact-md"
              variant="default"
              onClick={() => onEdit(o)}
              aria-label={`Modifier ma commande${o.entite ? ` pour ${o.entite}` : ''} de ${name}`}
            >
              Modifier
            </Button>
          )}
          {o.actions.includes('DELETE') && (
            <Button
              size="compact-md"
              variant="subtle"
              color="red"
              c="red"
              aria-label={`Annuler ma commande${o.entite ? ` pour ${o.entite}` : ''} de ${name}`}
              onClick={asyncHandler(async () => {
                const answer = await openDialog({
                  type: 'question',
                  title: 'Annuler la commande',
                  text: `Annuler votre commande${o.entite ? ` pour ${o.entite}` : ''} de ${name} ?`,
                  okLabel: 'Annuler ma commande',
                  cancelLabel: 'Garder ma commande',
                });
                if (answer === 'ok')
                  deleteOrder.mutate(
                    { mealId: meal.id, orderId: o.id },
                    { onSuccess: () => toast('success', `Votre commande de ${name} est annulée.`) },
                  );
              })}
            >
              Annuler ma commande
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
