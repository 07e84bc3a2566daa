/**
 * Who may do what with broadcast messages (DECISIONS §6): DIFFUSION writes, activates, deactivates and
 * deletes every message; everyone signed in reads the active ones addressed to them and hides one for
 * themselves. A pure function, tested as a table.
 */
import type { MessageAction } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface MessagesContext {
  caller: Caller;
}

/** The message's actions, and WRITE (the editor's list, a new message) on no record. */
export type MessagePolicyAction = MessageAction | 'WRITE';

/** Nothing of the message itself plays a part: the writers handle every one. */
export const may: May<MessagesContext, unknown, MessagePolicyAction> = (ctx, action) => {
  switch (action) {
    case 'WRITE':
    case 'EDIT':
    case 'ACTIVATE':
    case 'DEACTIVATE':
    case 'DELETE':
      return hasHabilitation(ctx.caller, 'DIFFUSION');
  }
};
