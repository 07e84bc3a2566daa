/** A bank line as its writes take it (issue 34): locked, and still waiting, or refused in French. */
import type { TxContext } from '../../../lib/context';
import { notFound, refused } from '../../../lib/errors';
import { lineState } from './presenter';
import { bankRepository, type BankLineRow } from './repository';

export const alreadyDone = () =>
  refused('bank_line_done', 'Cette ligne du relevé est déjà traitée : rechargez la page.');

/** The line, locked until the transaction ends, still waiting: 404 or 412 otherwise. */
export async function waitingLine(tx: TxContext, id: number): Promise<BankLineRow> {
  const line = await bankRepository.lockLine(tx.db, id);
  if (!line) throw notFound('Cette ligne de relevé n’existe pas.');
  if (lineState(line) !== 'A_TRAITER') throw alreadyDone();
  return line;
}
