/** Who the order is for and what it is about; its numbers, dates and what remains to pay. */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { OrderDetail } from '@union/contract';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';

export function OrderSummary({ order }: { order: OrderDetail }) {
  // What the server says is due: nothing on a cancelled invoice.
  const reste = order.du;
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
            <Text span c={order.enRetard ? 'red' : undefined} fw={order.enRetard ? 700 : undefined}>
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
              · Payé : {formatCents(order.paye)}
              {order.credite > 0 && <> · Avoirs : {formatCents(order.credite)}</>} · Reste dû :{' '}
              <Text span fw={700} c={order.enRetard ? 'red' : undefined}>
                {formatCents(reste)}
              </Text>
            </>
          )}
        </Text>
        {order.creditEntite > 0 && (
          <Text size="sm" mt={4}>
            Crédit de la loge : <strong>{formatCents(order.creditEntite)}</strong> (à imputer sur une facture
            ou à rembourser)
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
