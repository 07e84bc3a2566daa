/**
 * /app/restauration/tableau-de-bord (MENUS), the restaurant manager's first screen (issue 33): the next
 * meal to prepare, then the season's covers, dishes, takings and top-ups, each with its figures.
 */
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { API } from '@union/contract';
import { ExportExcelButton } from '../../../../components/charts/ExportExcelButton';
import { usePageTitle } from '../../../../components/usePageTitle';
import { seasonLabel } from '../../../../lib/season';
import { useRestaurantDashboard } from '../../api/dashboard';
import { RestaurantNav } from '../RestaurantNav';
import { NextMealPanel } from './NextMealPanel';
import { CoversChart, DishesChart, MoneyCharts } from './RestaurantCharts';

export function RestaurantDashboardPage() {
  usePageTitle('Tableau de bord du restaurant');
  const dashboard = useRestaurantDashboard();
  const d = dashboard.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <div>
          <Title order={2}>Tableau de bord du restaurant</Title>
          {d && <Text c="gray.8">{seasonLabel(d.saison)}</Text>}
        </div>
        <ExportExcelButton
          path={API.restaurant.dashboardExcel}
          fileName="tableau-de-bord-restauration.xlsx"
        />
      </Group>
      <RestaurantNav />
      {dashboard.isPending && <Loader aria-label="Chargement du tableau de bord" />}
      {dashboard.isError && <Alert color="red">Le tableau de bord n’a pas pu être chargé.</Alert>}
      {d && (
        <>
          <NextMealPanel meal={d.prochainRepas} />
          <CoversChart repas={d.repas} />
          <MoneyCharts encaissements={d.encaissements} rechargements={d.rechargements} />
          <DishesChart plats={d.plats} />
        </>
      )}
    </Stack>
  );
}
