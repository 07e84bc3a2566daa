/**
 * The bank statement's task in the untrusted-file pool (it runs in the worker thread: see
 * src/untrusted-worker.ts): the file's statements, or the 412 that refuses it, as plain data.
 */
import { invalid } from '../../../lib/errors';
import { asRefusal, type Refusal } from '../../../lib/untrusted/tasks';
import { readCamt053, type CamtStatement } from './camt';

export async function bankStatementParse({
  bytes,
}: {
  bytes: Uint8Array;
}): Promise<{ statements: CamtStatement[] } | { refusal: Refusal }> {
  try {
    let xml: string;
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw invalid(
        'Relevé bancaire : le fichier n’est pas un texte UTF-8 : ce n’est pas un relevé CAMT.053 tel que la banque l’exporte.',
      );
    }
    return { statements: readCamt053(xml) };
  } catch (error) {
    return asRefusal(error);
  }
}
