/**
 * The lodge's figures at a glance (issue 33): its balance with the Union and the invoice due first, its
 * own prepaid card (officers never saw it before), and its members' cards in total.
 */
import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { LodgeDashboard } from '@union/contract';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';

function Figure({ title, value, children }: { title: string; value: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} fz="sm" c="gray.8" fw={600}>
        {title}
      </Title>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
      <Text size="sm" c="gray.8" mt={4}>
        {children}
      </Text>
    </Paper>
  );
}

export function LodgeFigures({ data, onAccount }: { data: LodgeDashboard; onAccount: () => void }) {
  const { compte, cartesMembres } = data;
  const due = compte.prochaineEcheance;
  const s = cartesMembres.porteurs > 1 ? 's' : '';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Figure title="Solde du compte avec l’Union" value={formatCents(compte.solde)}>
        {compte.solde > 0 ? 'À régler' : compte.solde < 0 ? 'En faveur de la loge' : 'Rien à régler'}
        {compte.credit > 0 && ` (avoir disponible : ${formatCents(compte.credit)})`}.{' '}
        <Anchor component="button" type="button" size="sm" onClick={onAccount}>
          Voir le compte
        </Anchor>
      </Figure>
      <Figure title="Prochaine échéance" value={due ? formatDay(due.date) : 'Aucune'}>
        {due
          ? `${due.enRetard ? 'En retard : ' : ''}facture ${due.numeroFacture}, ${formatCents(due.reste)} restant dus.`
          : 'Aucune facture à régler.'}
      </Figure>
      <Figure title="Carte de la loge" value={formatCents(data.carteLoge)}>
        Solde de la carte prépayée de la loge.
      </Figure>
      <Figure title="Cartes des membres" value={formatCents(cartesMembres.total)}>
        {cartesMembres.porteurs} carte{s} pour {cartesMembres.membres} membre
        {cartesMembres.membres > 1 ? 's' : ''} aujourd’hui.
      </Figure>
    </SimpleGrid>
  );
}
