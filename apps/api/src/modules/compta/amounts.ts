/**
 * The arithmetic of orders, in integer cents (DECISIONS header): each line's amount (the contract's
 * `lineAmount`, the one the order form shows) and the total. Pure functions, tested on their own.
 */
import { lineAmount, type OrderLine, type OrderLineInput } from '@union/contract';

export const withAmounts = (lines: readonly OrderLineInput[]): OrderLine[] =>
  lines.map((l) => ({
    ...l,
    reservationId: l.reservationId ?? null,
    montant: lineAmount(l.quantite, l.prixUnitaire),
  }));

export const totalOf = (lines: readonly { montant: number }[]) =>
  lines.reduce((sum, l) => sum + l.montant, 0);
