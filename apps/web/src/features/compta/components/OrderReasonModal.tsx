/**
 * The optional reason asked before refusing or cancelling a quote, or cancelling an invoice: the window
 * says what will happen to this order (a credit note of what amount, the credit it leaves) and its button
 * says what it does.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { OrderAction, type OrderChangeAction, type OrderDetail } from '@union/contract';
import { useState } from 'react';
import { formatCents } from '../../../lib/format';

/** What the action will do to this order, in a sentence. */
function consequence(action: OrderChangeAction, order: OrderDetail): string | null {
  if (action === 'DEVIS_REFUSED') return `Le devis ${order.numeroDevis ?? ''} sera marqué comme refusé.`;
  if (action === 'DEVIS_CANCELLED') return `Le devis ${order.numeroDevis ?? ''} sera annulé.`;
  if (action !== 'FACTURE_CANCELLED') return null;
  if (!order.numeroFacture)
    return 'La facture en préparation, qui n’a pas encore de numéro, sera abandonnée.';
  // What was already paid of what the credit note credits becomes the lodge's credit.
  const credit = Math.max(order.creditable - order.du, 0);
  return (
    `La facture ${order.numeroFacture} sera annulée par un avoir numéroté de ${formatCents(order.creditable)}` +
    (credit > 0 ? ` ; ${formatCents(credit)} déjà payés seront portés au crédit de la loge.` : '.')
  );
}

const CONFIRM: Partial<Record<OrderChangeAction, string>> = {
  DEVIS_REFUSED: 'Marquer comme refusé',
  DEVIS_CANCELLED: 'Annuler le devis',
  FACTURE_CANCELLED: 'Annuler la facture',
};

export function OrderReasonModal({
  order,
  action,
  onClose,
  onConfirm,
}: {
  order: OrderDetail;
  action: OrderChangeAction | null;
  onClose: () => void;
  onConfirm: (motif: string) => Promise<void>;
}) {
  const [motif, setMotif] = useState('');
  const said = action && consequence(action, order);
  return (
    <Modal opened={!!action} onClose={onClose} title={action ? OrderAction.labels[action] : ''} centered>
      <Stack>
        {said && <Text size="sm">{said}</Text>}
        <TextInput
          label="Motif (facultatif)"
          value={motif}
          onChange={(e) => setMotif(e.currentTarget.value)}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Retour
          </Button>
          <Button color="red" onClick={() => void onConfirm(motif.trim())}>
            {(action && CONFIRM[action]) ?? 'Confirmer'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
