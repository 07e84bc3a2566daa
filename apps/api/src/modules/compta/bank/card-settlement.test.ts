/** A card provider's settlement proposed against the card payments of consecutive days, without a database. */
import { describe, expect, it } from 'vitest';
import { isProviderLine, proposeSettlement, type CardPayment } from './card-settlement';

const pay = (idEcriture: number, date: string, montant: number): CardPayment => ({
  idEcriture,
  date,
  piece: `CB-${idEcriture}`,
  libelle: 'Paiement en ligne',
  montant,
});
const PENDING = [
  pay(1, '2026-11-16', 5000),
  pay(2, '2026-11-17', 12000),
  pay(3, '2026-11-17', 3000),
  pay(4, '2026-11-18', 2000),
];

describe('card provider settlements', () => {
  it('recognises the provider by the text or the payer, on a credit only', () => {
    expect(
      isProviderLine({ montant: 100, libelle: 'VIR SEPA SYSTEMPAY REMISE 20261117', contrepartie: null }),
    ).toBe(true);
    expect(isProviderLine({ montant: 100, libelle: 'REMISE CB', contrepartie: 'Lyra Network' })).toBe(true);
    expect(isProviderLine({ montant: -100, libelle: 'SYSTEMPAY ABONNEMENT', contrepartie: null })).toBe(
      false,
    );
    expect(isProviderLine({ montant: 100, libelle: 'LYRANET', contrepartie: null })).toBe(false);
  });

  it('takes the consecutive days whose gross covers the line with the smallest fees', () => {
    // 150 € of the 17th, paid 148,20 € on the 18th: 1,80 € of fees.
    expect(proposeSettlement({ montant: 14820, dateComptable: '2026-11-18' }, PENDING)).toEqual({
      brut: 15000,
      frais: 180,
      paiements: [PENDING[1], PENDING[2]],
    });
    // The 16th and the 17th together, paid on the 19th (the 18th's payment comes later).
    expect(proposeSettlement({ montant: 19700, dateComptable: '2026-11-19' }, PENDING)).toMatchObject({
      brut: 20000,
      frais: 300,
      paiements: [{ idEcriture: 1 }, { idEcriture: 2 }, { idEcriture: 3 }],
    });
  });

  it('proposes nothing when no days fit: more than the payments, or fees over a tenth', () => {
    expect(proposeSettlement({ montant: 30000, dateComptable: '2026-11-20' }, PENDING)).toBeNull();
    expect(proposeSettlement({ montant: 1000, dateComptable: '2026-11-17' }, PENDING)).toBeNull();
    // Payments of the line's own day are not in it yet.
    expect(proposeSettlement({ montant: 4950, dateComptable: '2026-11-16' }, PENDING)).toBeNull();
  });
});
