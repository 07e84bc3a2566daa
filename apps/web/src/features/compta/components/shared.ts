/** Small pieces the accounting screens share. */
import { masonicYearOf } from '../api/orders';

/** The years offered: one ahead of the current masonic year, then five back. */
export const yearOptions = () => {
  const current = masonicYearOf();
  return Array.from({ length: 7 }, (_, i) => current + 1 - i).map((y) => ({
    value: String(y),
    label: `${y}-${y + 1}`,
  }));
};

/** What names an order in lists and titles: its invoice number, else its quote number, else its draft id. */
export const orderNumber = (o: { numeroFacture: string | null; numeroDevis: string | null; id: number }) =>
  o.numeroFacture ?? o.numeroDevis ?? `Brouillon n° ${o.id}`;

export const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

/** The reminder letters by level, as the letters title them. */
export const REMINDER_LEVELS: Record<number, string> = {
  1: 'Rappel de paiement',
  2: 'Deuxième relance',
  3: 'Mise en demeure de payer',
};
