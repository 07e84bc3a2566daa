/**
 * Records a payment of an invoice, or the one that settles it: mode, date, reference and amount (typed
 * in euros, sent in cents), checked with the contract's schema before sending.
 */
import { Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OrderAction, OrderChangeSchema, PaymentMode } from '@union/contract';
import { DateField } from '../../../components/DateField';
import { FormActions } from '../../../components/FormActions';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { eurosToCents, formatCents } from '../../../lib/format';
import type { PaymentAction } from './useOrderActions';
import { parisDay } from '../../../lib/dates';

/** The payment part of PUT /api/compta/commande, as the contract checks it. */
const PaymentBodySchema = OrderChangeSchema.pick({ paiement: true });
/** The payment's fields are shown under their own names. */
const RENAMED = { paiement: '' };

export interface Payment {
  mode: 'C' | 'V';
  date: string;
  reference: string | null;
  montant: number;
}

interface FormValues {
  mode: 'C' | 'V';
  date: string | null;
  reference: string;
  /** Typed in euros. */
  montant: number | string;
}

// What the server receives: the amount in cents, an empty reference as none.
const bodyOf = (values: FormValues) => ({
  paiement: {
    mode: values.mode,
    date: values.date ?? undefined,
    reference: values.reference.trim() || null,
    montant: eurosToCents(values.montant),
  },
});

/** Why the payment cannot be recorded yet, or null. */
function problemOf(values: FormValues, action: PaymentAction | null, reste: number): string | null {
  const cents = eurosToCents(values.montant);
  if (!values.date) return 'Indiquez la date du paiement.';
  if (!(cents > 0)) return 'Le montant doit être positif.';
  if (cents > reste) return `Le montant dépasse le reste à payer (${formatCents(reste)}).`;
  if (action === 'FACTURE_PAID' && cents !== reste)
    return `Pour solder la facture, le paiement doit couvrir le reste à payer (${formatCents(reste)}).`;
  return null;
}

export function PaymentModal({
  action,
  reste,
  onClose,
  onConfirm,
}: {
  action: PaymentAction | null;
  reste: number;
  onClose: () => void;
  onConfirm: (paiement: Payment) => Promise<void>;
}) {
  const form = useForm<FormValues>({
    initialValues: { mode: 'C', date: parisDay(), reference: '', montant: reste / 100 },
    validate: contractResolver(PaymentBodySchema, bodyOf, RENAMED),
  });
  const problem = problemOf(form.values, action, reste);

  const submit = (values: FormValues) => {
    if (problem) return;
    const { paiement } = PaymentBodySchema.parse(bodyOf(values));
    if (paiement) void onConfirm({ ...paiement, reference: paiement.reference ?? null });
  };

  return (
    <Modal opened={!!action} onClose={onClose} title={action ? OrderAction.labels[action] : ''} centered>
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack>
          <Text size="sm">Reste à payer : {formatCents(reste)}</Text>
          <Select
            label="Mode de paiement"
            data={PaymentMode.codes.map((c) => ({ value: c, label: PaymentMode.labels[c] }))}
            {...form.getInputProps('mode')}
            allowDeselect={false}
          />
          <DateField
            label="Date du paiement"
            value={form.values.date}
            onChange={(day) => form.setFieldValue('date', day)}
            error={form.errors.date}
          />
          <TextInput
            label={form.values.mode === 'C' ? 'Numéro du chèque' : 'Référence du virement'}
            {...form.getInputProps('reference')}
            maxLength={100}
          />
          <NumberInput
            label="Montant (€)"
            {...form.getInputProps('montant')}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator=" "
            min={0.01}
          />
          <FormActions onCancel={onClose} disabledReason={problem} />
        </Stack>
      </form>
    </Modal>
  );
}
