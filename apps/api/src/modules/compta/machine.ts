/**
 * The life of an accounting order (DECISIONS §4): states × actions → next state. The policy says who
 * (403: COMPTA_LECTURE reads, COMPTA_SAISIE acts), this machine says whether now (412).
 */
import {
  OrderAction,
  OrderState,
  type OrderAction as Action,
  type OrderState as State,
} from '@union/contract';
import { defineMachine } from '../../lib/state-machine';

const ALL = { DC: 'DC', DE: 'DE', DR: 'DR', DA: 'DA', FC: 'FC', FE: 'FE', FP: 'FP', FA: 'FA' } as const;

export const orderMachine = defineMachine<State, Action>(
  {
    READ: ALL,
    EDIT_DEVIS: { DC: 'DC' },
    // Sending again re-sends the same quote (a lost e-mail); marking it sent does not e-mail.
    SEND_DEVIS: { DC: 'DE', DE: 'DE' },
    DEVIS_SENT: { DC: 'DE' },
    DEVIS_REFUSED: { DE: 'DR' },
    DEVIS_CANCELLED: { DC: 'DA', DE: 'DA' },
    // The accepted quote becomes an invoice draft, to check before it is issued.
    TRANSFORM_DEVIS: { DC: 'FC', DE: 'FC' },
    EDIT_FACTURE: { FC: 'FC' },
    // Issuing gives the invoice its number; sending again re-sends the same invoice.
    SEND_FACTURE: { FC: 'FE', FE: 'FE' },
    FACTURE_SENT: { FC: 'FE' },
    // A draft is cancelled outright; an issued invoice, paid or not, by a credit note of what remains
    // creditable (what its payments settled becomes a credit of the entity).
    FACTURE_CANCELLED: { FC: 'FA', FE: 'FA', FP: 'FA' },
    FACTURE_PAID: { FE: 'FP' },
    RELANCE_FACTURE: { FE: 'FE' },
    EDIT_PAYMENT: { FE: 'FE' },
    DOWNLOAD_DEVIS: { DC: 'DC', DE: 'DE', DR: 'DR', DA: 'DA', FC: 'FC', FE: 'FE', FP: 'FP', FA: 'FA' },
    DOWNLOAD_FACTURE: { FC: 'FC', FE: 'FE', FP: 'FP', FA: 'FA' },
    // Corrections (issue 20). A partial credit note keeps the invoice issued; the one that credits its
    // whole total cancels it (FA, its handler says so). What it settles may settle the invoice (FP).
    AVOIR_FACTURE: { FE: 'FE', FP: 'FP' },
    // A counter-entry reopens a settled invoice.
    REVERSE_PAYMENT: { FE: 'FE', FP: 'FE' },
    // The entity's credit settles what remains due (FP when it is all).
    USE_CREDIT: { FE: 'FE' },
  },
  { state: (s) => OrderState.labels[s], action: (a) => OrderAction.labels[a] },
);

/** A quote state (D…) or an invoice state (F…). */
export const isQuoteState = (s: State) => s.startsWith('D');
