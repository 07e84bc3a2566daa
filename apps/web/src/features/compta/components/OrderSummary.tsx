/** Who the order is for and what it is about; its numbers, dates and what remains to pay. */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { OrderDetail } from '@union/contract';
import { formatCents, formatDay } from '../../../lib/format';

export function OrderSummary({ order }: { order: OrderDetail }) {
  const reste = order.total - order.paye;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder p="md">
        <Text fw={700}>{order.entite.nom}</Text>
        <Text>{order.objet}</Text>
        {order.motifAnnulation && <Text size="sm">Motif : {order.motifAnnulation}</Text>}
      </Paper>
      <Paper withBorder p="md">
        {order.numeroDevis && (
          <Text size="sm">
            Devis {order.numeroDevis} du {formatDay(order.dateDevis)}
          </Text>
        )}
        {order.numeroFacture && (
          <Text size="sm">
            Facture {order.numeroFacture} du {formatDay(order.dateFacture)}, échéance le{' '}
            <Text span c={order.enRetard ? 'red.9' : undefined} fw={order.enRetard ? 700 : undefined}>
              {formatDay(order.dateEcheance)}
            </Text>
          </Text>
        )}
        {order.numeroAvoir && (
          <Text size="sm">
            Avoir {order.numeroAvoir} du {formatDay(order.dateAvoir)}
          </Text>
        )}
        <Text mt="xs">
          Total : <strong>{formatCents(order.total)}</strong>
          {order.numeroFacture && (
            <>
              {' '}
              · Payé : {formatCents(order.paye)} · Reste :{' '}
              <Text span fw={700} c={order.enRetard ? 'red.9' : undefined}>
                {formatCents(reste)}
              </Text>
            </>
          )}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
