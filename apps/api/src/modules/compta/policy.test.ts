import { OrderAction, OrderState, type Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { orderMachine } from './machine';
import {
  may,
  orderActions,
  unavailable,
  unavailableActions,
  type ComptaContext,
  type MoneyFacts,
} from './policy';

const caller = (...habilitations: Habilitation[]): ComptaContext => ({ caller: { id: 1, habilitations } });
const reader = caller('USER', 'COMPTA_LECTURE');
const keeper = caller('USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE');

describe('the order machine', () => {
  // Every state × action: the expected next state, or '-' when the state does not allow it.
  const table: Record<string, string> = {
    READ: 'DC DE DR DA FC FE FP FA',
    EDIT_DEVIS: 'DC - - - - - - -',
    SEND_DEVIS: 'DE DE - - - - - -',
    DEVIS_SENT: 'DE - - - - - - -',
    DEVIS_REFUSED: '- DR - - - - - -',
    DEVIS_CANCELLED: 'DA DA - - - - - -',
    TRANSFORM_DEVIS: 'FC FC - - - - - -',
    EDIT_FACTURE: '- - - - FC - - -',
    SEND_FACTURE: '- - - - FE FE - -',
    FACTURE_SENT: '- - - - FE - - -',
    FACTURE_CANCELLED: '- - - - FA FA FA -',
    FACTURE_PAID: '- - - - - FP - -',
    RELANCE_FACTURE: '- - - - - FE - -',
    EDIT_PAYMENT: '- - - - - FE - -',
    DOWNLOAD_DEVIS: 'DC DE DR DA FC FE FP FA',
    DOWNLOAD_FACTURE: '- - - - FC FE FP FA',
    AVOIR_FACTURE: '- - - - - FE FP -',
    REVERSE_PAYMENT: '- - - - - FE FE -',
    USE_CREDIT: '- - - - - FE - -',
  };
  for (const action of OrderAction.codes) {
    const expected = table[action]!.split(' ');
    OrderState.codes.forEach((state, i) => {
      it(`${action} from ${state} → ${expected[i]}`, () => {
        if (expected[i] === '-') expect(() => orderMachine.next(state, action)).toThrow(/Action impossible/);
        else expect(orderMachine.next(state, action)).toBe(expected[i]);
      });
    });
  }
});

describe('the order policy', () => {
  it.each(OrderAction.codes)('%s: nobody without COMPTA_LECTURE', (action) => {
    expect(may(caller('USER', 'COMPTA_SAISIE'), action, { etat: 'FE', hasQuote: true })).toBe(false);
  });
  it('a reader reads and downloads, and does nothing else', () => {
    expect(orderActions(reader, { etat: 'FE', hasQuote: true })).toEqual([
      'READ',
      'DOWNLOAD_DEVIS',
      'DOWNLOAD_FACTURE',
    ]);
  });
  it('a keeper gets every action the state allows', () => {
    expect(orderActions(keeper, { etat: 'FE', hasQuote: false })).toEqual([
      'READ',
      'SEND_FACTURE',
      'FACTURE_CANCELLED',
      'FACTURE_PAID',
      'RELANCE_FACTURE',
      'EDIT_PAYMENT',
      'DOWNLOAD_FACTURE',
      'AVOIR_FACTURE',
      'REVERSE_PAYMENT',
      'USE_CREDIT',
    ]);
    expect(orderActions(keeper, { etat: 'DC', hasQuote: true })).toEqual([
      'READ',
      'EDIT_DEVIS',
      'SEND_DEVIS',
      'DEVIS_SENT',
      'DEVIS_CANCELLED',
      'TRANSFORM_DEVIS',
      'DOWNLOAD_DEVIS',
    ]);
  });
  it.each([
    ['a reader', reader, true, false],
    ['a keeper', keeper, true, true],
    ['someone with COMPTA_SAISIE only', caller('USER', 'COMPTA_SAISIE'), false, false],
  ])('on no order, %s reads the accounts (%s) and keeps them (%s)', (_name, who, reads, keeps) => {
    expect(may(who, 'READ', null)).toBe(reads);
    expect(may(who, 'KEEP_ACCOUNTS', null)).toBe(keeps);
  });
  it('an order created as an invoice has no quote to download', () => {
    expect(may(keeper, 'DOWNLOAD_DEVIS', { etat: 'FC', hasQuote: false })).toBe(false);
  });
});

describe('the money and dates of an issued invoice', () => {
  /** An invoice of 100 €, due on 1 December, nothing settled, no reminder, no credit, no payment. */
  const base: MoneyFacts = {
    total: 10000,
    credite: 0,
    regle: 0,
    dateEcheance: '2026-12-01',
    derniereRelance: null,
    today: '2026-12-10',
    creditEntite: 0,
    paiementsReversibles: 0,
  };
  // Each row: the action, what differs from the base, the refusal's code or null when possible.
  const table: [string, Partial<MoneyFacts>, string | null][] = [
    ['AVOIR_FACTURE', {}, null],
    ['AVOIR_FACTURE', { credite: 4000, regle: 10000 }, null],
    ['AVOIR_FACTURE', { credite: 10000 }, 'over_credit'],
    ['REVERSE_PAYMENT', {}, 'payment_unknown'],
    ['REVERSE_PAYMENT', { paiementsReversibles: 1 }, null],
    ['USE_CREDIT', {}, 'no_credit'],
    ['USE_CREDIT', { creditEntite: 500 }, null],
    ['USE_CREDIT', { creditEntite: 500, regle: 10000 }, 'nothing_due'],
    ['EDIT_PAYMENT', {}, null],
    ['EDIT_PAYMENT', { regle: 10000 }, 'nothing_due'],
    ['RELANCE_FACTURE', {}, null],
    ['RELANCE_FACTURE', { today: '2026-12-01' }, 'not_overdue'],
    ['RELANCE_FACTURE', { today: '2026-11-20' }, 'not_overdue'],
    ['RELANCE_FACTURE', { derniereRelance: '2026-12-10' }, 'already_reminded'],
    ['RELANCE_FACTURE', { derniereRelance: '2026-12-09' }, null],
    ['RELANCE_FACTURE', { regle: 10000 }, 'nothing_due'],
    ['SEND_FACTURE', { regle: 10000, credite: 10000 }, null],
  ];
  it.each(table)('%s with %o → %s', (action, over, code) => {
    expect(unavailable(action as never, { ...base, ...over })?.code ?? null).toBe(code);
  });
  it('the page does not offer what the money refuses, and says why for a reminder', () => {
    const money = { ...base, today: '2026-11-20' };
    const actions = orderActions(keeper, { etat: 'FE', hasQuote: false, money });
    expect(actions).not.toContain('RELANCE_FACTURE');
    expect(actions).not.toContain('USE_CREDIT');
    expect(actions).toContain('AVOIR_FACTURE');
    expect(unavailableActions(keeper, { etat: 'FE', hasQuote: false, money })).toEqual([
      {
        action: 'RELANCE_FACTURE',
        raison: expect.stringMatching(/Pas de relance avant l’échéance : .*1er décembre 2026/),
      },
    ]);
  });
});
