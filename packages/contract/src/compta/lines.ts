/**
 * An order's lines and year (DECISIONS §4): amounts are integer cents, quantities have at most two
 * decimals; years are masonic years (September to August) named by their first calendar year.
 */
import { z } from 'zod';
import { RecordIdSchema, wholeNumber } from '../ids';
import { cents, label } from './fields';

/** A year of accounts (masonic year, named by its first calendar year). */
export const AccountingYearSchema = wholeNumber(
  z
    .number({ message: "L'année doit être un nombre (exemple : 2026 pour 2026-2027)." })
    .int({ message: "L'année doit être un nombre entier (exemple : 2026)." })
    .min(2000, { message: "L'année doit être comprise entre 2000 et 2100." })
    .max(2100, { message: "L'année doit être comprise entre 2000 et 2100." }),
);

export const OrderLineInputSchema = z.object({
  libelle: label(200, 'le libellé de la ligne'),
  /** Up to two decimals (2.5 hours of rental). */
  quantite: z
    .number({ message: 'La quantité doit être un nombre.' })
    .min(0.01, { message: 'La quantité doit être positive.' })
    .max(100_000, { message: 'La quantité est limitée à 100 000.' })
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-9, {
      message: 'La quantité a au plus deux décimales.',
    }),
  prixUnitaire: cents('Le prix unitaire'),
  /** The reservation billed by a rental line (preloaded), so it is not billed twice. */
  reservationId: RecordIdSchema.nullable().optional(),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/**
 * A line's amount in cents: quantity (two decimals at most) × unit price, rounded to the cent. The one
 * rule: the API stores it, the order form shows it while the line is typed.
 */
export function lineAmount(quantite: number, prixUnitaire: number): number {
  const hundredths = Math.round(quantite * 100);
  return Math.round((hundredths * prixUnitaire) / 100);
}

export const OrderLineSchema = OrderLineInputSchema.extend({ montant: z.number().int() });
export type OrderLine = z.infer<typeof OrderLineSchema>;
