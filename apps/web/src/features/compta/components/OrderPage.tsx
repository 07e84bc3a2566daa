/**
 * One order: its lines (editable while it is a quote or a draft), totals, payments, reminders, history,
 * its PDFs, and exactly the buttons of the actions the server allows now (never recomputed here).
 */
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Instalment, OrderType, type OrderDetail } from '@union/contract';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { useOrder } from '../api/orders';
import { AllocatePaymentModal } from './AllocatePaymentModal';
import { CreditNoteModal } from './CreditNoteModal';
import { ORDERS_PATH } from './dashboard/links';
import { OrderActionButtons } from './OrderActionButtons';
import { RefundModal } from './RefundModal';
import { ReversePaymentModal } from './ReversePaymentModal';
import { OrderDocuments } from './OrderDocuments';
import { OrderLines } from './OrderLines';
import { OrderPaymentsAndHistory } from './OrderPaymentsAndHistory';
import { OrderReasonModal } from './OrderReasonModal';
import { OrderStateBadge } from './OrderStateBadge';
import { OrderSummary } from './OrderSummary';
import { PaymentModal } from './PaymentModal';
import { orderNumber } from './shared';
import { useOrderActions } from './useOrderActions';

export function OrderPage() {
  const id = Number(useParams().orderId);
  const { data: order, isPending, isError } = useOrder(id);
  usePageTitle(order ? orderNumber(order) : 'Pièce');
  if (isPending) return <Loader aria-label="Chargement de la pièce" />;
  if (isError || !order) return <Alert color="red">La pièce n'a pas pu être chargée.</Alert>;
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const actions = useOrderActions(order);
  const { run, reste, reasonFor, setReasonFor, paying, setPaying, form, setForm } = actions;

  return (
    <Stack gap="lg">
      <BackLink to={ORDERS_PATH} parent="aux factures et devis" />
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{orderNumber(order)}</Title>
          <Group gap="sm">
            <OrderStateBadge etat={order.etat} enRetard={order.enRetard} />
            <Text>
              {OrderType.labels[order.type]}
              {order.tranche ? ` · ${Instalment.labels[order.tranche]}` : ''} · {order.annee}-
              {order.annee + 1}
            </Text>
          </Group>
        </Stack>
      </Group>

      <OrderSummary order={order} />
      <OrderActionButtons order={order} actions={actions} />
      <OrderLines order={order} saving={actions.change.isPending} onSave={run} />
      <OrderDocuments order={order} />
      <OrderPaymentsAndHistory order={order} />

      <OrderReasonModal
        order={order}
        action={reasonFor}
        onClose={() => setReasonFor(null)}
        onConfirm={async (motif) => {
          await run(reasonFor!, motif ? { motif } : {});
          setReasonFor(null);
        }}
      />
      <CreditNoteModal
        key={`avoir-${form === 'avoir'}-${order.creditable}`}
        order={order}
        opened={form === 'avoir'}
        onClose={() => setForm(null)}
        onConfirm={async (body) => {
          await run('AVOIR_FACTURE', { ...body });
          setForm(null);
        }}
      />
      <ReversePaymentModal
        key={`contrepassation-${form === 'contrepassation'}`}
        order={order}
        opened={form === 'contrepassation'}
        onClose={() => setForm(null)}
        onConfirm={async (body) => {
          await run('REVERSE_PAYMENT', body);
          setForm(null);
        }}
      />
      {form === 'repartition' && (
        <AllocatePaymentModal entity={order.entite} opened onClose={() => setForm(null)} />
      )}
      {form === 'remboursement' && (
        <RefundModal entity={order.entite} credit={order.creditEntite} opened onClose={() => setForm(null)} />
      )}
      <PaymentModal
        // A fresh form each time it opens: the amount proposed is what remains now.
        key={`${paying}-${reste}`}
        action={paying}
        reste={reste}
        onClose={() => setPaying(null)}
        onConfirm={async (paiement) => {
          await run(paying!, { paiement });
          setPaying(null);
        }}
      />
    </Stack>
  );
}
