/** The buttons of the order's actions the server allows now, and the payment button. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { OrderAction, type OrderChangeAction, type OrderDetail } from '@union/contract';
import type { OrderActions } from './useOrderActions';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';

/** Actions handled elsewhere on the page (editors, payment form, downloads). */
const NOT_BUTTONS: string[] = [
  'READ',
  'EDIT_DEVIS',
  'EDIT_FACTURE',
  'EDIT_PAYMENT',
  'DOWNLOAD_DEVIS',
  'DOWNLOAD_FACTURE',
];

const isRefusal = (action: OrderChangeAction) =>
  action.endsWith('CANCELLED') || action === 'DEVIS_REFUSED' || action === 'REVERSE_PAYMENT';

/** An issued invoice is sent again, not issued: the button says what it does in this state. */
const labelOf = (action: OrderChangeAction, order: OrderDetail) =>
  action === 'SEND_FACTURE' && order.numeroFacture
    ? 'Renvoyer la facture par e-mail'
    : OrderAction.labels[action];

/** Whether the caller keeps the accounts (a reader is offered reads only). */
export const keepsAccounts = (order: OrderDetail) =>
  order.actions.some((a) => !['READ', 'DOWNLOAD_DEVIS', 'DOWNLOAD_FACTURE'].includes(a));

export function OrderActionButtons({ order, actions }: { order: OrderDetail; actions: OrderActions }) {
  const { change } = actions;
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        {order.actions
          .filter((a): a is OrderChangeAction => !NOT_BUTTONS.includes(a))
          .map((action) => (
            <Button
              key={action}
              color={isRefusal(action) ? 'red' : undefined}
              variant={isRefusal(action) ? 'outline' : 'filled'}
              loading={change.isPending && change.variables?.action === action}
              {...WRAPPING_BUTTON}
              onClick={() => void actions.start(action)}
            >
              {labelOf(action, order)}
            </Button>
          ))}
        {order.actions.includes('EDIT_PAYMENT') && (
          <Button variant="light" onClick={() => actions.setPaying('EDIT_PAYMENT')}>
            {OrderAction.labels.EDIT_PAYMENT}
          </Button>
        )}
        {order.actions.includes('EDIT_PAYMENT') && (
          <Button variant="light" onClick={() => actions.setForm('repartition')}>
            Répartir un paiement sur plusieurs factures
          </Button>
        )}
        {keepsAccounts(order) && order.creditEntite > 0 && (
          <Button variant="light" onClick={() => actions.setForm('remboursement')}>
            Rembourser le crédit de la loge
          </Button>
        )}
      </Group>
      {order.indisponibles.map((u) => (
        <Text key={u.action} size="sm" c="dimmed">
          {OrderAction.labels[u.action]} : {u.raison}
        </Text>
      ))}
    </Stack>
  );
}
