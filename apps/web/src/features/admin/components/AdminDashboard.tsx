/**
 * The administration's dashboard, at the top of its first screen (issue 33): the last backup's age, the
 * outbox's failures, then the charts. One call (GET /api/admin/tableau-de-bord).
 */
import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ExportExcelButton } from '../../../components/charts/ExportExcelButton';
import { API, type AdminDashboard as Dashboard } from '@union/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useAdminDashboard } from '../api/dashboard';
import { OutboxChart, SecondFactorChart, SignInsChart } from './AdminCharts';

function Figure(props: { title: string; value: string; to: string; link: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={props.title}>
      <Title order={3} fz="sm" c="gray.8" fw={600}>
        {props.title}
      </Title>
      <Text fz={26} fw={700} mt={4}>
        {props.value}
      </Text>
      <Text size="sm" c="gray.8" mt={4}>
        {props.children}{' '}
        <Anchor component={Link} to={props.to} size="sm">
          {props.link}
        </Anchor>
      </Text>
    </Paper>
  );
}

const age = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} jours`);

function Figures({ data }: { data: Dashboard }) {
  const { sauvegarde: s, envois } = data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Figure
        title="Dernière sauvegarde réussie"
        value={s.ageHeures === null ? 'Aucune' : `Il y a ${age(s.ageHeures)}`}
        to="/app/admin/sauvegardes"
        link="Voir les sauvegardes"
      >
        {s.derniereReussie
          ? `Terminée le ${formatDateTime(s.derniereReussie)}.`
          : 'Aucune sauvegarde réussie.'}
        {s.enRetard && s.derniereReussie && ' Plus de deux jours : à vérifier.'}
        {s.derniereEchouee && ' La dernière tentative a échoué.'}
      </Figure>
      <Figure
        title="E-mails en échec"
        value={String(envois.echecs)}
        to="/app/admin/emails"
        link="Ouvrir la boîte d’envoi"
      >
        {envois.enReprise} en nouvelle tentative, {envois.enAttente} en attente.
      </Figure>
    </SimpleGrid>
  );
}

export function AdminDashboard() {
  const dashboard = useAdminDashboard();
  if (dashboard.isPending) return <Loader aria-label="Chargement du tableau de bord" />;
  if (dashboard.isError)
    return (
      <Alert color="red" title="Tableau de bord indisponible">
        Le tableau de bord n’a pas pu être chargé. Réessayez plus tard.
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <ExportExcelButton
          path={API.peopleDashboards.adminExcel}
          fileName="tableau-de-bord-administration.xlsx"
        />
      </Group>
      <Figures data={dashboard.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SecondFactorChart data={dashboard.data} />
        <OutboxChart data={dashboard.data} />
      </SimpleGrid>
      <SignInsChart data={dashboard.data} />
    </Stack>
  );
}
