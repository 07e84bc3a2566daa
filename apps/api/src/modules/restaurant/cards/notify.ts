/** The member's e-mail about their top-up's new state, through the outbox. */
import type { TopUpState } from '@union/contract';
import type { Executor } from '../../../db/client';
import { mailRepository } from '../../mail/repository';
import { accountRepository } from '../../users/account-repository';
import { topUpEmail } from '../mails';
import type { TopUpRecord } from './repository';

export async function mailMember(
  db: Executor,
  p: TopUpRecord,
  etat: TopUpState,
  publicUrl: string,
  at: Date,
): Promise<void> {
  const email = await accountRepository.emailOf(db, p.userId);
  if (email)
    await mailRepository.enqueue(
      db,
      topUpEmail(email, { id: p.id, montant: p.montant, etat }, publicUrl),
      at,
    );
}
