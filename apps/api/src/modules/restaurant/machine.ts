/**
 * The restaurant's state machines (DECISIONS §5): a meal is open to orders or closed (deadline, seats,
 * switch), a meal order is Créée, Payée or Paiement refusé, a top-up goes C → P/X → R → V/X. The policy
 * says who (403), these say whether now (412).
 */
import {
  MealAction,
  MealOrderAction,
  MealOrderState,
  TopUpAction,
  TopUpState,
  type MealAction as MealActionCode,
  type MealOrderAction as OrderAction,
  type MealOrderState as OrderState,
  type TopUpAction as TopUpActionCode,
  type TopUpState as TopUpStateCode,
} from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

/** O: orders are taken; F: closed (deadline passed, seats all taken, or switched off). */
export type MealState = 'O' | 'F';

/** What of a meal its state reads. */
interface MealFacts {
  meal: { ouvert: boolean; limite: Date; places: number; placesPrises: number };
}

/** Whether the meal still takes orders and changes from its members: switched on, deadline not passed. */
export const mealAcceptsChanges = (row: MealFacts, now: Date) => row.meal.ouvert && now < row.meal.limite;

export const mealState = (row: MealFacts, now: Date): MealState =>
  mealAcceptsChanges(row, now) && row.meal.placesPrises < row.meal.places ? 'O' : 'F';

export const mealMachine = defineMachine<MealState, MealActionCode>(
  {
    ORDER: { O: 'O' },
    EDIT: { O: 'O', F: 'F' },
    DELETE: { O: 'O', F: 'F' },
    NOTIFY: { O: 'O', F: 'F' },
    RECAP: { O: 'O', F: 'F' },
  },
  {
    state: (s) => (s === 'O' ? 'Commandes ouvertes' : 'Commandes closes'),
    action: (a) => MealAction.labels[a],
  },
);

export const orderMachine = defineMachine<OrderState, OrderAction>(
  {
    EDIT: { C: 'C', R: 'R' },
    DELETE: { C: 'C', R: 'R' },
    PAY: { C: 'P', R: 'P' },
    PAY_CARD: { C: 'P', R: 'P' },
    REFUSE: { C: 'R', R: 'R' },
    UNDO_PAYMENT: { P: 'C' },
  },
  { state: (s) => MealOrderState.labels[s], action: (a) => MealOrderAction.labels[a] },
);

/**
 * The provider's verdicts are actions too: PAID (C → P) and FAILED (C → X); and EXPIRE (C → E), the
 * daily run's for a top-up left unpaid for more than a day. A payment notified after the expiry still
 * counts (E → P): the member's money was taken, so the treasurer validates it as any other.
 */
export type TopUpMachineAction = TopUpActionCode | 'PAID' | 'FAILED' | 'EXPIRE';

export const topUpMachine = defineMachine<TopUpStateCode, TopUpMachineAction>(
  {
    VALIDATE: { P: 'V', R: 'V' },
    TRANSFER: { P: 'R' },
    CANCEL: { C: 'X', P: 'X', R: 'X' },
    PAID: { C: 'P', E: 'P' },
    FAILED: { C: 'X' },
    EXPIRE: { C: 'E' },
  },
  {
    state: (s) => TopUpState.labels[s],
    action: (a) =>
      a === 'PAID'
        ? 'Paiement reçu'
        : a === 'FAILED'
          ? 'Paiement refusé'
          : a === 'EXPIRE'
            ? 'Expiration'
            : TopUpAction.labels[a],
  },
);
