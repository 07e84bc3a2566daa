/**
 * A streaming reader of the first worksheet of an .xlsx workbook, for the import. Loading a workbook
 * with exceljs builds a model of every cell: a 200,000-row sheet took seconds and hundreds of
 * megabytes before the row limit could refuse it. Here the sheet's XML is inflated and parsed piece by
 * piece, and reading stops as soon as the limit is passed; then only the shared strings those rows use
 * are kept (a second pass over sharedStrings.xml, stopped after the last one needed).
 *
 * The archive comes from `openArchive` (./zip.ts), which holds the zip-bomb guard.
 */
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Archive } from './zip';

/** A cell as written in the sheet: its text, or the index of a shared string. */
type RawCell = string | { shared: number };

/** A row of the sheet with its row number (1 for the first line of the sheet). */
export interface SheetRecord {
  ligne: number;
  fields: string[];
}

/** Thrown when the workbook's structure cannot be read; the caller turns it into its 412. */
export class UnreadableWorkbook extends Error {}

/** Counters a test can read to see that the reader stopped early. */
export interface ReadStats {
  /** Records (rows of the sheet, lines of a CSV) taken from the file, the header included. */
  records: number;
}

/**
 * Feeds an entry's XML to a SAX parser piece by piece, and after each piece yields what the handlers
 * produced. Returning early (the caller stops) destroys the stream: the rest is never inflated.
 */
async function* parseEntry<T>(
  stream: Readable,
  setup: (parser: SaxesParser, emit: (item: T) => void) => void,
): AsyncGenerator<T> {
  const parser = new SaxesParser();
  const produced: T[] = [];
  setup(parser, (item) => produced.push(item));
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      yield* produced.splice(0);
    }
    parser.close();
    yield* produced.splice(0);
  } finally {
    stream.destroy();
  }
}

/** "BC12" → 54 (A is 0). */
function columnIndex(reference: string): number {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

const attribute = (tag: SaxesTagPlain, name: string): string | undefined => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : undefined;
};

/** The text of a cell as the user sees it; numbers stay digits (a telephone typed as a number). */
function cellValue(type: string, text: string): RawCell {
  switch (type) {
    case 's':
      return { shared: Number.parseInt(text, 10) };
    case 'b':
      return text === '1' ? 'VRAI' : text === '0' ? 'FAUX' : text;
    case 'n': {
      if (text === '') return '';
      const number = Number(text);
      return Number.isFinite(number) ? String(number) : text;
    }
    default:
      // inlineStr, str (a formula's text result), e (an error such as #N/A), d (an ISO date)
      return text;
  }
}

/** The rows of a worksheet's XML, each with its raw cells by column. */
function sheetRows(stream: Readable): AsyncGenerator<{ ligne: number; cells: RawCell[] }> {
  return parseEntry(stream, (parser, emit) => {
    let row: { ligne: number; cells: RawCell[] } | undefined;
    let lastRow = 0;
    let nextColumn = 0;
    let cell: { column: number; type: string; text: string } | undefined;
    let inValue = false;
    let inInline = false;
    let inPhonetic = false;
    let inText = false;
    parser.on('opentag', (tag) => {
      switch (tag.name) {
        case 'row': {
          const r = Number.parseInt(attribute(tag, 'r') ?? '', 10);
          lastRow = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
          row = { ligne: lastRow, cells: [] };
          nextColumn = 0;
          break;
        }
        case 'c': {
          const r = attribute(tag, 'r');
          const column = r ? columnIndex(r) : nextColumn;
          cell = { column: column >= 0 ? column : nextColumn, type: attribute(tag, 't') ?? 'n', text: '' };
          break;
        }
        case 'v':
          inValue = true;
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          inText = true;
          break;
      }
    });
    parser.on('text', (text) => {
      if (cell && (inValue || (inInline && inText && !inPhonetic))) cell.text += text;
    });
    parser.on('closetag', (tag) => {
      switch (tag.name) {
        case 'v':
          inValue = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        case 't':
          inText = false;
          break;
        case 'c':
          if (cell && row) {
            row.cells[cell.column] = cellValue(cell.type, cell.text);
            nextColumn = cell.column + 1;
          }
          cell = undefined;
          break;
        case 'row':
          if (row) emit(row);
          row = undefined;
          break;
      }
    });
  });
}

/** The shared strings whose index is in `wanted`; reading stops after the highest one. */
async function sharedStrings(stream: Readable, wanted: Set<number>): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const last = Math.max(-1, ...wanted);
  if (last < 0) {
    stream.destroy();
    return found;
  }
  const items = parseEntry<{ index: number; text: string }>(stream, (parser, emit) => {
    let index = 0;
    let text: string | undefined;
    let inText = false;
    let inPhonetic = false;
    parser.on('opentag', (tag) => {
      if (tag.name === 'si') text = '';
      else if (tag.name === 't') inText = true;
      else if (tag.name === 'rPh') inPhonetic = true;
    });
    parser.on('text', (chunk) => {
      if (text !== undefined && inText && !inPhonetic) text += chunk;
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'rPh') inPhonetic = false;
      else if (tag.name === 'si') {
        emit({ index, text: text ?? '' });
        index++;
        text = undefined;
      }
    });
  });
  for await (const item of items) {
    if (wanted.has(item.index)) found.set(item.index, item.text);
    if (item.index >= last) break;
  }
  return found;
}

/** Reads a whole small XML entry (the workbook and its relationships) into a list of tags. */
async function tagsOf(archive: Archive, path: string, names: string[]): Promise<SaxesTagPlain[]> {
  if (!archive.has(path)) throw new UnreadableWorkbook();
  const tags: SaxesTagPlain[] = [];
  for await (const tag of parseEntry<SaxesTagPlain>(await archive.open(path), (parser, emit) => {
    parser.on('opentag', (t) => {
      if (names.includes(t.name)) emit(t as SaxesTagPlain);
    });
  }))
    tags.push(tag);
  return tags;
}

/** Paths of the worksheets in the workbook's order, and of the shared strings. */
async function workbookParts(archive: Archive) {
  const sheets = await tagsOf(archive, 'xl/workbook.xml', ['sheet']);
  const relations = await tagsOf(archive, 'xl/_rels/workbook.xml.rels', ['Relationship']);
  const target = (tag: SaxesTagPlain) => {
    const path = attribute(tag, 'Target') ?? '';
    return path.startsWith('/') ? path.slice(1) : `xl/${path.replace(/^\.\//, '')}`;
  };
  const byId = new Map(relations.map((r) => [attribute(r, 'Id'), r]));
  // The relationship id is `r:id` in what Excel writes; other writers may choose another prefix.
  const relationId = (sheet: SaxesTagPlain) =>
    attribute(sheet, 'r:id') ?? Object.entries(sheet.attributes).find(([name]) => name.endsWith(':id'))?.[1];
  let sheetPaths = sheets
    .map((s) => byId.get(relationId(s)))
    .filter((r): r is SaxesTagPlain => r !== undefined)
    .map(target);
  if (sheetPaths.length === 0) {
    // No usable list of sheets: the worksheets in their numbers' order.
    const number = (path: string) => Number(/sheet(\d+)\.xml$/.exec(path)?.[1]);
    sheetPaths = archive
      .names()
      .filter((path) => /^xl\/worksheets\/sheet\d+\.xml$/.test(path))
      .sort((a, b) => number(a) - number(b));
  }
  const strings = relations.find((r) => (attribute(r, 'Type') ?? '').endsWith('/sharedStrings'));
  return { sheetPaths, sharedStringsPath: strings ? target(strings) : 'xl/sharedStrings.xml' };
}

/**
 * The rows of the first worksheet that holds anything, at most `maxRows` of them that hold a value;
 * `truncated` says that the sheet has more. Throws UnreadableWorkbook for a workbook it cannot read.
 */
export async function readFirstSheet(
  archive: Archive,
  maxRows: number,
  stats?: ReadStats,
): Promise<{ records: SheetRecord[]; truncated: boolean }> {
  const { sheetPaths, sharedStringsPath } = await workbookParts(archive);
  for (const path of sheetPaths) {
    if (!archive.has(path)) throw new UnreadableWorkbook();
    const rows: { ligne: number; cells: RawCell[] }[] = [];
    let truncated = false;
    for await (const row of sheetRows(await archive.open(path))) {
      if (stats) stats.records++;
      if (!row.cells.some((c) => c !== undefined && c !== '')) continue;
      if (rows.length === maxRows) {
        truncated = true;
        break;
      }
      rows.push(row);
    }
    if (rows.length === 0) continue; // an empty sheet: the members are on a later one
    const wanted = new Set<number>();
    for (const row of rows)
      for (const c of row.cells)
        if (typeof c === 'object' && Number.isInteger(c.shared)) wanted.add(c.shared);
    const hasStrings = archive.has(sharedStringsPath);
    if (wanted.size > 0 && !hasStrings) throw new UnreadableWorkbook();
    const strings = hasStrings
      ? await sharedStrings(await archive.open(sharedStringsPath), wanted)
      : new Map();
    const records = rows.map((row) => ({
      ligne: row.ligne,
      fields: Array.from(row.cells, (c) =>
        c === undefined ? '' : typeof c === 'string' ? c : (strings.get(c.shared) ?? ''),
      ),
    }));
    return { records, truncated };
  }
  return { records: [], truncated: false };
}
