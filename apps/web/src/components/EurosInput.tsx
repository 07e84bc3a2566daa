/**
 * An amount in euros typed in a settings form, written the French way: « 1 234,50 € » (comma, space
 * between thousands, cents at most). The form keeps euros; the call converts them to cents.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function EurosInput(props: Omit<NumberInputProps, 'decimalScale' | 'decimalSeparator' | 'suffix'>) {
  return (
    <NumberInput min={0} {...props} decimalScale={2} decimalSeparator="," thousandSeparator=" " suffix=" €" />
  );
}
