/**
 * Who may do what in the Union's accounting (DECISIONS §1, §4): COMPTA_LECTURE reads every order and
 * exports; COMPTA_SAISIE creates and moves orders, payments and reminders. Accounting is the Union's own:
 * no lodge sees its invoices here. Pure functions, tested as tables.
 */
import type { OrderAction, OrderState } from '@union/contract';
import { authorize, hasHabilitation, type Caller } from '../../lib/authorize';
import { allowedActions } from '../../lib/policy';
import { orderMachine } from './machine';

export interface OrderFacts {
  etat: OrderState;
  /** Whether a quote number exists (an order created directly as an invoice has no quote to download). */
  hasQuote: boolean;
}

const READS: readonly OrderAction[] = ['READ', 'DOWNLOAD_DEVIS', 'DOWNLOAD_FACTURE'];

/** Whether the caller, as a person, may take the action on this order (whatever its state allows). */
export function may(caller: Caller, action: OrderAction, order: OrderFacts): boolean {
  if (action === 'DOWNLOAD_DEVIS' && !order.hasQuote) return false;
  if (READS.includes(action)) return hasHabilitation(caller, 'COMPTA_LECTURE');
  return hasHabilitation(caller, 'COMPTA_LECTURE') && hasHabilitation(caller, 'COMPTA_SAISIE');
}

/** The buttons of the order page: allowed by the state and by the policy. */
export const orderActions = (caller: Caller, order: OrderFacts): OrderAction[] =>
  allowedActions(orderMachine, order.etat, (action) => may(caller, action, order));

export const comptaPolicy = {
  /** 403 unless the caller reads the accounts. */
  read(caller: Caller): void {
    authorize(hasHabilitation(caller, 'COMPTA_LECTURE'));
  },
  /** 403 unless the caller keeps the accounts (create, bulk calls). */
  write(caller: Caller): void {
    authorize(hasHabilitation(caller, 'COMPTA_LECTURE') && hasHabilitation(caller, 'COMPTA_SAISIE'));
  },
};
