/**
 * Who may do what in the Union's accounting (DECISIONS §1, §4): COMPTA_LECTURE reads every order and
 * exports; COMPTA_SAISIE creates and moves orders, payments and reminders. Accounting is the Union's own:
 * no lodge sees its invoices here. Pure functions, tested as tables.
 *
 * Three layers say whether an action is possible now: the person (`may`, 403), the state (the machine,
 * 412) and the money and dates of the order (`unavailable`, 412 with its reason). The order page's
 * buttons are the actions all three allow, and the server refuses the others with the same reason.
 */
import { euros, type ErrorCode, type OrderAction, type OrderState } from '@union/contract';
import { frenchDate } from '../../lib/dates';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import { allowedActions, type May } from '../../lib/policy';
import { orderMachine } from './machine';

/** The money and dates of an issued invoice that decide whether a correction or a reminder is possible now. */
export interface MoneyFacts {
  total: number;
  /** What its credit notes credit. */
  credite: number;
  /** What payments and credit notes settle of it. */
  regle: number;
  dateEcheance: string | null;
  /** The day of its last reminder, if any. */
  derniereRelance: string | null;
  /** The Paris day now. */
  today: string;
  /** The entity's credit, usable on it. */
  creditEntite: number;
  /** Payments that settle it and may still be reversed. */
  paiementsReversibles: number;
}

export interface OrderFacts {
  etat: OrderState;
  /** Whether a quote number exists (an order created directly as an invoice has no quote to download). */
  hasQuote: boolean;
  /** Absent: only the person and the state are judged (lists, tests of the tables). */
  money?: MoneyFacts;
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

/** Why an action the state allows is not possible now: its error code and the sentence the treasurer reads. */
export interface Unavailable {
  code: ErrorCode;
  raison: string;
}

/** A day in French, the first of a month as « 1er ». */
const day = (iso: string) => frenchDate(iso).replace(/^(\S+) 1 /, '$1 1er ');

/** What remains due on an issued invoice. */
export const dueOf = (m: Pick<MoneyFacts, 'total' | 'regle'>) => Math.max(m.total - m.regle, 0);

/** Why the action cannot be taken now given the invoice's money and dates, or null. */
export function unavailable(action: OrderAction, m: MoneyFacts | undefined): Unavailable | null {
  if (!m) return null;
  const du = dueOf(m);
  switch (action) {
    case 'AVOIR_FACTURE':
      return m.total - m.credite > 0
        ? null
        : { code: 'over_credit', raison: 'Cette facture est entièrement créditée : plus rien à créditer.' };
    case 'REVERSE_PAYMENT':
      return m.paiementsReversibles > 0
        ? null
        : { code: 'payment_unknown', raison: 'Aucun paiement de cette facture ne peut être contre-passé.' };
    case 'USE_CREDIT':
      if (du <= 0) return { code: 'nothing_due', raison: 'Cette facture n’a plus rien à payer.' };
      return m.creditEntite > 0
        ? null
        : { code: 'no_credit', raison: 'La loge n’a pas de crédit à imputer sur cette facture.' };
    case 'EDIT_PAYMENT':
      return du > 0 ? null : { code: 'nothing_due', raison: 'Cette facture n’a plus rien à payer.' };
    case 'RELANCE_FACTURE':
      if (du <= 0)
        return { code: 'nothing_due', raison: 'Rien n’est dû sur cette facture : pas de relance.' };
      if (!m.dateEcheance || m.dateEcheance >= m.today)
        return {
          code: 'not_overdue',
          raison: `Pas de relance avant l’échéance : la facture est payable jusqu’au ${day(m.dateEcheance ?? m.today)}.`,
        };
      if (m.derniereRelance === m.today)
        return {
          code: 'already_reminded',
          raison: `Une relance est déjà partie aujourd’hui (reste dû ${euros(du)}) : la suivante est possible demain.`,
        };
      return null;
    default:
      return null;
  }
}

/** Actions whose unavailability the order page explains instead of hiding silently. */
const EXPLAINED: readonly OrderAction[] = ['RELANCE_FACTURE'];

/** The buttons of the order page: allowed by the state, the policy and the money and dates. */
export const orderActions = (ctx: ComptaContext, order: OrderFacts): OrderAction[] =>
  allowedActions(orderMachine, order.etat, (action) => may(ctx, action, order)).filter(
    (action) => !unavailable(action, order.money),
  );

/** What the state and the policy allow but the money or the dates do not, with why (said on the page). */
export const unavailableActions = (ctx: ComptaContext, order: OrderFacts) =>
  allowedActions(orderMachine, order.etat, (action) => may(ctx, action, order)).flatMap((action) => {
    const why = EXPLAINED.includes(action) ? unavailable(action, order.money) : null;
    return why ? [{ action, raison: why.raison }] : [];
  });
