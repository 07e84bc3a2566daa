/** The counter-entry of a wrong payment: which one, and why (required). The payment stays in the history. */
import { Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { RecordedPaymentMode, type OrderDetail } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';

export function ReversePaymentModal({
  order,
  opened,
  onClose,
  onConfirm,
}: {
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
  onConfirm: (body: { paiementId: number; motif: string }) => Promise<void>;
}) {
  const reversible = order.paiements.filter((p) => p.nature === 'E' && !p.contrePasse && p.montant > 0);
  const [chosen, setChosen] = useState<string>(reversible.length === 1 ? String(reversible[0]!.id) : '');
  const [motif, setMotif] = useState('');
  const problem = !chosen
    ? 'Choisissez le paiement à contre-passer.'
    : !motif.trim()
      ? 'Indiquez le motif de la contre-passation.'
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) void onConfirm({ paiementId: Number(chosen), motif: motif.trim() });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Contre-passer un paiement" centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">
            Le paiement n’est pas supprimé : une écriture inverse l’annule, et l’historique garde les deux.
          </Text>
          <Radio.Group label="Paiement" value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={6}>
              {reversible.map((p) => (
                <Radio
                  key={p.id}
                  value={String(p.id)}
                  label={`${formatDay(p.date)} · ${RecordedPaymentMode.labels[p.mode]}${p.reference ? ` (${p.reference})` : ''} · ${formatCents(p.montantTotal)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            label="Motif"
            required
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            maxLength={500}
            placeholder="Chèque rejeté, erreur de saisie…"
          />
          <FormActions onCancel={onClose} disabledReason={problem} color="red">
            Contre-passer
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
