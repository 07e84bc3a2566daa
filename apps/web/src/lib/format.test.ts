import { euros } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { eurosToCents, formatCents, formatIban, formatNumber } from './format';

// Intl writes French amounts with narrow no-break spaces: compare on ordinary spaces.
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formats', () => {
  it('writes cents as French euros', () => {
    expect(spaced(formatCents(123450))).toBe('1 234,50 €');
    expect(spaced(formatCents(0))).toBe('0,00 €');
    expect(spaced(formatCents(-500))).toBe('-5,00 €');
  });

  it('writes amounts byte for byte as the server does', () => {
    // Narrow no-break space between thousands, no-break space before the sign: one formatter for both.
    expect(formatCents(123450)).toBe('1\u202f234,50\u00a0€');
    expect(formatCents(123450)).toBe(euros(123450));
  });

  it('reads euros typed with a comma or a dot into cents', () => {
    expect(eurosToCents('12,30')).toBe(1230);
    expect(eurosToCents(19.99)).toBe(1999);
  });

  it('writes counts and quantities the French way', () => {
    expect(spaced(formatNumber(12345))).toBe('12 345');
    expect(formatNumber(2.5)).toBe('2,5');
    expect(formatNumber(1536 / 1024, 1)).toBe('1,5');
  });

  it('writes an IBAN in groups of four', () => {
    expect(formatIban('FR7630004000031234567890143')).toBe('FR76 3000 4000 0312 3456 7890 143');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
