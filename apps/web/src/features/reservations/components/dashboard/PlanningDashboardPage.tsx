/**
 * /app/reservations/tableau-de-bord (Union staff), the planning's first screen for them (issue 33): the
 * requests waiting and the closed days ahead, then the season's occupancy per month and room and the
 * rooms × weekdays heat map.
 */
import { Alert, Loader, SimpleGrid, Stack, Text, Title, Group } from '@mantine/core';
import { API } from '@union/contract';
import { ExportExcelButton } from '../../../../components/charts/ExportExcelButton';
import { usePageTitle } from '../../../../components/usePageTitle';
import { seasonLabel } from '../../../../lib/season';
import { usePlanningDashboard } from '../../api/dashboard';
import { PlanningNav } from '../PlanningNav';
import { OccupancyCharts } from './OccupancyCharts';
import { RoomsHeatMap } from './RoomsHeatMap';
import { ClosuresAhead, WaitingRequests } from './WaitingAndClosures';

export function PlanningDashboardPage() {
  usePageTitle('Tableau de bord du planning');
  const dashboard = usePlanningDashboard();
  const d = dashboard.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={2}>Tableau de bord du planning</Title>
          {d && <Text c="gray.8">{seasonLabel(d.saison)}</Text>}
        </div>
        <Group gap="xs">
          <PlanningNav gestion />
          <ExportExcelButton
            path={API.reservations.dashboardExcel}
            fileName="tableau-de-bord-planning.xlsx"
          />
        </Group>
      </Group>
      {dashboard.isPending && <Loader aria-label="Chargement du tableau de bord" />}
      {dashboard.isError && <Alert color="red">Le tableau de bord n’a pas pu être chargé.</Alert>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <WaitingRequests demandes={d.demandes} demandesTotal={d.demandesTotal} />
            <ClosuresAhead fermetures={d.fermetures} />
          </SimpleGrid>
          <OccupancyCharts salles={d.salles} />
          <RoomsHeatMap salles={d.salles} />
        </>
      )}
    </Stack>
  );
}
