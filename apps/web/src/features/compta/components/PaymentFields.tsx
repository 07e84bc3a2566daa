/**
 * The fields every money form of the accounts shares: a day picker that reads « 1er avril 2026 » (the
 * French ordinal of the first, which a dayjs format cannot say), the payment's mode, date, reference and
 * amount (a payment recorded, allocated or refunded), and a period's two days (statement, FEC).
 */
import { NumberInput, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { frenchDay, PaymentMode, type PaymentMode as Mode } from '@union/contract';
import { pickedDay } from '../../../lib/dates';

/** yyyy-mm-dd of a picked value (Mantine gives a string or a Date). */
const dayOf = pickedDay;

/** A day picked in the calendar, shown « 1er avril 2026 ». */
export function DayPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: React.ReactNode;
}) {
  return (
    <DatePickerInput
      label={label}
      value={value}
      onChange={(v) => onChange(dayOf(v))}
      valueFormatter={({ date }) => (typeof date === 'string' && date ? frenchDay(dayOf(date)!) : '')}
      error={error}
    />
  );
}

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
      <DayPicker
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
      <DayPicker label="Du" value={value.du} onChange={(du) => du && onChange({ ...value, du })} />
      <DayPicker label="Au" value={value.au} onChange={(au) => au && onChange({ ...value, au })} />
    </>
  );
}
