/**
 * The lines of orders and their arithmetic, in integer cents (DECISIONS header): each line's amount (the
 * contract's `lineAmount`, the one the order form shows), the total, and a stored line as every view
 * shows it. Pure functions, tested on their own.
 */
import { lineAmount, type OrderLine, type OrderLineInput } from '@union/contract';
import type { LineRow } from './order-records/repository';

export const withAmounts = (lines: readonly OrderLineInput[]): OrderLine[] =>
  lines.map((l) => ({
    ...l,
    reservationId: l.reservationId ?? null,
    montant: lineAmount(l.quantite, l.prixUnitaire),
  }));

export const totalOf = (lines: readonly { montant: number }[]) =>
  lines.reduce((sum, l) => sum + l.montant, 0);

/** A line as the order page, the PDF and the Factur-X XML show it (the quantity is stored as a decimal). */
export const presentLine = (l: LineRow) => ({
  libelle: l.libelle,
  quantite: Number(l.quantite),
  prixUnitaire: l.prixUnitaire,
  montant: l.montant,
  reservationId: l.reservationId,
});
