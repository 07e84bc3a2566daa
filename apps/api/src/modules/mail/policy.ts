/** The outbox is read by administrators only: it holds every e-mail, so every address (DECISIONS §7). */
import { hasHabilitation, type Caller } from '../../lib/authorize';

export type MailAction = 'READ_OUTBOX';

export const mailPolicy = {
  may(caller: Caller, _action: MailAction): boolean {
    return hasHabilitation(caller, 'ADMIN');
  },
};
