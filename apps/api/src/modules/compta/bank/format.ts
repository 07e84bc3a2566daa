/**
 * Which format a bank statement is in, told by its content first (the name only settles a file whose
 * text could be either): an XML `Document` is CAMT.053, an OFX header or `<OFX>` element is OFX, any
 * other text is read as CSV. Then the file read by its own reader; all this runs in the untrusted-file
 * worker (./untrusted-task.ts).
 */
import { invalid } from '../../../lib/errors';
import { readCamt053, type CamtStatement } from './camt';
import { readCsvTable, type CsvTable } from './csv';
import { looksLikeOfx, readOfx } from './ofx';

export type StatementFormat = 'camt053' | 'ofx' | 'csv';

export type ReadStatement =
  { format: 'camt053' | 'ofx'; statements: CamtStatement[] } | { format: 'csv'; table: CsvTable };

/** UTF-8, else Windows-1252 (the CHARSET:1252 of French banks' OFX 1.x exports). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function detectFormat(bytes: Uint8Array, name: string): StatementFormat {
  const head = decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  if (looksLikeOfx(head)) return 'ofx';
  if (/^\s*</.test(head)) return 'camt053';
  if (/\.(ofx|qfx)$/i.test(name))
    throw invalid(
      'Relevé bancaire : le fichier porte le nom d’un OFX mais n’en a pas l’en-tête (OFXHEADER ou <OFX>).',
    );
  return 'csv';
}

export function readStatementFile(bytes: Uint8Array, name: string): ReadStatement {
  const format = detectFormat(bytes, name);
  if (format === 'csv') return { format, table: readCsvTable(bytes) };
  if (format === 'ofx') return { format, statements: readOfx(decode(bytes)) };
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(
      'Relevé bancaire : le fichier n’est pas un texte UTF-8 : ce n’est pas un relevé CAMT.053 tel que la banque l’exporte.',
    );
  }
  return { format, statements: readCamt053(xml) };
}
