/**
 * The actions of an order the server allows now (never recomputed here): what each asks first (a
 * question, a reason, a payment), then the change sent and said done.
 */
import { OrderAction, type OrderChangeAction, type OrderDetail } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useChangeOrder } from '../api/orders';

/** What each action did, said once it is done. */
const DONE: Record<OrderChangeAction, string> = {
  EDIT_DEVIS: 'Le devis est modifié.',
  SEND_DEVIS: 'Le devis est envoyé par e-mail.',
  DEVIS_SENT: 'Le devis est marqué comme envoyé.',
  DEVIS_REFUSED: 'Le devis est marqué comme refusé.',
  DEVIS_CANCELLED: 'Le devis est annulé.',
  TRANSFORM_DEVIS: 'Le devis est transformé en facture en préparation.',
  EDIT_FACTURE: 'La facture est modifiée.',
  SEND_FACTURE: 'La facture est émise et envoyée par e-mail.',
  FACTURE_SENT: 'La facture est émise.',
  FACTURE_CANCELLED: 'La facture est annulée.',
  FACTURE_PAID: 'La facture est soldée.',
  RELANCE_FACTURE: 'La relance est envoyée par e-mail.',
  EDIT_PAYMENT: 'Le paiement est enregistré.',
  AVOIR_FACTURE: 'L’avoir est établi.',
  REVERSE_PAYMENT: 'Le paiement est contre-passé.',
  USE_CREDIT: 'Le crédit de la loge est imputé sur la facture.',
};

/** The question asked before each action that is not a form. */
const CONFIRM: Partial<Record<OrderChangeAction, string>> = {
  SEND_DEVIS: 'Le devis sera envoyé en PDF à l’adresse de facturation de la loge.',
  DEVIS_SENT: 'Le devis sera marqué comme envoyé, sans e-mail.',
  TRANSFORM_DEVIS: 'Le devis deviendra une facture en préparation, à vérifier avant de l’émettre.',
  SEND_FACTURE:
    'La facture recevra son numéro définitif et sera envoyée en PDF à l’adresse de facturation. Elle ne pourra plus être modifiée.',
  FACTURE_SENT: 'La facture recevra son numéro définitif, sans e-mail. Elle ne pourra plus être modifiée.',
  RELANCE_FACTURE: 'Une relance (courrier PDF et facture) sera envoyée à l’adresse de facturation.',
  USE_CREDIT: 'Le crédit de la loge réglera ce qui reste dû sur cette facture, dans la limite du crédit.',
};

/** Actions that ask a reason (optional) in a small form. */
const WITH_REASON: OrderChangeAction[] = ['DEVIS_REFUSED', 'DEVIS_CANCELLED', 'FACTURE_CANCELLED'];

export type PaymentAction = 'EDIT_PAYMENT' | 'FACTURE_PAID';

export function useOrderActions(order: OrderDetail) {
  const change = useChangeOrder();
  const [reasonFor, setReasonFor] = useState<OrderChangeAction | null>(null);
  const [paying, setPaying] = useState<PaymentAction | null>(null);
  /** The form open for a correction: a credit note, a counter-entry, a payment across invoices, a refund. */
  const [form, setForm] = useState<'avoir' | 'contrepassation' | 'repartition' | 'remboursement' | null>(
    null,
  );
  const reste = order.du;

  /** Sends the action with its body, then says it is done. */
  const run = async (action: OrderChangeAction, body: Record<string, unknown> = {}) => {
    await change.mutateAsync({ action, id: order.id, ...body });
    toast('success', DONE[action]);
  };

  /** A button's action: its reason or payment form, or its question, before sending it. */
  const start = async (action: OrderChangeAction) => {
    if (WITH_REASON.includes(action)) return setReasonFor(action);
    if (action === 'AVOIR_FACTURE') return setForm('avoir');
    if (action === 'REVERSE_PAYMENT') return setForm('contrepassation');
    if (action === 'FACTURE_PAID' && reste > 0) return setPaying('FACTURE_PAID');
    const question = CONFIRM[action];
    if (question) {
      const answer = await openDialog({
        type: 'question',
        title: OrderAction.labels[action],
        text: question,
        okLabel: OrderAction.labels[action],
      });
      if (answer !== 'ok') return;
    }
    await run(action);
  };

  return { change, run, start, reste, reasonFor, setReasonFor, paying, setPaying, form, setForm };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
