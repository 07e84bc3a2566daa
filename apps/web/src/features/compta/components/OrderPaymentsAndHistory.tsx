/** What was paid and the reminders sent, beside the order's history. */
import { Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { RecordedPaymentMode, type OrderDetail } from '@union/contract';
import { formatCents, formatDateTime, formatDay } from '../../../lib/format';

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
                {formatDay(p.date)} · {RecordedPaymentMode.labels[p.mode]}
                {p.reference ? ` (${p.reference})` : ''} · <strong>{formatCents(p.montant)}</strong>
              </Text>
            ))}
          </Stack>
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
