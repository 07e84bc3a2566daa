/** The buttons of the order's actions the server allows now, and the payment button. */
import { Button, Group } from '@mantine/core';
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

const isRefusal = (action: OrderChangeAction) => action.endsWith('CANCELLED') || action === 'DEVIS_REFUSED';

export function OrderActionButtons({ order, actions }: { order: OrderDetail; actions: OrderActions }) {
  const { change } = actions;
  return (
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
            {OrderAction.labels[action]}
          </Button>
        ))}
      {order.actions.includes('EDIT_PAYMENT') && (
        <Button variant="light" onClick={() => actions.setPaying('EDIT_PAYMENT')}>
          {OrderAction.labels.EDIT_PAYMENT}
        </Button>
      )}
    </Group>
  );
}
