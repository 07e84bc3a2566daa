/**
 * The lodge's dashboard, the first tab of Gestion Loge (issue 33): its figures, then its next sessions
 * with their agapes. One call (GET /api/loge/{idEntite}/tableau-de-bord).
 */
import { Alert, Group, Loader, Stack } from '@mantine/core';
import { API, pathTo, type EntitySummary } from '@union/contract';
import { ExportExcelButton } from '../../../components/charts/ExportExcelButton';
import { useLodgeDashboard } from '../api/dashboard';
import { LodgeFigures } from './LodgeFigures';
import { SessionsChart, SessionsList } from './SessionsChart';

export function DashboardPanel({ entite, onAccount }: { entite: EntitySummary; onAccount: () => void }) {
  const dashboard = useLodgeDashboard(entite.id);
  if (dashboard.isPending) return <Loader aria-label="Chargement du tableau de bord" />;
  if (dashboard.isError)
    return (
      <Alert color="red" title="Tableau de bord indisponible">
        Le tableau de bord de {entite.nom} n’a pas pu être chargé. Réessayez plus tard.
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <ExportExcelButton
          path={pathTo(API.peopleDashboards.lodgeExcel, { idEntite: entite.id })}
          fileName="tableau-de-bord-loge.xlsx"
        />
      </Group>
      <LodgeFigures data={dashboard.data} onAccount={onAccount} />
      <SessionsChart data={dashboard.data} />
      <SessionsList data={dashboard.data} />
    </Stack>
  );
}
