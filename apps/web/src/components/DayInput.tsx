/**
 * A day typed or picked in the browser's own date field, for a filter that reads its value as it is
 * (yyyy-mm-dd, or empty): the e-mail outbox's period, the cards' balances day. The accounts' forms use
 * the calendar of `DayPicker` instead, which writes the day out in French.
 */
import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

interface DayInputProps {
  label: string;
  value: string;
  onChange: (day: string) => void;
  error?: ReactNode;
}

export function DayInput({ label, value, onChange, error }: DayInputProps) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
