/**
 * How the screens write amounts and dates (DECISIONS: "1 234,50 €", "lundi 3 mars 2026", "03/03/2026").
 * Amounts travel as integer cents everywhere; only the screen turns them into euros.
 */
import { euros, frenchDay } from '@union/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';

/**
 * 123450 → "1 234,50 €" (with the narrow no-break spaces French uses): the contract's formatter, the one
 * the server's messages and e-mails use, under the name the screens know.
 */
export const formatCents: (cents: number) => string = euros;

/** Euros typed in a form → integer cents, without floating-point drift (12.3 → 1230). */
export function eurosToCents(value: number | string): number {
  return Math.round(Number(String(value).replace(',', '.')) * 100);
}

/** "2026-03-03" or an ISO instant → "03/03/2026"; empty for null. */
export function formatDay(day: string | null | undefined): string {
  return day ? dayjs(day).format('DD/MM/YYYY') : '';
}

/** "2026-03-03" → "mardi 3 mars 2026", "2026-04-01" → "mercredi 1er avril 2026" (the contract's formatter). */
export function formatLongDate(day: string): string {
  return frenchDay(day, { weekday: true });
}

/** An ISO instant → "03/03/2026 à 19:30". */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('DD/MM/YYYY [à] HH:mm');
}
