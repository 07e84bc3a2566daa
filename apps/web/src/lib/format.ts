/**
 * How the screens write amounts and counts (DECISIONS: "1 234,50 €"). Amounts travel as integer cents
 * everywhere; only the screen turns them into euros. Dates and times are lib/dates.ts's (Paris time).
 */
import { euros } from '@union/contract';

/**
 * 123450 → "1 234,50 €" (with the narrow no-break spaces French uses): the contract's formatter, the one
 * the server's messages and e-mails use, under the name the screens know.
 */
export const formatCents: (cents: number) => string = euros;

/** Euros typed in a form → integer cents, without floating-point drift (12.3 → 1230). */
export function eurosToCents(value: number | string): number {
  return Math.round(Number(String(value).replace(',', '.')) * 100);
}

/** 1234 → "1 234", 2.5 → "2,5": a count or a quantity as French writes it (up to three decimals). */
export const formatNumber = (n: number, maximumFractionDigits = 3): string =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits }).format(n);

/** Cents as a short axis label: 123450 → "1,2 k€", 4500 → "45 €" (the tables keep the exact amounts). */
export const formatCompactCents = (cents: number): string =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(cents / 100);

/** An IBAN stored without spaces, written in groups of four as banks print it (and as it wraps on a phone). */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');
