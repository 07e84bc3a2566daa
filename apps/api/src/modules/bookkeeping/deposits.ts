/**
 * Cheque deposits (bordereaux de remise, issue 31 §2): the cheques waiting in 5112 that were received in
 * a period go to the bank together; each is deposited once (a unique index on its entry: two treasurers
 * depositing at once, the second is refused), and one entry clears them from 5112 into 512.
 */
import { euros } from '@union/contract';
import { guardConstraint } from '../../lib/constraints';
import { refused } from '../../lib/errors';
import { bookkeeping, chart, type BooksContext } from './service';
import { bookkeepingRepository } from './repository';

export const depositRefusals = {
  cheque_deposit_items_once: {
    code: 'cheque_deposited' as const,
    message: 'Un de ces chèques vient d’être remis par une autre personne : rechargez la page.',
  },
};

/** Records the deposit of the pending cheques of [du, au]; answers its id. */
export async function recordDeposit(
  tx: BooksContext,
  period: { du: string; au: string },
  createdById: number,
): Promise<number> {
  const accounts = await chart(tx.db);
  const cheques = await bookkeepingRepository.pendingCheques(
    tx.db,
    accounts.cheques.num,
    period.du,
    period.au,
  );
  if (!cheques.length)
    throw refused(
      'no_cheque_to_deposit',
      'Aucun chèque à remettre : ceux de cette période sont déjà remis ou contre-passés.',
    );
  const total = cheques.reduce((s, c) => s + c.montant, 0);
  return guardConstraint(async () => {
    const deposit = await bookkeepingRepository.insertDeposit(tx.db, {
      date: tx.clock.today(),
      ...period,
      total,
      createdById,
      createdAt: tx.clock.now(),
    });
    await bookkeepingRepository.insertDepositItems(
      tx.db,
      cheques.map((c) => ({ depositId: deposit.id, entryId: c.entryId, montant: c.montant })),
    );
    await bookkeeping.post(tx, {
      journal: 'BQ',
      date: deposit.date,
      piece: `REMISE-${deposit.id}`,
      libelle: `Remise de ${cheques.length} chèque${cheques.length > 1 ? 's' : ''} (${euros(total)})`,
      source: `deposit:${deposit.id}`,
      lines: [
        { compte: 'banque', montant: total },
        { compte: 'cheques', montant: -total },
      ],
    });
    return deposit.id;
  }, depositRefusals);
}

export const depositOf = (tx: Pick<BooksContext, 'db'>, id: number) =>
  bookkeepingRepository.deposit(tx.db, id);
