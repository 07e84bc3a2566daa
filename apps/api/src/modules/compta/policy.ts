/**
 * Who may do what in the Union's accounting (DECISIONS §1, §4): COMPTA_LECTURE reads every order and
 * exports; COMPTA_SAISIE creates and moves orders, payments and reminders. Accounting is the Union's own:
 * no lodge sees its invoices here. Pure functions, tested as tables.
 */
import type { OrderAction, OrderState } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import { allowedActions, type May } from '../../lib/policy';
import { orderMachine } from './machine';

export interface OrderFacts {
  etat: OrderState;
  /** Whether a quote number exists (an order created directly as an invoice has no quote to download). */
  hasQuote: boolean;
}

export interface ComptaContext {
  caller: Caller;
}

/** The order's actions; on no record, READ reads the accounts and KEEP_ACCOUNTS keeps them (create, bulk calls). */
export type ComptaAction = OrderAction | 'KEEP_ACCOUNTS';

const READS: readonly ComptaAction[] = ['READ', 'DOWNLOAD_DEVIS', 'DOWNLOAD_FACTURE'];

/** Whether the caller, as a person, may take the action on this order (whatever its state allows). */
export const may: May<ComptaContext, OrderFacts | null, ComptaAction> = ({ caller }, action, order) => {
  if (action === 'DOWNLOAD_DEVIS' && order !== null && !order.hasQuote) return false;
  if (READS.includes(action)) return hasHabilitation(caller, 'COMPTA_LECTURE');
  return hasHabilitation(caller, 'COMPTA_LECTURE') && hasHabilitation(caller, 'COMPTA_SAISIE');
};

/** The buttons of the order page: allowed by the state and by the policy. */
export const orderActions = (ctx: ComptaContext, order: OrderFacts): OrderAction[] =>
  allowedActions(orderMachine, order.etat, (action) => may(ctx, action, order));
