/**
 * Reading a members file: CSV (UTF-8 or Windows-1252, `;` or `,`) or XLSX, into plain rows keyed by
 * column. Pure functions, no database: every refusal here is a 412 about the whole file, raised before
 * anything is written, so a bad file never produces a partial import.
 */
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumn } from '@union/contract';
import { parse } from 'csv-parse/sync';
import { invalid } from '../../lib/errors';
import { readFirstSheet, type ReadStats } from './xlsx';
import { openArchive, zipProblemOf } from './zip';

export type { ReadStats } from './xlsx';

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

/** A record of a table: its fields, and its line number in the file. */
interface TableRecord {
  ligne: number;
  fields: string[];
}

/** Thrown from csv-parse's record callback to stop it once enough records are read. */
const ENOUGH = Symbol('enough');

const lineBreaks = (field: string) => field.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Splits CSV text into records of fields with csv-parse (RFC 4180: quoted fields may hold separators,
 * doubled quotes and line breaks; a stray quote inside a field is kept as text). Each record carries its
 * line number in the file, counted here since a quoted field may span lines. Parsing stops at the
 * `maxFilled`-th record that holds a value (the row limit), so the rest of the text is never split. A
 * quote never closed refuses the file: everything after it would be read wrongly.
 */
export function parseCsv(text: string, separator: string, maxFilled = Infinity): TableRecord[] {
  const records: TableRecord[] = [];
  let line = 1;
  let filled = 0;
  try {
    parse(text, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines are records too, so that the line numbers stay those of the file.
      skip_empty_lines: false,
      on_record: (fields: string[]) => {
        records.push({ ligne: line, fields });
        line += 1 + fields.reduce((count, field) => count + lineBreaks(field), 0);
        if (fields.some((f) => f.trim() !== '') && ++filled === maxFilled) throw ENOUGH;
        return null;
      },
    });
  } catch (error) {
    if (error === ENOUGH) return records;
    // The record that failed starts on the line after the last one read.
    const what =
      (error as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED'
        ? `le guillemet ouvert ligne ${line} n'est jamais fermé`
        : `la ligne ${line} ne peut pas être lue`;
    throw invalid(
      `Le fichier CSV est mal formé : ${what}. ` +
        'Corrigez la ligne ou enregistrez de nouveau le fichier depuis votre tableur.',
    );
  }
  return records;
}

/** The refusal of a file with more members than one import takes. */
const tooManyRows = () =>
  invalid(
    `Le fichier contient plus de ${IMPORT_MAX_ROWS} lignes : importez au plus ${IMPORT_MAX_ROWS} membres à la fois, ` +
      'en découpant le fichier.',
  );

/**
 * Builds the rows of a table whose first non-empty record is the header: the header is checked before
 * any row, and the record after the last one allowed refuses the file (the readers stop there, so no
 * more is ever read). `stats` counts the records taken from the file.
 */
function tableToRows(
  records: Iterable<TableRecord>,
  stats?: ReadStats,
): { rows: RawRow[]; ignored: string[] } {
  let header: { index: Map<ImportColumn, number>; ignored: string[] } | undefined;
  const rows: RawRow[] = [];
  for (const record of records) {
    if (stats) stats.records++;
    if (!record.fields.some((f) => f.trim() !== '')) continue;
    if (!header) {
      header = mapHeader(record.fields);
      continue;
    }
    if (rows.length === IMPORT_MAX_ROWS) throw tooManyRows();
    const values = {} as Record<ImportColumn, string>;
    for (const column of COLUMN_NAMES) {
      const position = header.index.get(column);
      values[column] = position === undefined ? '' : (record.fields[position] ?? '').trim();
    }
    rows.push({ ligne: record.ligne, values });
  }
  if (!header) throw invalid('Le fichier est vide. ' + EXPECTED_HEADER);
  if (rows.length === 0)
    throw invalid('Le fichier ne contient aucun membre : seule la ligne de titres est présente.');
  return { rows, ignored: header.ignored };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

const UNREADABLE =
  "Le fichier n'est ni un CSV ni un classeur Excel (.xlsx) lisible. Enregistrez-le au format CSV ou .xlsx et réessayez.";

/** Reads a CSV text file. */
export function readCsv(bytes: Uint8Array, stats?: ReadStats): ParsedFile {
  // Text files have no NUL byte; a binary file (PDF, image, zip) would otherwise become garbage rows.
  if (bytes.includes(0)) throw invalid(UNREADABLE);
  const { text, encodage } = decodeText(bytes);
  const body = text.replace(/^\uFEFF/, '');
  const separateur = detectSeparator(body);
  const { rows, ignored } = tableToRows(
    // The header, IMPORT_MAX_ROWS members, and the one more that refuses the file.
    parseCsv(body, separateur, 1 + IMPORT_MAX_ROWS + 1),
    stats,
  );
  return { format: 'csv', encodage, separateur, colonnesIgnorees: ignored, rows };
}

/**
 * Largest size of a workbook once inflated. A 10,000-member sheet weighs a few megabytes; the sizes
 * the archive declares are added up before anything is inflated, and an entry that inflates past its
 * declared size is stopped there (./zip.ts), so a "zip bomb" never inflates past this.
 */
export const XLSX_MAX_INFLATED_BYTES = 50 * 1024 * 1024;

const DAMAGED_WORKBOOK =
  'Le classeur Excel est illisible ou endommagé. Ouvrez-le dans votre tableur, enregistrez-le de nouveau au format .xlsx et réessayez.';

/**
 * Reads the first worksheet of an XLSX workbook, streamed (see ./xlsx.ts): at most the header and one
 * row past the limit are read before a file too long is refused.
 */
export async function readXlsx(bytes: Uint8Array, stats?: ReadStats): Promise<ParsedFile> {
  let sheet: Awaited<ReturnType<typeof readFirstSheet>>;
  try {
    const archive = await openArchive(bytes, XLSX_MAX_INFLATED_BYTES);
    // The header and IMPORT_MAX_ROWS members: the row after them stops the reading.
    sheet = await readFirstSheet(archive, IMPORT_MAX_ROWS + 1, stats);
  } catch (error) {
    if (zipProblemOf(error) === 'too_large') {
      throw invalid(
        `Le classeur Excel est trop volumineux une fois décompressé (plus de ${XLSX_MAX_INFLATED_BYTES / 1024 / 1024} Mo). ` +
          'Copiez la seule liste des membres dans un nouveau classeur, ou enregistrez-la au format CSV, et réessayez.',
      );
    }
    throw invalid(DAMAGED_WORKBOOK);
  }
  if (sheet.records.length === 0) throw invalid('Le classeur Excel est vide. ' + EXPECTED_HEADER);
  const { rows, ignored } = tableToRows(sheet.records);
  // Rows were left unread: the file holds more than the limit even if some rows read were blank.
  if (sheet.truncated) throw tooManyRows();
  return { format: 'xlsx', encodage: null, separateur: null, colonnesIgnorees: ignored, rows };
}

/** Reads an uploaded members file, whatever its format; refuses what it cannot read with a 412. */
export async function readMembersFile(bytes: Uint8Array, stats?: ReadStats): Promise<ParsedFile> {
  if (bytes.length === 0) throw invalid('Le fichier est vide. ' + EXPECTED_HEADER);
  if (startsWith(bytes, OLE_MAGIC)) {
    throw invalid(
      'Les classeurs Excel 97-2003 (.xls) ne sont pas pris en charge : enregistrez le fichier au format .xlsx ou CSV et réessayez.',
    );
  }
  if (startsWith(bytes, ZIP_MAGIC)) return readXlsx(bytes, stats);
  return readCsv(bytes, stats);
}
