/** Display helpers of the administration screens: amounts, dates, names. */
import dayjs from 'dayjs';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 123450 → "1 234,50 €". */
export const formatCents = (cents: number) => euros.format(cents / 100);

/** Euros typed in a form (number) → integer cents, without floating-point drift. */
export const eurosToCents = (value: number | string) => Math.round(Number(value) * 100);

/** "2026-03-03" → "03/03/2026"; empty for null. */
export const formatDay = (day: string | null) => (day ? dayjs(day).format('DD/MM/YYYY') : '');

/** An ISO instant → "03/03/2026 à 19:30". */
export const formatDateTime = (iso: string) => dayjs(iso).format('DD/MM/YYYY [à] HH:mm');
