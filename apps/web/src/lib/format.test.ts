import { euros } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { eurosToCents, formatCents, formatDateTime, formatDay, formatLongDate } from './format';

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

  it('writes dates the French way', () => {
    expect(formatDay('2026-03-03')).toBe('03/03/2026');
    expect(formatDay(null)).toBe('');
    expect(formatLongDate('2026-03-02')).toBe('lundi 2 mars 2026');
    expect(formatDateTime('2026-03-03T19:30:00')).toBe('03/03/2026 à 19:30');
  });
});
