/**
 * The orders of a meal for MENUS, read when the manager opens the meal's bar (not with the week): who, for which lodge, what, the amount, the balance of the card it
 * would be paid with, and exactly the buttons the server allows (pay by each means, refuse, undo). A
 * payment by card opens CardPaymentModal, where the balance read on the card may be typed.
 */
import { Alert, Group, List, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { plural, type Meal, type MealOrder } from '@union/contract';
import { useState } from 'react';
import { useBarOrders } from '../api/restaurant';
import { BarOrderRow, who } from './BarOrderRow';
import { CardPaymentModal } from './CardPaymentModal';
import { ScrollTable } from '../../../components/ScrollTable';

/**
 * What the kitchen prepares, beside the orders: the quantity of each dish over every order (as the
 * recap counts it), the covers, and the remarks (an allergy) highlighted with whose they are.
 */
function KitchenSummary({ meal, orders }: { meal: Meal; orders: MealOrder[] }) {
  const perDish = new Map<number, number>();
  for (const o of orders)
    for (const l of o.lignes) perDish.set(l.idPlat, (perDish.get(l.idPlat) ?? 0) + l.quantite);
  const guests = orders.reduce((n, o) => n + o.invites, 0);
  const remarks = orders.filter((o) => o.commentaire);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Paper withBorder p="sm" component="section" aria-labelledby={`plats-${meal.id}`}>
        <Text fw={700} size="sm" id={`plats-${meal.id}`} component="h5" m={0}>
          Plats à préparer
        </Text>
        <List size="sm" spacing={2} mt={4}>
          {meal.plats.map((d) => (
            <List.Item key={d.id}>
              <Text span fw={700} size="sm">
                {perDish.get(d.id) ?? 0} ×
              </Text>{' '}
              {d.libelle}
            </List.Item>
          ))}
        </List>
        <Text size="sm" mt={4}>
          {plural(orders.length + guests, 'couvert')} : {plural(orders.length, 'commande')}
          {guests === 0 ? ', sans invité' : ` et ${plural(guests, 'invité')}`}
        </Text>
      </Paper>
      <Paper
        withBorder
        p="sm"
        component="section"
        aria-labelledby={`remarques-${meal.id}`}
        bg={remarks.length > 0 ? 'var(--mantine-color-yellow-0)' : undefined}
        style={
          remarks.length > 0 ? { borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 } : undefined
        }
      >
        <Group gap={6}>
          {remarks.length > 0 && (
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-9)" aria-hidden />
          )}
          <Text fw={700} size="sm" id={`remarques-${meal.id}`} component="h5" m={0}>
            Remarques pour la cuisine ({remarks.length})
          </Text>
        </Group>
        {remarks.length === 0 ? (
          <Text size="sm" mt={4}>
            Aucune remarque.
          </Text>
        ) : (
          <List size="sm" spacing={2} mt={4}>
            {remarks.map((o) => (
              <List.Item key={o.id}>
                <Text span fw={700} size="sm">
                  {who(o)}
                  {o.entite ? ` (${o.entite})` : ''} :
                </Text>{' '}
                {o.commentaire}
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
    </SimpleGrid>
  );
}

export function BarOrders({ meal }: { meal: Meal }) {
  const [byCard, setByCard] = useState<{ order: MealOrder; moyen: 'C' | 'L' } | null>(null);
  const orders = useBarOrders(meal.id);
  if (orders.isPending)
    return <Loader size="sm" aria-label={`Chargement des commandes du repas ${meal.titre}`} />;
  if (orders.isError) return <Alert color="red">Les commandes de ce repas n'ont pas pu être chargées.</Alert>;
  if (orders.data.length === 0) return <Text c="gray.7">Aucune commande pour l’instant.</Text>;
  return (
    <Stack gap="sm">
      <KitchenSummary meal={meal} orders={orders.data} />
      {byCard && <CardPaymentModal {...byCard} onClose={() => setByCard(null)} />}
      <ScrollTable label="Commandes du repas" minWidth={640}>
        <Table striped verticalSpacing="xs" aria-label={`Commandes du repas ${meal.titre}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Personne</Table.Th>
              <Table.Th>Commande</Table.Th>
              <Table.Th>Montant</Table.Th>
              <Table.Th>Solde carte</Table.Th>
              <Table.Th>État</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((o) => (
              <BarOrderRow key={o.id} order={o} mealId={meal.id} onPayByCard={setByCard} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
