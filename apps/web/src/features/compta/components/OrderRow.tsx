/**
 * One order in the orders list: the whole row opens the order, its number is the link for the keyboard.
 */
import { Anchor, Table, Text } from '@mantine/core';
import type { OrderSummary } from '@union/contract';
import { Link, useNavigate } from 'react-router';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';
import { OrderStateBadge } from './OrderStateBadge';
import { orderNumber } from './shared';

export function OrderRow({ order: o }: { order: OrderSummary }) {
  const navigate = useNavigate();
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={() =>
        // The router shows a failed loader itself: nothing waits for the navigation.
        void navigate(`/app/compta/commandes/${o.id}`)
      }
    >
      <Table.Td fw={500}>
        <Anchor component={Link} to={`/app/compta/commandes/${o.id}`} onClick={(e) => e.stopPropagation()}>
          {orderNumber(o)}
        </Anchor>
      </Table.Td>
      <Table.Td>{o.entite.nom}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {o.objet}
        </Text>
      </Table.Td>
      <Table.Td>
        <OrderStateBadge etat={o.etat} enRetard={o.enRetard} />
      </Table.Td>
      <Table.Td>{formatDay(o.dateFacture ?? o.creeLe)}</Table.Td>
      <Table.Td c={o.enRetard ? 'red.9' : undefined} fw={o.enRetard ? 700 : undefined}>
        {formatDay(o.dateEcheance)}
      </Table.Td>
      <Table.Td ta="right">{formatCents(o.total)}</Table.Td>
      <Table.Td ta="right" c={o.enRetard ? 'red.9' : undefined} fw={o.enRetard ? 700 : undefined}>
        {o.etat === 'FE' ? formatCents(o.total - o.paye) : '—'}
      </Table.Td>
    </Table.Tr>
  );
}
