/** The lodge's credit paid back to it (a cheque or a transfer of the Union), recorded as a refund. */
import { Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { PaymentMode, type PaymentMode as Mode } from '@union/contract';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useRefund } from '../api/orders';

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
  const [mode, setMode] = useState<Mode>('V');
  const [date, setDate] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState<number | string>(credit / 100);
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
    <Modal opened={opened} onClose={onClose} title={`Rembourser le crédit de ${entity.nom}`} centered>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm">Crédit de la loge : {formatCents(credit)}</Text>
          <Select
            label="Mode de remboursement"
            data={PaymentMode.codes.map((c) => ({ value: c, label: PaymentMode.labels[c] }))}
            value={mode}
            onChange={(v) => v && setMode(v as Mode)}
            allowDeselect={false}
          />
          <DatePickerInput
            label="Date du remboursement"
            value={date}
            onChange={(v) => setDate(v ? dayjs(v).format('YYYY-MM-DD') : null)}
            valueFormat="D MMMM YYYY"
          />
          <TextInput
            label={mode === 'C' ? 'Numéro du chèque' : 'Référence du virement'}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={100}
          />
          <NumberInput
            label="Montant (€)"
            value={amount}
            onChange={setAmount}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator=" "
            min={0.01}
          />
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
