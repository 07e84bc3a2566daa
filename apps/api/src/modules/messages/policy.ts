/**
 * Who may do what with broadcast messages (DECISIONS §6): DIFFUSION writes, activates, deactivates and
 * deletes every message; everyone signed in reads the active ones addressed to them and hides one for
 * themselves. A pure function, tested as a table.
 */
import type { MessageAction } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';

export interface MessagesContext {
  caller: Caller;
}

export const mayWrite = (ctx: MessagesContext) => hasHabilitation(ctx.caller, 'DIFFUSION');

export function mayAct(ctx: MessagesContext, action: MessageAction): boolean {
  switch (action) {
    case 'EDIT':
    case 'ACTIVATE':
    case 'DEACTIVATE':
    case 'DELETE':
      return mayWrite(ctx);
  }
}
