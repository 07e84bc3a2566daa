/** A meal's dishes and prices (« Menu à venir » before any); for MENUS, each dish's edit and delete. */
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DishType, type Dish, type Meal } from '@union/contract';
import { formatCents } from '../../../lib/format';
import { useDeleteDish } from '../api/restaurant';
import { confirm } from './confirm';
import { asyncHandler } from '../../../components/error-handler';

export function MealMenu({
  meal,
  manage,
  onEditDish,
}: {
  meal: Meal;
  manage: boolean;
  onEditDish: (dish: Dish) => void;
}) {
  const deleteDish = useDeleteDish();
  if (meal.plats.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Menu à venir.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label={`Menu de ${meal.titre}`}>
      <Table.Tbody>
        {meal.plats.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>
              <Text size="sm">
                <Text span size="xs" c="gray.7">
                  {DishType.labels[d.type]} ·{' '}
                </Text>
                {d.libelle}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatCents(d.prix)}
            </Table.Td>
            {manage && (
              <Table.Td w={80}>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Modifier le plat ${d.libelle}`}
                    onClick={() => onEditDish(d)}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Supprimer le plat ${d.libelle}`}
                    onClick={asyncHandler(async () => {
                      if ((await confirm('Supprimer le plat', `Supprimer « ${d.libelle} » ?`)) === 'ok') {
                        deleteDish.mutate({ mealId: meal.id, dishId: d.id });
                      }
                    })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
