/**
 * A broadcast message's status (specification §3: A Actif, I Inactif). Editing and deleting are open in
 * both; activating and deactivating move between them.
 */
import {
  MessageAction,
  MessageStatus,
  type MessageAction as Action,
  type MessageStatus as State,
} from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

export const messageMachine = defineMachine<State, Action>(
  {
    EDIT: { A: 'A', I: 'I' },
    ACTIVATE: { I: 'A' },
    DEACTIVATE: { A: 'I' },
    DELETE: { A: 'I', I: 'I' },
  },
  { state: (s) => MessageStatus.labels[s], action: (a) => MessageAction.labels[a] },
);
