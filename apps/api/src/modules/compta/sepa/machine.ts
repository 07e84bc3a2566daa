/**
 * The life of a batch of SEPA debits (issue 34 §4): states × actions → next state. Prepared (and
 * pre-notified), it is sent to the bank or cancelled; sent, its credit on the statement collects it; a
 * debit of a collected batch may come back (a return), the batch staying collected. The policy says who
 * (403), this machine whether now (412); the database's conditional updates make it hold under races.
 */
import { defineMachine } from '../../../lib/state-machine';
import type { SepaBatchState as State } from '../../../db/schema';

export type SepaBatchAction = 'SEND' | 'CANCEL' | 'COLLECT' | 'RETURN';

const STATES: Record<State, string> = {
  P: 'En préparation',
  T: 'Transmis à la banque',
  A: 'Annulé',
  E: 'Encaissé',
};
const ACTIONS: Record<SepaBatchAction, string> = {
  SEND: 'Transmettre à la banque',
  CANCEL: 'Annuler le lot',
  COLLECT: 'Enregistrer l’encaissement',
  RETURN: 'Enregistrer un retour de prélèvement',
};

export const sepaBatchMachine = defineMachine<State, SepaBatchAction>(
  {
    SEND: { P: 'T' },
    CANCEL: { P: 'A' },
    COLLECT: { T: 'E' },
    RETURN: { E: 'E' },
  },
  { state: (s) => STATES[s], action: (a) => ACTIONS[a] },
);
