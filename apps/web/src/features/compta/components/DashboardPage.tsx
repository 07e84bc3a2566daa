/**
 * /app/compta/tableau-de-bord (COMPTA_LECTURE), the first screen of « Comptabilité » (issue 33): what the
 * lodges owe, invoiced and collected by month, the cards' balances, what is due next. One call per chart
 * group, each chart with its figures as a table; « Exporter (Excel) » writes them all, a sheet per chart.
 */
import { Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { API, pathTo } from '@union/contract';
import { useState } from 'react';
import { ExportExcelButton } from '../../../components/charts/ExportExcelButton';
import { usePageTitle } from '../../../components/usePageTitle';
import { parisYear } from '../../../lib/dates';
import { useDashboardCards, useDashboardDue, useDashboardReceivables } from '../api/dashboard';
import { CardsChart } from './dashboard/CardsChart';
import { DueCard } from './dashboard/DueCard';
import { MonthsChart } from './dashboard/MonthsChart';
import { QueryFailed } from './dashboard/QueryFailed';
import { ReceivablesCharts } from './dashboard/ReceivablesCharts';
import { ComptaNav } from './ComptaNav';

export function DashboardPage() {
  usePageTitle('Tableau de bord comptable');
  const thisYear = parisYear();
  const [annee, setAnnee] = useState(thisYear);
  const receivables = useDashboardReceivables();
  const cards = useDashboardCards();
  const due = useDashboardDue();

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Tableau de bord comptable</Title>
        <Group gap="sm" className="chart-panel-toggle">
          <ExportExcelButton
            path={pathTo(API.compta.dashboardExcel, {}, { annee })}
            fileName="tableau-de-bord-comptable.xlsx"
          />
        </Group>
      </Group>
      <ComptaNav />

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {receivables.isPending && <Loader aria-label="Chargement des créances" />}
        {receivables.isError && <QueryFailed what="Les créances" />}
        {receivables.data && <ReceivablesCharts data={receivables.data} />}
        {due.isPending && <Loader aria-label="Chargement des échéances" />}
        {due.isError && <QueryFailed what="Les échéances" />}
        {due.data && <DueCard data={due.data} />}
        {cards.isPending && <Loader aria-label="Chargement des soldes des cartes" />}
        {cards.isError && <QueryFailed what="Les soldes des cartes" />}
        {cards.data && <CardsChart data={cards.data} />}
      </SimpleGrid>
      <MonthsChart annee={annee} years={[0, 1, 2, 3, 4].map((i) => thisYear - i)} onYear={setAnnee} />
    </Stack>
  );
}
