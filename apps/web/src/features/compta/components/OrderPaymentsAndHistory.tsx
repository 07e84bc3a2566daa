/** What was paid and the reminders sent, beside the order's history. */
import { Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { RecordedPaymentMode, type OrderDetail } from '@union/contract';
import { formatCents } from '../../../lib/format';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { DepositSlipButton } from './DepositSlipButton';
import { keepsAccounts } from './OrderActionButtons';

export function OrderPaymentsAndHistory({ order }: { order: OrderDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Paiements
        </Title>
        {order.paiements.length === 0 ? (
          <Text c="dimmed">Aucun paiement enregistré.</Text>
        ) : (
          <Stack gap={4}>
            {order.paiements.map((p) => (
              <Text key={p.id} size="sm">
                {formatDay(p.date)} ·{' '}
                {p.nature === 'C' ? 'Contre-passation' : RecordedPaymentMode.labels[p.mode]}
                {p.reference ? ` (${p.reference})` : ''} · <strong>{formatCents(p.montant)}</strong>
                {p.montantTotal !== Math.abs(p.montant) &&
                  ` sur un paiement de ${formatCents(p.montantTotal)}`}
                {p.contrePasse && ' · contre-passé'}
                {p.motif && ` — ${p.motif}`}
              </Text>
            ))}
          </Stack>
        )}
        {order.avoirs.length > 0 && (
          <>
            <Title order={4} size="h5" mt="md" mb={4}>
              Avoirs
            </Title>
            {order.avoirs.map((a) => (
              <Text key={a.id} size="sm">
                {a.numero} du {formatDay(a.date)} · <strong>{formatCents(a.montant)}</strong>
                {a.motif ? ` — ${a.motif}` : ''}
              </Text>
            ))}
          </>
        )}
        {keepsAccounts(order) && (
          <Group mt="md">
            <DepositSlipButton />
          </Group>
        )}
        {order.relances.length > 0 && (
          <>
            <Title order={4} size="h5" mt="md" mb={4}>
              Relances
            </Title>
            {order.relances.map((r, i) => (
              <Text key={i} size="sm">
                Niveau {r.niveau} le {formatDay(r.date)}
                {r.auteur ? ` par ${r.auteur}` : ''}
              </Text>
            ))}
          </>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Historique
        </Title>
        <Timeline bulletSize={12} lineWidth={2}>
          {order.historique.map((h, i) => (
            <Timeline.Item key={i} title={h.libelle}>
              <Text size="sm" c="dimmed">
                {formatDateTime(h.date)}
                {h.auteur ? ` · ${h.auteur}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
    </SimpleGrid>
  );
}
