import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { decodeText, detectSeparator, mapHeader, parseCsv, readMembersFile } from './parse';

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
