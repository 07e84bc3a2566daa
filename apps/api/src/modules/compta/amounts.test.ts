import { describe, expect, it } from 'vitest';
import { lineAmount } from '@union/contract';
import { presentLine, totalOf, withAmounts } from './amounts';
import { feeCallLines, thirdOf } from './fee-calls/lines';

describe('amounts', () => {
  it('rounds a line to the cent', () => {
    expect(lineAmount(2.5, 3333)).toBe(8333);
    expect(lineAmount(3, 1000)).toBe(3000);
    expect(lineAmount(0.01, 1)).toBe(0);
    expect(
      totalOf(
        withAmounts([
          { libelle: 'a', quantite: 1.5, prixUnitaire: 2000 },
          { libelle: 'b', quantite: 1, prixUnitaire: -500 },
        ]),
      ),
    ).toBe(2500);
  });
  it('shows a stored line with its decimal quantity as a number, the rest as stored', () => {
    const stored = {
      id: 7,
      orderId: 3,
      position: 1,
      libelle: 'Location salle 2',
      quantite: '2.50',
      prixUnitaire: 3333,
      montant: 8333,
      reservationId: 12,
    };
    expect(presentLine(stored)).toEqual({
      libelle: 'Location salle 2',
      quantite: 2.5,
      prixUnitaire: 3333,
      montant: 8333,
      reservationId: 12,
    });
  });
  it('three thirds add up to the yearly amount to the cent', () => {
    for (const yearly of [0, 100, 12000, 12001, 12002, 9999]) {
      expect(thirdOf(yearly, 'A') + thirdOf(yearly, 'B') + thirdOf(yearly, 'C')).toBe(yearly);
    }
  });
  it('a third is members × a third of the yearly amount', () => {
    const call = feeCallLines({
      annee: 2026,
      tranche: 'A',
      montantAnnuel: 12000,
      membres: 23,
      dejaAppele: 0,
    });
    expect(call.objet).toBe('Cotisations 2026-2027 — 1er tiers');
    expect(call.lignes).toEqual([
      expect.objectContaining({ quantite: 23, prixUnitaire: 4000, montant: 92000 }),
    ]);
  });
  it('proposes no line when no member is active (never a quantity of zero)', () => {
    const call = feeCallLines({ annee: 2026, tranche: 'B', montantAnnuel: 12000, membres: 0, dejaAppele: 0 });
    expect(call.lignes).toEqual([]);
    expect(call.explication).toMatch(/Aucun membre actif/);
  });
  it('the adjustment is the year due less what was called, and can be a credit', () => {
    const more = feeCallLines({
      annee: 2026,
      tranche: 'D',
      montantAnnuel: 12000,
      membres: 25,
      dejaAppele: 276000,
    });
    expect(totalOf(more.lignes)).toBe(24000);
    const credit = feeCallLines({
      annee: 2026,
      tranche: 'D',
      montantAnnuel: 12000,
      membres: 20,
      dejaAppele: 276000,
    });
    expect(totalOf(credit.lignes)).toBe(-36000);
    expect(credit.explication).toMatch(/en faveur de la loge/);
  });
});
