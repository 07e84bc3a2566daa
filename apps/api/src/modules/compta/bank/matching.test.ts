/** What a bank line is proposed to pay (issue 34), without a database. */
import { describe, expect, it } from 'vitest';
import { feeCallOf, invoiceNumbers, matchIndex, plain, propose, type OpenInvoice } from './matching';

const INVOICES: OpenInvoice[] = [
  { id: 1, numeroFacture: 'FA-2026-0001', entityId: 10, entite: 'Les Chevaliers du Rhône', du: 36000 },
  { id: 2, numeroFacture: 'FA-2026-0002', entityId: 10, entite: 'Les Chevaliers du Rhône', du: 4000 },
  { id: 3, numeroFacture: 'FA-2026-0003', entityId: 20, entite: 'Tolérance et Progrès', du: 12000 },
  { id: 4, numeroFacture: 'FA-2026-0004', entityId: 30, entite: 'La Parfaite Union', du: 12000 },
];
const index = matchIndex(INVOICES, [{ iban: 'FR7610107001011234567890129', entityId: 30 }]);
const line = (montant: number, libelle: string, more: Partial<Parameters<typeof propose>[0]> = {}) =>
  propose({ montant, libelle, contrepartie: null, ibanContrepartie: null, ...more }, index);

describe('bank matching', () => {
  it('reads invoice numbers as banks write them back', () => {
    expect(invoiceNumbers('VIR FA-2026-0001 ET fa 2026 0002, FA20260003')).toEqual([
      'FA-2026-0001',
      'FA-2026-0002',
      'FA-2026-0003',
    ]);
    expect(invoiceNumbers('FACTURE 2026 0001, XFA-2026-0001')).toEqual([]);
    expect(plain('Tolérance & Progrès')).toBe('TOLERANCE PROGRES');
  });

  it('is exact when the named invoices of one entity are paid in full, together', () => {
    expect(line(40000, 'FA-2026-0001 FA-2026-0002')).toMatchObject({
      nature: 'exacte',
      idEntite: 10,
      factures: [
        { idCommande: 1, montant: 36000 },
        { idCommande: 2, montant: 4000 },
      ],
    });
  });

  it('suggests a partial payment, or one that leaves a credit, of a named invoice', () => {
    expect(line(10000, 'FA-2026-0001')).toMatchObject({
      nature: 'suggestion',
      factures: [{ idCommande: 1, montant: 10000 }],
      raison: expect.stringMatching(/paiement partiel/),
    });
    expect(line(40000, 'FA-2026-0001')).toMatchObject({
      nature: 'suggestion',
      factures: [{ idCommande: 1, montant: 36000 }],
      raison: expect.stringMatching(/irait au crédit de la loge/),
    });
  });

  it('suggests by the amount and the name, then by an IBAN that paid before; nothing for a debit', () => {
    expect(line(12000, 'COTISATION', { contrepartie: 'TOLERANCE ET PROGRES' })).toMatchObject({
      nature: 'suggestion',
      idEntite: 20,
    });
    expect(line(12000, 'COTISATION', { ibanContrepartie: 'FR7610107001011234567890129' })).toMatchObject({
      nature: 'suggestion',
      idEntite: 30,
    });
    expect(line(12000, 'COTISATION')).toBeNull();
    expect(line(-36000, 'FA-2026-0001')).toBeNull();
  });

  it('does not match invoices of two entities named in one transfer', () => {
    expect(line(48000, 'FA-2026-0001 FA-2026-0003')).toBeNull();
  });
});

describe('fee calls named as lodges write them', () => {
  const calls: OpenInvoice[] = [
    ...INVOICES,
    {
      id: 11,
      numeroFacture: 'FA-2026-0011',
      entityId: 20,
      entite: 'Tolérance et Progrès',
      du: 45000,
      appel: { annee: 2026, tranche: 'A' },
    },
    {
      id: 12,
      numeroFacture: 'FA-2026-0012',
      entityId: 20,
      entite: 'Tolérance et Progrès',
      du: 45000,
      appel: { annee: 2026, tranche: 'B' },
    },
    {
      id: 13,
      numeroFacture: 'FA-2026-0013',
      entityId: 30,
      entite: 'La Parfaite Union',
      du: 30000,
      appel: { annee: 2026, tranche: 'A' },
    },
    {
      id: 14,
      numeroFacture: 'FA-2025-0014',
      entityId: 20,
      entite: 'Tolérance et Progrès',
      du: 45000,
      appel: { annee: 2025, tranche: 'A' },
    },
  ];
  const feeIndex = matchIndex(calls, [{ iban: 'FR7610107001011234567890129', entityId: 30 }]);
  const fee = (montant: number, libelle: string, more: Partial<Parameters<typeof propose>[0]> = {}) =>
    propose({ montant, libelle, contrepartie: null, ibanContrepartie: null, ...more }, feeIndex);

  it('reads the year and instalment of a fee call, or nothing without « cotis… »', () => {
    expect(feeCallOf('Cotisations 2026-2027 — 1er tiers')).toEqual({ annee: 2026, tranche: 'A' });
    expect(feeCallOf('COTIS 2026/27 T2 LOGE 3')).toEqual({ annee: 2026, tranche: 'B' });
    expect(feeCallOf('cotisation 2026 tranche 3')).toEqual({ annee: 2026, tranche: 'C' });
    expect(feeCallOf('COTISATIONS 2026 2027 REGULARISATION')).toEqual({ annee: 2026, tranche: 'D' });
    expect(feeCallOf('COTISATIONS 2026 LOGE 3')).toEqual({ annee: 2026, tranche: null });
    expect(feeCallOf('VIREMENT 2026 1ER TIERS')).toBeNull();
    expect(feeCallOf('COTISATION LOGE')).toBeNull();
  });

  it('is exact for the named lodge’s call of that year and instalment, for the amount due', () => {
    expect(fee(45000, 'COTISATIONS 2026-2027 1ER TIERS TOLERANCE ET PROGRES')).toEqual({
      nature: 'exacte',
      idEntite: 20,
      entite: 'Tolérance et Progrès',
      factures: [{ idCommande: 11, numeroFacture: 'FA-2026-0011', montant: 45000 }],
      raison:
        'Le libellé cite l’appel de cotisation 2026-2027, 1er tiers de Tolérance et Progrès, pour le montant dû.',
    });
    // Without instalment, the year's calls of the lodge together; the lodge named by the payer's name.
    expect(fee(90000, 'COTIS 2026', { contrepartie: 'TOLERANCE ET PROGRES' })).toMatchObject({
      nature: 'exacte',
      factures: [{ idCommande: 11 }, { idCommande: 12 }],
    });
    // The lodge known by its IBAN.
    expect(
      fee(30000, 'COTISATION 2026 T1', { ibanContrepartie: 'FR7610107001011234567890129' }),
    ).toMatchObject({
      nature: 'exacte',
      idEntite: 30,
      factures: [{ idCommande: 13, montant: 30000 }],
    });
  });

  it('suggests a partial payment of the call, and proposes nothing without one lodge', () => {
    expect(fee(20000, 'COTISATIONS 2026 2E TIERS TOLERANCE ET PROGRES')).toMatchObject({
      nature: 'suggestion',
      factures: [{ idCommande: 12, montant: 20000 }],
      raison: expect.stringMatching(/2e tiers de Tolérance et Progrès : paiement partiel \(450,00\s€ dus\)/),
    });
    // Two lodges' calls of 2026 A and none named: no fee call proposal (nor an amount one: 33 000 is no due).
    expect(fee(33000, 'COTISATION 2026 T1')).toBeNull();
    // A call of a year the lodge has none open: the amount rules apply.
    expect(fee(45000, 'COTISATION 2024 T1 TOLERANCE ET PROGRES')).toMatchObject({
      nature: 'suggestion',
      raison: 'Même montant, et le virement nomme Tolérance et Progrès.',
    });
  });
});
