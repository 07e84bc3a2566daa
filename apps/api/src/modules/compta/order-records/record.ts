/**
 * What every room says of an order: the record type of its audit entries and its 404 (beside the rows,
 * below the rooms (orders, payments, reminders, accounts, fee calls) that all name it).
 */
import { notFound } from '../../../lib/errors';

export const RECORD_TYPE = 'accounting_order';

export const orderNotFound = () => notFound("Cette pièce (facture ou devis) n'existe pas.");

/**
 * How a message names an order: an invoice or a quote by its number (« facture FA-2026-0001 »), a draft
 * by its id as the screens show it (« facture n° 12 », « devis n° 12 »). « commande » is a meal order.
 */
export function pieceName(o: {
  id: number;
  etat: string;
  numeroFacture?: string | null;
  numeroDevis?: string | null;
}): string {
  if (o.etat.startsWith('F')) return o.numeroFacture ? `facture ${o.numeroFacture}` : `facture n° ${o.id}`;
  return o.numeroDevis ? `devis ${o.numeroDevis}` : `devis n° ${o.id}`;
}
