/** The outbox is read by administrators only: it holds every e-mail, so every address (DECISIONS §7). */
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface MailPolicyContext {
  caller: Caller;
}

export type MailAction = 'READ_OUTBOX';

/** On no record: the outbox is read whole or not at all. */
export const may: May<MailPolicyContext, null, MailAction> = ({ caller }) => hasHabilitation(caller, 'ADMIN');
