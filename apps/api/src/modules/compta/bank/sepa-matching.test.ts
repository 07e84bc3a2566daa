import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCamt053 } from './camt';
import { proposeCollection, proposeReturn, proposeSepa, type SepaBatchFacts } from './sepa-matching';

const debit = (id: number, numeroFacture: string, montant: number) => ({
  id,
  entityId: id,
  entite: `Loge ${id}`,
  orderId: 100 + id,
  numeroFacture,
  montant,
});

const sent: SepaBatchFacts = {
  id: 3,
  messageId: 'UNION-PRLV-20261208-AB12CD34',
  datePrelevement: '2026-12-08',
  etat: 'T',
  debits: [debit(1, 'FA-2026-0001', 12_000), debit(2, 'FA-2026-0002', 8_000)],
};
const line = (over: Partial<Parameters<typeof proposeSepa>[0]>) => ({
  montant: 20_000,
  libelle: 'REMISE PRELEVEMENTS SEPA',
  dateComptable: '2026-12-08',
  dateValeur: '2026-12-08',
  motifRetour: null,
  endToEndId: null,
  ...over,
});

describe('a SEPA batch’s credit', () => {
  it('is an exact match when its text names the batch and it is the total', () => {
    const p = proposeCollection(line({ libelle: `REMISE ${sent.messageId}-FRST` }), [sent]);
    expect(p).toMatchObject({ sens: 'ENCAISSEMENT', nature: 'exacte', idLot: 3 });
    expect(p!.debits.map((d) => d.numeroFacture)).toEqual(['FA-2026-0001', 'FA-2026-0002']);
    // The batch named for another amount: nothing (a debit rejected before the credit is the treasurer's).
    expect(proposeCollection(line({ libelle: sent.messageId, montant: 12_000 }), [sent])).toBeNull();
  });

  it('is a suggestion on the amount alone, on or after the collection day, when one batch fits', () => {
    expect(proposeCollection(line({}), [sent])).toMatchObject({ nature: 'suggestion', idLot: 3 });
    expect(proposeCollection(line({ dateValeur: '2026-12-07' }), [sent])).toBeNull();
    expect(proposeCollection(line({}), [sent, { ...sent, id: 4, messageId: 'UNION-PRLV-X' }])).toBeNull();
    expect(proposeCollection(line({}), [{ ...sent, etat: 'E' }])).toBeNull();
    expect(proposeCollection(line({ montant: -20_000 }), [sent])).toBeNull();
  });
});

describe('a SEPA return', () => {
  const collected = { ...sent, etat: 'E' as const };
  const back = line({ montant: -12_000, motifRetour: 'AM04', endToEndId: 'FA-2026-0001' });

  it('is an exact match against the collected debit its end-to-end id names, for its amount', () => {
    const p = proposeReturn(back, [collected]);
    expect(p).toMatchObject({ sens: 'RETOUR', nature: 'exacte', debits: [{ idCommande: 101 }] });
    expect(p!.raison).toMatch(/Provision insuffisante \(AM04\)/);
    expect(proposeSepa(back, [collected])).toEqual(p);
  });

  it('proposes nothing without a reason code, for another amount or debit, or before the collection', () => {
    expect(proposeReturn({ ...back, motifRetour: null }, [collected])).toBeNull();
    expect(proposeReturn({ ...back, montant: -11_000 }, [collected])).toBeNull();
    expect(proposeReturn({ ...back, endToEndId: 'FA-2026-0009' }, [collected])).toBeNull();
    expect(proposeReturn(back, [sent])).toBeNull();
  });
});

describe('the camt reader', () => {
  const fixture = readFileSync(
    join(__dirname, '../../../../test/fixtures/bank/releve-prelevements.camt053.xml'),
    'utf8',
  )
    .replaceAll('{{IBAN}}', 'FR7630004000031234567890143')
    .replaceAll('{{MSGID}}', sent.messageId)
    .replaceAll('{{TOTAL}}', '200.00')
    .replaceAll('{{RETURNED}}', '120.00')
    .replaceAll('{{E2E}}', 'FA-2026-0001')
    .replaceAll('{{RUM}}', 'UNION-CHEV-001');

  it('keeps a return’s reason code and end-to-end id, and a batch’s PmtInfId in the text', () => {
    const [statement] = readCamt053(fixture);
    const [credit, back] = statement!.ecritures;
    expect(credit).toMatchObject({
      montant: 20_000,
      libelle: `REMISE PRELEVEMENTS SEPA CORE 2 OPERATIONS ${sent.messageId}-FRST`,
      motifRetour: null,
    });
    expect(back).toMatchObject({
      montant: -12_000,
      motifRetour: 'AM04',
      endToEndId: 'FA-2026-0001',
      contrepartie: 'LES CHEVALIERS DU RHONE',
      ibanContrepartie: 'FR7630006000011234567890189',
    });
    expect(proposeCollection({ ...line({}), ...credit! }, [sent])).toMatchObject({ nature: 'exacte' });
  });

  it('reads a camt.054 notification of the same entries', () => {
    const notification = fixture
      .replace('camt.053.001.02', 'camt.054.001.02')
      .replaceAll('BkToCstmrStmt>', 'BkToCstmrDbtCdtNtfctn>')
      .replaceAll('<Stmt>', '<Ntfctn>')
      .replaceAll('</Stmt>', '</Ntfctn>');
    const [n] = readCamt053(notification);
    expect(n!.identifiant).toBe('RLV-2026-12-0163');
    expect(n!.ecritures.map((e) => [e.montant, e.motifRetour ?? null])).toEqual([
      [20_000, null],
      [-12_000, 'AM04'],
    ]);
  });
});
