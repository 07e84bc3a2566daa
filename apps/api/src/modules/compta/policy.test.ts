import { OrderAction, OrderState, type Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { orderMachine } from './machine';
import { may, orderActions, type ComptaContext } from './policy';

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
    FACTURE_CANCELLED: '- - - - FA FA - -',
    FACTURE_PAID: '- - - - - FP - -',
    RELANCE_FACTURE: '- - - - - FE - -',
    EDIT_PAYMENT: '- - - - - FE - -',
    DOWNLOAD_DEVIS: 'DC DE DR DA FC FE FP FA',
    DOWNLOAD_FACTURE: '- - - - FC FE FP FA',
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
