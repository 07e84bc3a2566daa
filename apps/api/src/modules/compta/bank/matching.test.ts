/** What a bank line is proposed to pay (issue 34), without a database. */
import { describe, expect, it } from 'vitest';
import { invoiceNumbers, matchIndex, plain, propose, type OpenInvoice } from './matching';

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
