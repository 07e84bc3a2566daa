/** The next meal: its covers, the portions of each dish to prepare, and the orders' remarks (allergies). */
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DishType, MealType, type NextMeal } from '@union/contract';
import { Link } from 'react-router';
import { ScrollTable } from '../../../../components/ScrollTable';
import { formatLongDate } from '../../../../lib/dates';
import { weekOfMeals } from './season';

function Remarks({ remarques }: Pick<NextMeal, 'remarques'>) {
  if (remarques.length === 0)
    return <Text size="sm">Aucune remarque ni allergie signalée dans les commandes.</Text>;
  return (
    <ScrollTable label="Remarques et allergies du prochain repas" minWidth={360}>
      <Table striped aria-label="Remarques et allergies">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Pour</Table.Th>
            <Table.Th scope="col" ta="right">
              Couverts
            </Table.Th>
            <Table.Th scope="col">Remarque</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {remarques.map((r, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" fw="normal">
                {r.pour}
              </Table.Th>
              <Table.Td ta="right">{r.couverts}</Table.Td>
              <Table.Td fw={700}>{r.remarque}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Portions({ plats }: Pick<NextMeal, 'plats'>) {
  if (plats.length === 0) return <Text size="sm">Ce repas n’a pas encore de plats.</Text>;
  return (
    <ScrollTable label="Portions à préparer pour le prochain repas" minWidth={300}>
      <Table striped aria-label="Portions à préparer">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Plat</Table.Th>
            <Table.Th scope="col" ta="right">
              Portions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plats.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Th scope="row" fw="normal">
                {p.libelle}{' '}
                <Text span size="sm" c="gray.8">
                  ({DishType.labels[p.type]})
                </Text>
              </Table.Th>
              <Table.Td ta="right" fw={700}>
                {p.quantite}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function NextMealPanel({ meal }: { meal: NextMeal | null }) {
  if (!meal)
    return (
      <Paper withBorder p="md" component="section" aria-labelledby="next-meal-title">
        <Title order={3} id="next-meal-title" fz={{ base: 17, sm: 19 }}>
          Prochain repas
        </Title>
        <Text mt="xs">Aucun repas n’est prévu. Créez-le depuis les repas de la semaine.</Text>
      </Paper>
    );
  const portions = meal.plats.reduce((sum, p) => sum + p.quantite, 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="next-meal-title">
      <Stack gap="sm">
        <Title order={3} id="next-meal-title" fz={{ base: 17, sm: 19 }}>
          Prochain repas : {formatLongDate(meal.date)}, {MealType.labels[meal.type]}
        </Title>
        <Text>
          {meal.titre} — <strong>{meal.reserves}</strong> couvert{meal.reserves > 1 ? 's' : ''} réservé
          {meal.reserves > 1 ? 's' : ''} sur {meal.places} places.{' '}
          <Anchor component={Link} to={weekOfMeals(meal.date)}>
            Voir les commandes du repas
          </Anchor>
        </Text>
        <Title order={4} fz={16}>
          Portions à préparer ({portions})
        </Title>
        <Portions plats={meal.plats} />
        <Title order={4} fz={16}>
          Remarques et allergies
        </Title>
        <Remarks remarques={meal.remarques} />
      </Stack>
    </Paper>
  );
}
