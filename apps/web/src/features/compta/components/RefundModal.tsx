/** The lodge's credit paid back to it (a cheque or a transfer of the Union), recorded as a refund. */
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useRefund } from '../api/orders';
import { PaymentFields, type PaymentValue } from './PaymentFields';
import { parisDay } from '../../../lib/dates';

export function RefundModal({
  entity,
  credit,
  opened,
  onClose,
}: {
  entity: { id: number; nom: string };
  credit: number;
  opened: boolean;
  onClose: () => void;
}) {
  const refund = useRefund();
  const [payment, setPayment] = useState<PaymentValue>({
    mode: 'V',
    date: parisDay(),
    reference: '',
    montant: credit / 100,
  });
  const { mode, date, reference, montant: amount } = payment;
  const [motif, setMotif] = useState('');
  const montant = eurosToCents(amount);
  const problem = !date
    ? 'Indiquez la date du remboursement.'
    : !(montant > 0)
      ? 'Le montant doit être positif.'
      : montant > credit
        ? `Le remboursement dépasse le crédit de la loge (${formatCents(credit)}).`
        : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    await refund.mutateAsync({
      entityId: entity.id,
      mode,
      date: date!,
      reference: reference.trim() || null,
      montant,
      ...(motif.trim() ? { motif: motif.trim() } : {}),
    });
    toast('success', `Le remboursement de ${formatCents(montant)} est enregistré.`);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Rembourser le crédit — ${entity.nom}`} centered>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm">Crédit de la loge : {formatCents(credit)}</Text>
          <PaymentFields value={payment} onChange={setPayment} what="remboursement" />
          <TextInput
            label="Motif (facultatif)"
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            maxLength={500}
          />
          <FormActions onCancel={onClose} disabledReason={problem} loading={refund.isPending}>
            Enregistrer le remboursement
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
