/**
 * The shape of one action on an order (PUT /api/compta/commande?action=…). `change` (orders/service.ts)
 * locks the order and asks the module's one policy and machine (`decide`: 403, then 412); the action's
 * handler then makes the change and answers what the audit entry says beyond `{ action }`.
 */
import type { OrderChange, OrderState } from '@union/contract';
import type { TxContext } from '../../../lib/context';
import type { OrderRow } from './repository';

export interface ActionStep {
  /** The order as locked, before the action. */
  order: OrderRow;
  /** The state the machine leads to. */
  next: OrderState;
  body: OrderChange;
  /**
   * The day the money moved, when a bank says so (a SEPA debit's return, dated the statement's day);
   * else today. Never from the request: the screen's changes are dated the day they are made.
   */
  on?: string;
}

/** What the audit entry of the change adds to its `action`. */
export type AuditDetails = Record<string, unknown>;

export type ActionHandler = (tx: TxContext, step: ActionStep) => Promise<AuditDetails>;
