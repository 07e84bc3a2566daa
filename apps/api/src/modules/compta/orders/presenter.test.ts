import { describe, expect, it } from 'vitest';
import { historyLabel } from './presenter';

describe("an order's history", () => {
  it('tells in French what became of a lodge’s payment by card, never its code', () => {
    const labels = [
      'invoice_online_payment_started',
      'invoice_online_payment_failed',
      'invoice_online_payment_unapplied',
      'invoice_online_payment_credited',
      'invoice_online_payment_refunded',
    ].map((action) => historyLabel(action, { montant: 7500, paiementEnLigne: 3 }));
    expect(labels).toEqual([
      'Paiement en ligne de 75,00\u00a0€ commencé par la loge',
      'Paiement en ligne de 75,00\u00a0€ non abouti',
      'Paiement en ligne de 75,00\u00a0€ reçu alors que la facture n’attendait plus ce montant : à régulariser',
      'Paiement en ligne de 75,00\u00a0€ porté au crédit de la loge',
      'Paiement en ligne de 75,00\u00a0€ remboursé à la loge',
    ]);
  });
});
