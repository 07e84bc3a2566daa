/** What is due next (one call): the next fee call not yet made, and the reminders due today by level. */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { DashboardDue } from '@union/contract';
import { Link } from 'react-router';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { formatCents } from '../../../../lib/format';
import { FEE_TABLE_PATH, REMINDERS_PATH } from './links';

const LEVELS: Record<number, string> = {
  1: 'Rappel de paiement',
  2: 'Deuxième relance',
  3: 'Mise en demeure',
};

export function DueCard({ data }: { data: DashboardDue }) {
  const count = data.relances.reduce((s, r) => s + r.factures, 0);
  const amount = data.relances.reduce((s, r) => s + r.montant, 0);
  const call = data.appel;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={3} fz={{ base: 17, sm: 19 }} mb="xs">
          Prochain appel de cotisations
        </Title>
        {call ? (
          <Text>
            {call.libelle} {call.annee}-{call.annee + 1} : {call.appelees} loge{call.appelees > 1 ? 's' : ''}{' '}
            appelée
            {call.appelees > 1 ? 's' : ''} sur {call.entites}.{' '}
            <Anchor component={Link} to={FEE_TABLE_PATH}>
              Ouvrir le tableau des cotisations
            </Anchor>
          </Text>
        ) : (
          <Text>Tous les appels de l’année sont faits.</Text>
        )}
      </Paper>
      <ChartPanel
        title="Relances à envoyer"
        summary={
          count > 0
            ? `${count} facture${count > 1 ? 's' : ''} à relancer aujourd’hui, pour ${formatCents(amount)}.`
            : 'Aucune relance à envoyer aujourd’hui.'
        }
        kind="bar"
        horizontal
        data={data.relances.map((r) => ({ niveau: LEVELS[r.niveau]!, factures: r.factures }))}
        empty="Aucune relance n’est due aujourd’hui."
        categoryKey="niveau"
        categoryLabel="Niveau"
        series={[{ key: 'factures', label: 'Factures' }]}
        height={60 + data.relances.length * 40}
        rowHref={() => REMINDERS_PATH}
      />
    </Stack>
  );
}
