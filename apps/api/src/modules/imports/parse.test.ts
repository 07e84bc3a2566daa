import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { IMPORT_MAX_ROWS } from '@union/contract';
import { bigWorkbook } from '../../../test/spreadsheets';
import { decodeText, detectSeparator, mapHeader, parseCsv, readMembersFile, type ReadStats } from './parse';

const utf8 = (s: string) => new TextEncoder().encode(s);
/** Windows-1252 bytes of a Latin-1 string (enough for French accents). */
const cp1252 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('decodeText', () => {
  it.each([
    ['UTF-8', utf8('Prénom'), 'Prénom'],
    ['UTF-8 with BOM', utf8('\uFEFFPrénom'), '\uFEFFPrénom'],
    ['Windows-1252', cp1252('Prénom Hélène'), 'Prénom Hélène'],
  ])('reads %s', (encodage, bytes, text) => {
    const decoded = decodeText(bytes);
    expect(decoded.text.replace(/^\uFEFF/, '')).toBe(text.replace(/^\uFEFF/, ''));
    expect(decoded.encodage).toBe(encodage === 'Windows-1252' ? 'Windows-1252' : 'UTF-8');
  });
});

describe('detectSeparator', () => {
  it.each([
    ['Nom;Prénom;E-mail', ';'],
    ['Nom,Prénom,E-mail', ','],
    ['"Nom, usuel";Prénom;E-mail', ';'],
    ['"Nom; usuel",Prénom,E-mail\nx;y;z;t', ','],
  ])('%s → %s', (header, separator) => {
    expect(detectSeparator(header)).toBe(separator);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, and CRLF', () => {
    const records = parseCsv('a;"b;c";"d ""e"""\r\n"multi\nligne";x;y\r\nlast;;', ';');
    expect(records).toEqual([
      { ligne: 1, fields: ['a', 'b;c', 'd "e"'] },
      { ligne: 2, fields: ['multi\nligne', 'x', 'y'] },
      { ligne: 4, fields: ['last', '', ''] },
    ]);
  });

  it('refuses a quote never closed, naming its line', () => {
    expect(() => parseCsv('a;b\n"c;d\ne;f', ';')).toThrowError(/guillemet ouvert ligne 2/);
  });
});

describe('mapHeader', () => {
  it('recognises usual spellings, whatever accents and case, and lists ignored columns', () => {
    const { index, ignored } = mapHeader(['NOM', 'prénom', 'Adresse e-mail', 'Tél.', 'Fonction', 'Grade']);
    expect(Object.fromEntries(index)).toEqual({ nom: 0, prenom: 1, email: 2, telephone: 3, fonction: 4 });
    expect(ignored).toEqual(['Grade']);
  });

  it('refuses missing required columns, naming them', () => {
    expect(() => mapHeader(['Nom', 'Téléphone'])).toThrowError(/Colonnes manquantes : Prénom, E-mail/);
  });

  it('refuses a column given twice', () => {
    expect(() => mapHeader(['Nom', 'Prénom', 'E-mail', 'Courriel'])).toThrowError(
      /« E-mail » apparaît deux fois/,
    );
  });
});

describe('readMembersFile', () => {
  it('reads a Windows-1252 CSV with commas', async () => {
    const file = await readMembersFile(cp1252('Nom,Prénom,E-mail\r\nLefèvre,Hélène,helene@exemple.fr\r\n'));
    expect(file).toMatchObject({ format: 'csv', encodage: 'Windows-1252', separateur: ',' });
    expect(file.rows).toEqual([
      {
        ligne: 2,
        values: { nom: 'Lefèvre', prenom: 'Hélène', email: 'helene@exemple.fr', telephone: '', fonction: '' },
      },
    ]);
  });

  it('skips empty lines but keeps line numbers', async () => {
    const file = await readMembersFile(utf8('Nom;Prénom;E-mail\n\nA;B;a@b.fr\n;;\nC;D;c@d.fr\n'));
    expect(file.rows.map((r) => r.ligne)).toEqual([3, 5]);
  });

  it('reads an XLSX workbook, with an e-mail typed as a link and a telephone typed as a number', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Membres');
    sheet.addRow(['Nom', 'Prénom', 'E-mail', 'Téléphone', 'Fonction']);
    sheet.addRow([
      'Dupont',
      'Zoé',
      { text: 'zoe@exemple.fr', hyperlink: 'mailto:zoe@exemple.fr' },
      478000000,
      'Orateur',
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const file = await readMembersFile(bytes);
    expect(file.format).toBe('xlsx');
    expect(file.rows[0]).toEqual({
      ligne: 2,
      values: {
        nom: 'Dupont',
        prenom: 'Zoé',
        email: 'zoe@exemple.fr',
        telephone: '478000000',
        fonction: 'Orateur',
      },
    });
  });

  it.each([
    ['an empty file', new Uint8Array(), /vide/],
    ['a header only', utf8('Nom;Prénom;E-mail\n'), /aucun membre/],
    ['a binary file', Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2]), /ni un CSV ni un classeur/],
    ['an old .xls', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), /97-2003/],
    ['a broken .xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]), /illisible ou endommagé/],
    ['wrong columns', utf8('Name;Surname;Mail address\nA;B;c@d.fr\n'), /Colonnes manquantes/],
  ])('refuses %s with a 412', async (_case, bytes, message) => {
    const error = await refusal(readMembersFile(bytes));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(412);
    expect(error.message).toMatch(message);
  });
});

/**
 * A file far past the row limit is refused after reading the header and one row past the limit, not
 * after reading the whole file: the counter of records taken from the file proves where the reader
 * stopped (issue 7: a 200,000-row workbook used to be loaded whole, seconds and hundreds of megabytes).
 */
describe('the row limit stops the reading', () => {
  const LIMIT = new RegExp(
    `Le fichier contient plus de ${IMPORT_MAX_ROWS} lignes : importez au plus ${IMPORT_MAX_ROWS} membres à la fois`,
  );
  const csv = (count: number) =>
    utf8(
      'Nom;Prénom;E-mail;Téléphone\n' +
        Array.from({ length: count }, (_, i) => `Martin;Jean;membre${i}@exemple.fr;06 ${i}`).join('\n') +
        '\n',
    );

  it('a 200,000-row CSV: refused at row 10,001', async () => {
    const stats: ReadStats = { records: 0 };
    const error = await refusal(readMembersFile(csv(200_000), stats));
    expect(error.status).toBe(412);
    expect(error.message).toMatch(LIMIT);
    expect(stats.records).toBe(1 + IMPORT_MAX_ROWS + 1);
  });

  it('a 200,000-row XLSX (4 MB): refused at row 10,001', async () => {
    const bytes = bigWorkbook(200_000);
    const stats: ReadStats = { records: 0 };
    const error = await refusal(readMembersFile(bytes, stats));
    expect(error.status).toBe(412);
    expect(error.message).toMatch(LIMIT);
    expect(stats.records).toBe(1 + IMPORT_MAX_ROWS + 1);
  }, 60_000);

  it('exactly the limit is read whole and accepted, in both formats', async () => {
    for (const bytes of [csv(IMPORT_MAX_ROWS), bigWorkbook(IMPORT_MAX_ROWS)]) {
      const stats: ReadStats = { records: 0 };
      const file = await readMembersFile(bytes, stats);
      expect(file.rows).toHaveLength(IMPORT_MAX_ROWS);
      expect(file.rows.at(-1)).toMatchObject({
        ligne: IMPORT_MAX_ROWS + 1,
        values: { email: `membre${IMPORT_MAX_ROWS - 1}@${file.format === 'csv' ? '' : 'masse.'}exemple.fr` },
      });
      expect(stats.records).toBe(1 + IMPORT_MAX_ROWS);
    }
  });

  it('reads shared strings stored after the sheet, inline strings, any namespace prefix, rich text and formulas', async () => {
    const person = (i: number) => [`Lefèvre & fils ${i}`, 'Hélène', `h${i}@exemple.fr`, 478000000] as const;
    for (const options of [{}, { inline: true }, { relationPrefix: 'ns1' }]) {
      const file = await readMembersFile(bigWorkbook(3, (i) => [...person(i)], options));
      expect(file.rows.map((r) => r.values)).toEqual(
        [0, 1, 2].map((i) => ({
          nom: `Lefèvre & fils ${i}`,
          prenom: 'Hélène',
          email: `h${i}@exemple.fr`,
          telephone: '478000000',
          fonction: '',
        })),
      );
    }
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Vide');
    const members = workbook.addWorksheet('Membres');
    members.addRow(['Nom', 'Prénom', 'E-mail']);
    members.addRow([
      { richText: [{ text: 'Du' }, { font: { bold: true }, text: 'pont' }] },
      'Zoé',
      { formula: 'LOWER("ZOE@EXEMPLE.FR")', result: 'zoe@exemple.fr' },
    ]);
    const read = await readMembersFile(new Uint8Array(await workbook.xlsx.writeBuffer()));
    // The first sheet is empty: the members are read from the next one.
    expect(read.rows).toEqual([
      {
        ligne: 2,
        values: { nom: 'Dupont', prenom: 'Zoé', email: 'zoe@exemple.fr', telephone: '', fonction: '' },
      },
    ]);
  });
});
