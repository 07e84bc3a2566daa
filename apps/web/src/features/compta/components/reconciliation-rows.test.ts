import { describe, expect, it } from 'vitest';
import { explanationRows } from './reconciliation-rows';
import { RECONCILIATION } from './reconciliation.fixture';

describe('explanationRows', () => {
  it('goes from the statement’s balance to the books’ to the cent', () => {
    const rows = explanationRows(RECONCILIATION)!;
    expect(rows.map((r) => [r.libelle, r.montant])).toEqual([
      ['Solde du relevé au 30/11/2026', 131500],
      ['Moins les opérations du relevé absentes de la comptabilité (1 ligne)', 4500],
      ['Plus les écritures du compte 512 absentes du relevé (1 écriture)', 12000],
      [
        'Plus le solde du compte 512 avant le premier relevé (01/11/2026), moins le solde d’ouverture de ce relevé',
        -100000,
      ],
      ['Solde rapproché', 48000],
      ['Solde comptable du compte 512 au 30/11/2026', 48000],
      ['Écart inexpliqué', 0],
    ]);
    // The steps add up to the reconciled balance.
    const steps = rows.filter((r) => r.kind === 'ligne' || r === rows[0]);
    expect(steps.reduce((s, r) => s + r.montant, 0)).toBe(rows.find((r) => r.kind === 'total')!.montant);
  });

  it('leaves out a nil opening step, shows what stays unexplained, and has nothing before any statement', () => {
    const rows = explanationRows({ ...RECONCILIATION, reprise: 0, soldeComptable: 150330, ecart: 2330 })!;
    expect(rows.map((r) => r.kind)).toEqual(['solde', 'ligne', 'ligne', 'total', 'solde', 'ecart']);
    expect(rows.find((r) => r.kind === 'total')!.montant).toBe(148000);
    expect(rows.at(-1)!.montant).toBe(2330);
    expect(explanationRows({ ...RECONCILIATION, soldeReleve: null })).toBeNull();
  });
});
