/**
 * How money is written, the one formatter of the server (messages, e-mails, PDFs) and the screens.
 * Amounts travel as integer cents everywhere; only the text shown to a person turns them into euros.
 */

const frenchEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 123450 → "1 234,50 €" (DECISIONS), with the narrow no-break spaces French typography uses. */
export const euros = (cents: number) => frenchEuros.format(cents / 100);
