/**
 * The member import's task in the untrusted-file pool (it runs in the worker thread: see
 * src/untrusted-worker.ts): the file read into rows, or the 412 that refuses it, as plain data.
 */
import { asRefusal, type Refusal } from '../../lib/untrusted/tasks';
import { readMembersFile, type ParsedFile } from './parse';

export async function importParse({
  bytes,
}: {
  bytes: Uint8Array;
}): Promise<{ parsed: ParsedFile } | { refusal: Refusal }> {
  try {
    return { parsed: await readMembersFile(bytes) };
  } catch (error) {
    return asRefusal(error);
  }
}
