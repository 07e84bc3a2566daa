/**
 * The bank statement read off the main thread (lib/untrusted): its refusals come back as the same 412s,
 * and a file that passes a limit of the reader (time, memory) is refused with `file_limit`.
 */
import { AppError, refused } from '../../../lib/errors';
import { runUntrusted, UNTRUSTED_LIMITS } from '../../../lib/untrusted/pool';
import type { ReadStatement } from './format';
import type { bankStatementParse } from './untrusted-task';

const WHY = {
  time: `sa lecture a pris plus de ${UNTRUSTED_LIMITS.timeMs / 1000} secondes`,
  memory: 'sa lecture demandait trop de mémoire',
  busy: 'le serveur lit déjà trop de fichiers, réessayez dans quelques minutes',
} as const;

export async function parseStatementFile(bytes: Uint8Array, nom: string): Promise<ReadStatement> {
  // A copy of its own is moved to the worker: the request's buffer may share memory with others.
  const copy = new Uint8Array(bytes);
  const answer = await runUntrusted<typeof bankStatementParse>('bankStatementParse', { bytes: copy, nom }, [
    copy.buffer,
  ]);
  if ('limit' in answer)
    throw refused('file_limit', `Le relevé n’a pas pu être lu : ${WHY[answer.limit]}. Rien n’a été importé.`);
  if ('refusal' in answer.value) {
    const { status, code, message, details } = answer.value.refusal;
    throw new AppError(status, code, message, details);
  }
  return answer.value;
}
