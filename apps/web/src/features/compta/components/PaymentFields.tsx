/**
 * The fields every money form of the accounts shares: the payment's mode, date (the shared `DateField`),
 * reference and amount (a payment recorded, allocated or refunded), and a period's two days (statement,
 * FEC).
 */
import { NumberInput, Select, TextInput } from '@mantine/core';
import { PaymentMode, type PaymentMode as Mode } from '@union/contract';
import { DateField } from '../../../components/DateField';

export interface PaymentValue {
  mode: Mode;
  date: string | null;
  reference: string;
  /** In euros as typed (the NumberInput's value). */
  montant: number | string;
}

/** Mode, date, reference (cheque number or transfer reference) and amount of a movement of money. */
export function PaymentFields({
  value,
  onChange,
  what,
  amountLabel = 'Montant (€)',
}: {
  value: PaymentValue;
  onChange: (value: PaymentValue) => void;
  /** « paiement » or « remboursement »: the labels say which. */
  what: 'paiement' | 'remboursement';
  amountLabel?: string;
}) {
  return (
    <>
      <Select
        label={`Mode de ${what}`}
        data={PaymentMode.codes.map((c) => ({ value: c, label: PaymentMode.labels[c] }))}
        value={value.mode}
        onChange={(v) => v && onChange({ ...value, mode: v as Mode })}
        allowDeselect={false}
      />
      <DateField
        label={`Date du ${what}`}
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
      />
      <TextInput
        label={value.mode === 'C' ? 'Numéro du chèque' : 'Référence du virement'}
        value={value.reference}
        onChange={(e) => onChange({ ...value, reference: e.currentTarget.value })}
        maxLength={100}
      />
      <NumberInput
        label={amountLabel}
        value={value.montant}
        onChange={(montant) => onChange({ ...value, montant })}
        decimalScale={2}
        decimalSeparator=","
        thousandSeparator=" "
        min={0.01}
      />
    </>
  );
}

/** The two days of a period, both included. */
export function PeriodFields({
  value,
  onChange,
}: {
  value: { du: string; au: string };
  onChange: (value: { du: string; au: string }) => void;
}) {
  return (
    <>
      <DateField label="Du" value={value.du} onChange={(du) => du && onChange({ ...value, du })} />
      <DateField label="Au" value={value.au} onChange={(au) => au && onChange({ ...value, au })} />
    </>
  );
}
