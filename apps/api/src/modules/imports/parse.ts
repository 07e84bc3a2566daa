/**
 * Reading a members file: CSV (UTF-8 or Windows-1252, `;` or `,`) or XLSX, into plain rows keyed by
 * column. Pure functions, no database: every refusal here is a 412 about the whole file, raised before
 * anything is written, so a bad file never produces a partial import.
 */
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumn } from '@union/contract';
import ExcelJS from 'exceljs';
import { invalid } from '../../lib/errors';
import { zipProblem } from './zip';

/** One data row of the file, trimmed, with its line number (the header is line 1). */
export interface RawRow {
  ligne: number;
  values: Record<ImportColumn, string>;
}

export interface ParsedFile {
  format: 'csv' | 'xlsx';
  encodage: string | null;
  separateur: string | null;
  colonnesIgnorees: string[];
  rows: RawRow[];
}

const COLUMN_NAMES = Object.keys(IMPORT_COLUMNS) as ImportColumn[];

/** Header spellings people actually use, compared after `normalizeHeader`. */
const HEADER_ALIASES: Record<ImportColumn, string[]> = {
  nom: ['nom', 'nomdefamille', 'lastname'],
  prenom: ['prenom', 'firstname'],
  email: [
    'email',
    'mail',
    'courriel',
    'adresseemail',
    'adressemail',
    'adressecourriel',
    'adresseelectronique',
  ],
  telephone: ['telephone', 'tel', 'portable', 'mobile', 'numerodetelephone', 'telephoneportable'],
  fonction: ['fonction', 'office', 'charge'],
};

/** Lower case, no accents, letters and digits only: "Adresse e-mail" → "adresseemail". */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const EXPECTED_HEADER =
  'La première ligne du fichier doit porter les titres de colonnes Nom, Prénom, E-mail (obligatoires), ' +
  'Téléphone et Fonction (facultatives).';

/**
 * Maps each header cell to a known column; unknown titles are ignored and reported.
 * A missing required column or a column given twice refuses the file.
 */
export function mapHeader(headers: string[]): { index: Map<ImportColumn, number>; ignored: string[] } {
  const index = new Map<ImportColumn, number>();
  const ignored: string[] = [];
  headers.forEach((raw, position) => {
    const title = raw.trim();
    if (!title) return;
    const key = normalizeHeader(title);
    const column = COLUMN_NAMES.find((c) => HEADER_ALIASES[c].includes(key));
    if (!column) {
      ignored.push(title);
      return;
    }
    if (index.has(column)) {
      throw invalid(`La colonne « ${IMPORT_COLUMNS[column].titre} » apparaît deux fois dans le fichier.`, [
        EXPECTED_HEADER,
      ]);
    }
    index.set(column, position);
  });
  const missing = COLUMN_NAMES.filter((c) => IMPORT_COLUMNS[c].obligatoire && !index.has(c));
  if (missing.length > 0) {
    const names = missing.map((c) => IMPORT_COLUMNS[c].titre).join(', ');
    throw invalid(
      `Colonnes manquantes : ${names}. ${EXPECTED_HEADER}`,
      headers.some((h) => h.trim())
        ? [`Titres trouvés : ${headers.filter((h) => h.trim()).join(' | ')}`]
        : [],
    );
  }
  return { index, ignored };
}

/**
 * Decodes CSV bytes: UTF-8 when they are valid UTF-8 (with or without BOM), otherwise Windows-1252,
 * the encoding Excel uses when it saves "CSV (séparateur : point-virgule)" on a French Windows.
 */
export function decodeText(bytes: Uint8Array): { text: string; encodage: string } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encodage: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encodage: 'Windows-1252' };
  }
}

/** The separator of the header line: whichever of `;` and `,` appears more often outside quotes. */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * Splits CSV text into records of fields (RFC 4180: quoted fields may hold separators, doubled quotes
 * and line breaks). Each record carries its line number in the file. A quote never closed refuses the
 * file: everything after it would be read wrongly.
 */
export function parseCsv(text: string, separator: string): { ligne: number; fields: string[] }[] {
  const records: { ligne: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 0;
  const endRecord = () => {
    fields.push(field);
    records.push({ ligne: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += char;
  }
  if (quoted) {
    throw invalid(
      `Le fichier CSV est mal formé : le guillemet ouvert ligne ${quoteLine} n'est jamais fermé. ` +
        'Corrigez la ligne ou enregistrez de nouveau le fichier depuis votre tableur.',
    );
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** Builds the rows of a table whose first non-empty record is the header. */
function tableToRows(records: { ligne: number; fields: string[] }[]): {
  rows: RawRow[];
  ignored: string[];
} {
  const nonEmpty = records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  const [header, ...data] = nonEmpty;
  if (!header) throw invalid('Le fichier est vide. ' + EXPECTED_HEADER);
  const { index, ignored } = mapHeader(header.fields);
  if (data.length === 0)
    throw invalid('Le fichier ne contient aucun membre : seule la ligne de titres est présente.');
  if (data.length > IMPORT_MAX_ROWS) {
    throw invalid(
      `Le fichier contient ${data.length} lignes : importez au plus ${IMPORT_MAX_ROWS} membres à la fois, ` +
        'en découpant le fichier.',
    );
  }
  const rows = data.map((record) => {
    const values = {} as Record<ImportColumn, string>;
    for (const column of COLUMN_NAMES) {
      const position = index.get(column);
      values[column] = position === undefined ? '' : (record.fields[position] ?? '').trim();
    }
    return { ligne: record.ligne, values };
  });
  return { rows, ignored };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

const UNREADABLE =
  "Le fichier n'est ni un CSV ni un classeur Excel (.xlsx) lisible. Enregistrez-le au format CSV ou .xlsx et réessayez.";

/** Reads a CSV text file. */
export function readCsv(bytes: Uint8Array): ParsedFile {
  // Text files have no NUL byte; a binary file (PDF, image, zip) would otherwise become garbage rows.
  if (bytes.includes(0)) throw invalid(UNREADABLE);
  const { text, encodage } = decodeText(bytes);
  const separateur = detectSeparator(text.replace(/^\uFEFF/, ''));
  const { rows, ignored } = tableToRows(parseCsv(text.replace(/^\uFEFF/, ''), separateur));
  return { format: 'csv', encodage, separateur, colonnesIgnorees: ignored, rows };
}

/** The text of an Excel cell as the user sees it; numbers stay digits (a telephone typed as a number). */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('hyperlink' in value) {
      // E-mail cells become mailto links when typed in Excel; the visible text is what matters.
      const text = (value as { text?: unknown }).text;
      return typeof text === 'string' ? text : String(value.hyperlink).replace(/^mailto:/i, '');
    }
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
  }
  return cell.text ?? '';
}

/**
 * Largest size of a workbook once inflated. A 10,000-member sheet weighs a few megabytes; the reader
 * holds the whole inflated workbook in memory, so a "zip bomb" is refused before it is read.
 */
export const XLSX_MAX_INFLATED_BYTES = 50 * 1024 * 1024;

const DAMAGED_WORKBOOK =
  'Le classeur Excel est illisible ou endommagé. Ouvrez-le dans votre tableur, enregistrez-le de nouveau au format .xlsx et réessayez.';

/** Reads the first worksheet of an XLSX workbook. */
export async function readXlsx(bytes: Uint8Array): Promise<ParsedFile> {
  const problem = zipProblem(bytes, XLSX_MAX_INFLATED_BYTES);
  if (problem === 'too_large') {
    throw invalid(
      `Le classeur Excel est trop volumineux une fois décompressé (plus de ${XLSX_MAX_INFLATED_BYTES / 1024 / 1024} Mo). ` +
        'Copiez la seule liste des membres dans un nouveau classeur, ou enregistrez-la au format CSV, et réessayez.',
    );
  }
  if (problem) throw invalid(DAMAGED_WORKBOOK);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw invalid(DAMAGED_WORKBOOK);
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) throw invalid('Le classeur Excel est vide. ' + EXPECTED_HEADER);
  const records: { ligne: number; fields: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const fields: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      fields[column - 1] = cellText(cell);
    });
    records.push({ ligne: rowNumber, fields: Array.from(fields, (f) => f ?? '') });
  });
  const { rows, ignored } = tableToRows(records);
  return { format: 'xlsx', encodage: null, separateur: null, colonnesIgnorees: ignored, rows };
}

/** Reads an uploaded members file, whatever its format; refuses what it cannot read with a 412. */
export async function readMembersFile(bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.length === 0) throw invalid('Le fichier est vide. ' + EXPECTED_HEADER);
  if (startsWith(bytes, OLE_MAGIC)) {
    throw invalid(
      'Les classeurs Excel 97-2003 (.xls) ne sont pas pris en charge : enregistrez le fichier au format .xlsx ou CSV et réessayez.',
    );
  }
  if (startsWith(bytes, ZIP_MAGIC)) return readXlsx(bytes);
  return readCsv(bytes);
}
