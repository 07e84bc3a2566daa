/**
 * The one date field of the forms and filters: Mantine's calendar (French, weeks from Monday, its arrows
 * named by the theme), its value a day `yyyy-mm-dd` ('' when empty) read and written as it is, and the
 * day written out as every letter writes it (« 1er avril 2026 », `frenchDay`), never the browser's own
 * date field, whose look and language change with each browser.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { frenchDay } from '@union/contract';
import type { ReactNode } from 'react';
import { pickedDay } from '../lib/dates';

export interface DateFieldProps {
  label: string;
  /** The day, `yyyy-mm-dd`; '' or null when empty. */
  value?: string | null;
  /** The day picked, or '' once cleared. */
  onChange: (day: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  /** The field may be emptied by a clear button named so (« Effacer la date de fin »). */
  clearLabel?: string;
  /** Write the weekday too (« jeudi 3 décembre 2026 »). */
  weekday?: boolean;
  minDate?: string;
  maxDate?: string;
  /** Days the calendar greys out and will not pick (a SEPA collection's closed days), given yyyy-mm-dd. */
  excludeDate?: (day: string) => boolean;
  /** The month the calendar opens on when the field is empty. */
  defaultDate?: string;
  onFocus?: () => void;
  onBlur?: () => void;
  w?: DatePickerInputProps['w'];
}

export function DateField({ value, onChange, clearLabel, weekday, excludeDate, ...props }: DateFieldProps) {
  return (
    <DatePickerInput
      {...props}
      excludeDate={excludeDate && ((date) => excludeDate(pickedDay(date)!))}
      value={value || null}
      onChange={(picked) => onChange(pickedDay(picked) ?? '')}
      valueFormatter={({ date }) =>
        typeof date === 'string' && date ? frenchDay(pickedDay(date)!, { weekday }) : ''
      }
      clearable={clearLabel !== undefined}
      // Once a day is picked (or Escape pressed) the focus goes back to the field, not to the page's top.
      popoverProps={{ returnFocus: true }}
      clearButtonProps={clearLabel ? { 'aria-label': clearLabel } : undefined}
    />
  );
}
