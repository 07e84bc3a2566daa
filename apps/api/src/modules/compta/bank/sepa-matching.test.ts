import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMT_LIMITS, readCamt053 } from './camt';
import {
  proposeCollection,
  proposeReturn,
  proposeSepa,
  rejectedFrom,
  type SepaBatchFacts,
} from './sepa-matching';

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
    // The batch named for an amount no debits left out explain: nothing.
    expect(proposeCollection(line({ libelle: sent.messageId, montant: 11_000 }), [sent])).toBeNull();
  });

  it('is a suggestion net of the debits rejected before settlement, when one set of them is the difference', () => {
    const p = proposeCollection(line({ libelle: sent.messageId, montant: 12_000 }), [sent]);
    expect(p).toMatchObject({ sens: 'ENCAISSEMENT', nature: 'suggestion', idLot: 3 });
    expect(p!.debits.map((d) => d.numeroFacture)).toEqual(['FA-2026-0001']);
    expect(p!.rejetes.map((d) => d.numeroFacture)).toEqual(['FA-2026-0002']);
    expect(p!.raison).toMatch(/moins FA-2026-0002 \(80,00\s€\), rejeté avant règlement/);
  });

  it('finds the rejected debits only when one set of at most three makes the difference', () => {
    const same = [debit(1, 'A', 5_000), debit(2, 'B', 5_000), debit(3, 'C', 5_000)];
    expect(rejectedFrom(same, 5_000)).toBeNull(); // which of the three?
    expect(rejectedFrom(same, 15_000)!.map((d) => d.numeroFacture)).toEqual(['A', 'B', 'C']);
    const mixed = [debit(1, 'A', 1_000), debit(2, 'B', 2_000), debit(3, 'C', 4_000), debit(4, 'D', 8_000)];
    expect(rejectedFrom(mixed, 6_000)!.map((d) => d.numeroFacture)).toEqual(['B', 'C']);
    expect(rejectedFrom(mixed, 15_000)).toBeNull(); // four debits: beyond what is searched
    expect(rejectedFrom(mixed, 500)).toBeNull();
    expect(rejectedFrom(mixed, 0)).toBeNull();
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

  /** The fixture's return entry made to return both debits of the batch, each in its own TxDtls. */
  const twoReturns = (second: string) => {
    const [head, rest] = fixture.split('<TxDtls>', 2) as [string, string];
    const [tx, tail] = rest.split('</TxDtls>', 2) as [string, string];
    const other = tx
      .replaceAll('FA-2026-0001', 'FA-2026-0002')
      .replaceAll('120.00', '80.00')
      .replace('<Cd>AM04</Cd>', second);
    return `${head}<TxDtls>${tx}</TxDtls><TxDtls>${other}</TxDtls>${tail}`.replace(
      '<Amt Ccy="EUR">120.00</Amt>\n        <CdtDbtInd>DBIT',
      '<Amt Ccy="EUR">200.00</Amt>\n        <CdtDbtInd>DBIT',
    );
  };

  it('makes an entry returning several debits one line per debit, each with its amount, reason and reference', () => {
    const [statement] = readCamt053(twoReturns('<Cd>MD06</Cd>'));
    const returns = statement!.ecritures.filter((e) => e.montant < 0);
    expect(returns.map((e) => [e.reference, e.montant, e.motifRetour, e.endToEndId])).toEqual([
      ['1210IMPAYE0000163/1', -12_000, 'AM04', 'FA-2026-0001'],
      ['1210IMPAYE0000163/2', -8_000, 'MD06', 'FA-2026-0002'],
    ]);
    const collected = { ...sent, etat: 'E' as const };
    expect(
      returns.map((r) => proposeReturn({ ...line({}), ...r }, [collected])?.debits[0]?.idCommande),
    ).toEqual([101, 102]);
  });

  it('keeps an entry of several returns whole when one of them does not say its reason', () => {
    const [statement] = readCamt053(twoReturns(''));
    const returns = statement!.ecritures.filter((e) => e.montant < 0);
    expect(returns.map((e) => [e.reference, e.montant])).toEqual([['1210IMPAYE0000163', -20_000]]);
  });

  it('refuses an entry detailing more transactions than a statement may hold, naming the line', () => {
    const many = '<TxDtls><Refs><EndToEndId>X</EndToEndId></Refs></TxDtls>'.repeat(CAMT_LIMITS.entries + 1);
    const [head, rest] = fixture.split('<TxDtls>', 2) as [string, string];
    const tail = rest.slice(rest.indexOf('</TxDtls>') + '</TxDtls>'.length);
    expect(() => readCamt053(`${head}${many}${tail}`)).toThrow(
      /ligne \d+ : une écriture détaille plus de 20/,
    );
  });
});
