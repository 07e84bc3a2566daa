/**
 * A credit note of an issued invoice (paid or not): some of its lines, or an amount, with its reason.
 * What remains creditable bounds it; on a paid invoice, the screen says the credit it leaves to the lodge.
 */
import { Checkbox, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { OrderDetail } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { eurosToCents, formatCents } from '../../../lib/format';

export interface CreditNoteBody {
  avoir: { lignes: number[] } | { montant: number };
  motif?: string;
}

export function CreditNoteModal({
  order,
  opened,
  onClose,
  onConfirm,
}: {
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
  onConfirm: (body: CreditNoteBody) => Promise<void>;
}) {
  const [by, setBy] = useState<'lignes' | 'montant'>('lignes');
  const [chosen, setChosen] = useState<string[]>([]);
  const [amount, setAmount] = useState<number | string>('');
  const [motif, setMotif] = useState('');
  const montant =
    by === 'lignes'
      ? chosen.reduce((s, p) => s + (order.lignes[Number(p)]?.montant ?? 0), 0)
      : eurosToCents(amount);
  const credit = Math.max(montant - order.du, 0);
  const problem =
    by === 'lignes' && !chosen.length
      ? 'Cochez au moins une ligne à créditer.'
      : !(montant > 0)
        ? 'Le montant de l’avoir doit être positif.'
        : montant > order.creditable
          ? `L’avoir dépasse ce qui reste à créditer (${formatCents(order.creditable)}).`
          : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    void onConfirm({
      avoir: by === 'lignes' ? { lignes: chosen.map(Number) } : { montant },
      ...(motif.trim() ? { motif: motif.trim() } : {}),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Établir un avoir" centered size="lg">
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">
            Reste à créditer sur la facture : {formatCents(order.creditable)}. L’avoir reçoit son propre
            numéro ; il réduit ce qui reste dû, et ce qui dépasse devient un crédit de la loge.
          </Text>
          <SegmentedControl
            aria-label="L’avoir crédite"
            value={by}
            onChange={(v) => setBy(v as 'lignes' | 'montant')}
            data={[
              { value: 'lignes', label: 'Des lignes' },
              { value: 'montant', label: 'Un montant' },
            ]}
          />
          {by === 'lignes' ? (
            <Checkbox.Group label="Lignes à créditer" value={chosen} onChange={setChosen}>
              <Stack gap={6} mt={6}>
                {order.lignes.map((l, i) => (
                  <Checkbox key={i} value={String(i)} label={`${l.libelle} — ${formatCents(l.montant)}`} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <NumberInput
              label="Montant de l’avoir (€)"
              value={amount}
              onChange={setAmount}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator=" "
              min={0.01}
            />
          )}
          <TextInput
            label="Motif (facultatif)"
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            maxLength={500}
          />
          {montant > 0 && !problem && (
            <Text size="sm" aria-live="polite">
              Avoir de {formatCents(montant)}
              {credit > 0 ? ` : ${formatCents(credit)} seront portés au crédit de la loge.` : '.'}
            </Text>
          )}
          <FormActions onCancel={onClose} disabledReason={problem}>
            Établir l’avoir
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
