/** The requests waiting for the staff's decision, oldest first, and the closed days ahead. */
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { PlanningDashboard } from '@union/contract';
import { Link } from 'react-router';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { formatDay, formatLongDate } from '../../../../lib/dates';

const KIND = { DC: 'Réservation', DS: 'Suppression' } as const;

export function WaitingRequests({
  demandes,
  demandesTotal,
}: Pick<PlanningDashboard, 'demandes' | 'demandesTotal'>) {
  const oldest = demandes[0];
  return (
    <Stack gap={6}>
      <ChartPanel
        title="Demandes en attente, par ancienneté"
        summary={
          oldest
            ? `${demandesTotal} demande${demandesTotal > 1 ? 's' : ''} en attente ; la plus ancienne attend depuis ${oldest.age} jour${oldest.age > 1 ? 's' : ''}.`
            : 'Aucune demande en attente.'
        }
        kind="bar"
        horizontal
        data={demandes.map((r) => ({
          demande: `${KIND[r.etat]} · ${r.entite} · ${r.salle} · ${formatDay(r.date)} ${r.debut}`,
          date: r.date,
          age: r.age,
        }))}
        categoryKey="demande"
        categoryLabel="Demande"
        series={[{ key: 'age', label: 'Attente (jours)' }]}
        rowHref={(row) => `/app/reservations/planning?date=${String(row.date)}&vue=jour`}
        height={Math.max(160, demandes.length * 34)}
        empty="Aucune demande en attente."
      />
      {demandesTotal > 0 && (
        <Anchor component={Link} to="/app/reservations/demandes">
          Traiter les {demandesTotal} demande{demandesTotal > 1 ? 's' : ''}
        </Anchor>
      )}
    </Stack>
  );
}

export function ClosuresAhead({ fermetures }: Pick<PlanningDashboard, 'fermetures'>) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="closures-ahead-title">
      <Stack gap="sm">
        <Title order={3} id="closures-ahead-title" fz={{ base: 17, sm: 19 }}>
          Prochains jours de fermeture
        </Title>
        {fermetures.length === 0 ? (
          <Text>Aucun jour de fermeture prévu.</Text>
        ) : (
          <List spacing={4}>
            {fermetures.map((f) => (
              <List.Item key={f.date}>
                <strong>{formatLongDate(f.date)}</strong> — {f.motif}
              </List.Item>
            ))}
          </List>
        )}
        <Anchor component={Link} to="/app/reservations/fermetures">
          Gérer les jours de fermeture
        </Anchor>
      </Stack>
    </Paper>
  );
}
