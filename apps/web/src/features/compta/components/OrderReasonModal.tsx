/** The optional reason asked before refusing or cancelling a quote, or cancelling an invoice. */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { OrderAction, type OrderChangeAction } from '@union/contract';
import { useState } from 'react';

export function OrderReasonModal({
  action,
  onClose,
  onConfirm,
}: {
  action: OrderChangeAction | null;
  onClose: () => void;
  onConfirm: (motif: string) => Promise<void>;
}) {
  const [motif, setMotif] = useState('');
  return (
    <Modal opened={!!action} onClose={onClose} title={action ? OrderAction.labels[action] : ''} centered>
      <Stack>
        {action === 'FACTURE_CANCELLED' && (
          <Text size="sm">
            Une facture émise est annulée par un avoir numéroté qui la rembourse en entier ; une facture en
            préparation est simplement abandonnée.
          </Text>
        )}
        <TextInput
          label="Motif (facultatif)"
          value={motif}
          onChange={(e) => setMotif(e.currentTarget.value)}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button color="red" onClick={() => void onConfirm(motif.trim())}>
            Confirmer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
