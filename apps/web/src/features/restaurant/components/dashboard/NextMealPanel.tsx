/** The next meal: its covers, the portions of each dish to prepare, and the orders' remarks (allergies). */
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { MealType, type NextMeal } from '@union/contract';
import { Link } from 'react-router';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { ScrollTable } from '../../../../components/ScrollTable';
import { formatLongDate } from '../../../../lib/dates';
import { weekOfMeals } from './season';

function Remarks({ remarques }: Pick<NextMeal, 'remarques'>) {
  if (remarques.length === 0)
    return <Text size="sm">Aucune remarque ni allergie signalée dans les commandes.</Text>;
  return (
    <ScrollTable label="Remarques et allergies du prochain repas" minWidth={360}>
      <Table striped>
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
        <ChartPanel
          title="Portions à préparer par plat"
          summary={`${portions} portion${portions > 1 ? 's' : ''} commandée${portions > 1 ? 's' : ''} pour ${meal.plats.length} plat${meal.plats.length > 1 ? 's' : ''}.`}
          kind="bar"
          horizontal
          headingOrder={4}
          data={meal.plats.map((p) => ({ plat: p.libelle, quantite: p.quantite }))}
          categoryKey="plat"
          categoryLabel="Plat"
          series={[{ key: 'quantite', label: 'Portions' }]}
          height={Math.max(160, meal.plats.length * 34)}
          empty="Ce repas n’a pas encore de plats."
        />
        <Title order={4} fz={16}>
          Remarques et allergies
        </Title>
        <Remarks remarques={meal.remarques} />
      </Stack>
    </Paper>
  );
}
