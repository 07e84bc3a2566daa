/**
 * The OFX (1.x SGML and 2.x XML) and CSV readers of bank statements, on the files of test/fixtures/bank
 * written as French banks export them, and their refusals naming the line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { csvStatement, frenchCents, frenchDay, readCsvTable } from './csv';
import { detectFormat, readStatementFile } from './format';
import { readOfx, ribKey, sgmlToXml } from './ofx';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/bank/${name}`, import.meta.url));
const UNION_IBAN = 'FR7630006000011234567890189';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('not refused');
};

/** The OFX 2.x (XML) form of the same statement. */
const ofx2 = (
  entries: string,
  acct = '<BANKID>30006</BANKID><BRANCHID>00001</BRANCHID><ACCTID>12345678901</ACCTID>',
) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
<BANKACCTFROM>${acct}<ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261201</DTSTART><DTEND>20261231</DTEND>
${entries}
</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00</BALAMT><DTASOF>20261231</DTASOF></LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('OFX statements', () => {
  it('reads an OFX 1.x (SGML) export: account as IBAN, entries, balances, FITID as the reference', () => {
    expect(ribKey('30006', '00001', '12345678901')).toBe('89');
    const [s] = readOfx(fixture('releve-novembre.ofx').toString('latin1'));
    expect(s).toMatchObject({ iban: UNION_IBAN, du: '2026-11-01', au: '2026-11-30', soldeCloture: 132670 });
    expect(s!.soldeOuverture).toBe(132670 - 25000 + 2330 - 10000);
    expect(s!.ecritures).toEqual([
      expect.objectContaining({
        dateComptable: '2026-11-12',
        dateValeur: '2026-11-12',
        montant: 25000,
        reference: 'OFX2611120001',
        libelle: 'VIR SEPA RECU LOGE LES CHEVALIERS FA-2026-0001 COTISATION',
      }),
      expect.objectContaining({ montant: -2330, libelle: 'FRAIS TENUE DE COMPTE COMMISSION & FRAIS' }),
      expect.objectContaining({ montant: 10000, dateValeur: null, reference: 'OFX2611200003' }),
    ]);
  });

  it('keeps the lines of the file when SGML becomes XML', () => {
    const xml = sgmlToXml('OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>\n<A>\n<B>un & deux\n</A>\n</OFX>\n');
    expect(xml).toBe('\n\n\n<OFX>\n<A>\n<B>un &amp; deux</B>\n</A>\n</OFX>\n');
  });

  it('reads an OFX 2.x (XML) export, an ACCTID given as an IBAN too', () => {
    const entry =
      '<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261203120000[+1:CET]</DTPOSTED><TRNAMT>12.5</TRNAMT><FITID>X1</FITID><NAME>LOGE</NAME></STMTTRN>';
    const [s] = readOfx(ofx2(entry));
    expect(s).toMatchObject({
      iban: UNION_IBAN,
      soldeOuverture: 100000 - 1250,
      identifiant: 'OFX 2026-12-01 au 2026-12-31',
    });
    expect(s!.ecritures[0]).toMatchObject({ dateComptable: '2026-12-03', montant: 1250, reference: 'X1' });
    const [t] = readOfx(
      ofx2(entry, `<BANKID>30006</BANKID><ACCTID>FR76 3000 6000 0112 3456 7890 189</ACCTID>`),
    );
    expect(t!.iban).toBe(UNION_IBAN);
  });

  it('refuses, naming the line, what is not a statement in euros', () => {
    const bad = (e: string) => ofx2(`<STMTTRN><DTPOSTED>20261203</DTPOSTED><TRNAMT>${e}</TRNAMT></STMTTRN>`);
    expect(refusal(() => readOfx(bad('12 euros')))).toBe(
      'Relevé bancaire OFX, ligne 6 : « 12 euros » n’est pas un montant.',
    );
    expect(refusal(() => readOfx(ofx2('').replace('EUR', 'USD')))).toContain('seuls les comptes en euros');
    expect(refusal(() => readOfx(ofx2('', '<ACCTID>42</ACCTID>')))).toContain('ne forme pas un IBAN');
    expect(refusal(() => readOfx('OFXHEADER:100\n\n<OFX>\n<!ENTITY x "y">\n</OFX>'))).toContain('ligne 4');
    expect(
      refusal(() => readOfx('<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY a "b">]><OFX></OFX>')),
    ).toContain('DTD');
    expect(refusal(() => readOfx('OFXHEADER:100\n\n<OFX>\n<SIGNONMSGSRSV1>\n</OFX>'))).toMatch(
      /^Relevé bancaire OFX, ligne 5 : le fichier est mal formé/,
    );
    expect(refusal(() => readOfx('OFXHEADER:100\n\n<OFX>\n</OFX>'))).toContain(
      'aucun relevé de compte bancaire',
    );
  });
});

describe('CSV statements', () => {
  it('reads a Windows-1252 export with lines about the account before the titles', () => {
    const table = readCsvTable(fixture('releve-novembre.csv'));
    expect(table.entetes).toEqual(['Date', 'Libellé', 'Débit euros', 'Crédit euros']);
    expect(table.lignes.map((l) => l.ligne)).toEqual([5, 6, 7]);
    const s = csvStatement(
      table,
      {
        date: 'Date',
        libelle: 'Libellé',
        montant: null,
        debit: 'Débit euros',
        credit: 'Crédit euros',
        reference: null,
      },
      UNION_IBAN,
    );
    expect(s).toMatchObject({ iban: UNION_IBAN, du: '2026-11-12', au: '2026-11-20', soldeOuverture: null });
    expect(s.ecritures.map((e) => e.montant)).toEqual([25000, -2330, 10000]);
    expect(s.ecritures[0]!.libelle).toBe('VIR SEPA RECU LOGE LES CHEVALIERS FA-2026-0001');
  });

  it('reads French dates and amounts, and refuses others naming the line', () => {
    expect(frenchDay('05/11/2026')).toBe('2026-11-05');
    expect(frenchDay('5/11/26')).toBe('2026-11-05');
    expect(frenchDay('31/02/2026')).toBeUndefined();
    expect(frenchCents('1 234,56 €')).toBe(123456);
    expect(frenchCents('-1.234,5')).toBe(-123450);
    expect(frenchCents('12,345')).toBeUndefined();
    const table = readCsvTable(Buffer.from('Date,Libellé,Montant\n01/12/2026,A,"10,00"\n02/12/2026,B,dix\n'));
    const columns = {
      date: 'Date',
      libelle: 'Libellé',
      montant: 'Montant',
      debit: null,
      credit: null,
      reference: null,
    };
    expect(refusal(() => csvStatement(table, columns, UNION_IBAN))).toBe(
      'Relevé bancaire CSV, ligne 3 : « dix » n’est pas un montant.',
    );
    expect(refusal(() => csvStatement(table, { ...columns, montant: 'Somme' }, UNION_IBAN))).toContain(
      'la colonne « Somme » n’est pas dans le fichier',
    );
    expect(refusal(() => readCsvTable(Buffer.from('01/12/2026;A;10,00\n')))).toContain(
      'ligne 1 : la ligne des titres',
    );
    expect(refusal(() => readCsvTable(Buffer.from('Date;Libellé;Montant\n"01/12/2026;A;10,00\n')))).toContain(
      'jamais fermé',
    );
  });

  it('tells the format by the content, then by the name', () => {
    expect(detectFormat(fixture('releve-novembre.ofx'), 'x.txt')).toBe('ofx');
    expect(detectFormat(fixture('releve-novembre.camt053.xml'), 'x.ofx')).toBe('camt053');
    expect(detectFormat(fixture('releve-novembre.csv'), 'releve.csv')).toBe('csv');
    expect(refusal(() => detectFormat(Buffer.from('Date;Montant\n'), 'releve.ofx'))).toContain(
      'nom d’un OFX',
    );
    expect(readStatementFile(fixture('releve-novembre.ofx'), 'r.ofx').format).toBe('ofx');
  });
});
