/**
 * The bank statement's task in the untrusted-file pool (it runs in the worker thread: see
 * src/untrusted-worker.ts): the file's statements (CAMT.053, OFX) or table (CSV), or the 412 that
 * refuses it, as plain data.
 */
import { asRefusal, type Refusal } from '../../../lib/untrusted/tasks';
import { readStatementFile, type ReadStatement } from './format';

export async function bankStatementParse({
  bytes,
  nom,
}: {
  bytes: Uint8Array;
  nom: string;
}): Promise<ReadStatement | { refusal: Refusal }> {
  try {
    return readStatementFile(bytes, nom);
  } catch (error) {
    return asRefusal(error);
  }
}
