/**
 * The FEC (Fichier des Écritures Comptables, LPF art. A47 A-1) of the Union's sales and receipts for a
 * period, for its bookkeeper: 18 tab-separated columns, a header line, dates AAAAMMJJ, amounts with a
 * comma and two decimals, one line per account movement, every entry balanced. It is the books' entries
 * (modules/bookkeeping) read back, with the chart of docs/decisions/accounting.md; no VAT (the Union is
 * exempt). Written in ISO 8859-15, one of the encodings the format allows, CRLF line ends.
 */
import type { JournalCode } from '../../../db/schema';
import type { EntryRow, LineRow } from '../../bookkeeping/repository';

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** JournalLib of each journal code. */
export const JOURNALS: Record<JournalCode, string> = {
  VT: 'Ventes',
  BQ: 'Banque',
  CA: 'Caisse',
  OD: 'Opérations diverses',
};

/** AAAAMMJJ. */
const fecDate = (day: string) => day.replaceAll('-', '');
/** Cents as the format writes them: no thousands separator, a comma, two decimals. */
export const fecAmount = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};
/** A field never holds the separator nor a line end. */
const field = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();

/**
 * The FEC's text of the stored entries: each line as the books hold it, the number and the validation
 * date given when the entry was recorded (they never change from one export to the next).
 */
export function fecText(entries: { entry: EntryRow; lines: LineRow[] }[]): string {
  const rows: string[] = [FEC_COLUMNS.join('\t')];
  for (const { entry: e, lines } of entries) {
    for (const m of lines) {
      rows.push(
        [
          e.journal,
          JOURNALS[e.journal],
          e.numero,
          fecDate(e.date),
          m.compte,
          m.compteLib,
          m.aux ?? '',
          m.auxLib ?? '',
          e.piece,
          fecDate(e.pieceDate),
          e.libelle,
          fecAmount(m.debit),
          fecAmount(m.credit),
          '',
          '',
          fecDate(e.valideLe),
          '',
          '',
        ]
          .map(field)
          .join('\t'),
      );
    }
  }
  return rows.join('\r\n') + '\r\n';
}

/** ISO 8859-15: Latin-1 but for eight places (€, Š, š, Ž, ž, Œ, œ, Ÿ); anything else outside it is « ? ». */
const LATIN9: Record<string, number> = {
  '€': 0xa4,
  Š: 0xa6,
  š: 0xa8,
  Ž: 0xb4,
  ž: 0xb8,
  Œ: 0xbc,
  œ: 0xbd,
  Ÿ: 0xbe,
};
const LATIN1_REPLACED = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

export function latin9(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const mapped = LATIN9[ch];
    const code = ch.codePointAt(0)!;
    if (mapped !== undefined) bytes.push(mapped);
    else if (code < 0x100 && !LATIN1_REPLACED.has(code)) bytes.push(code);
    else if (ch === '\u2019' || ch === '\u2018') bytes.push(0x27);
    else if (ch === '\u2013' || ch === '\u2014') bytes.push(0x2d);
    else if (ch === '\u202f' || ch === '\u00a0') bytes.push(0x20);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
