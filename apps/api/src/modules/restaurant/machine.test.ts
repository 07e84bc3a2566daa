import { describe, expect, it } from 'vitest';
import { mealMachine, orderMachine, topUpMachine } from './machine';

describe('the meal order machine', () => {
  it.each([
    ['C', 'PAY', 'P'],
    ['R', 'PAY', 'P'],
    ['C', 'PAY_CARD', 'P'],
    ['C', 'REFUSE', 'R'],
    ['R', 'REFUSE', 'R'],
    ['P', 'UNDO_PAYMENT', 'C'],
    ['C', 'EDIT', 'C'],
    ['R', 'DELETE', 'R'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(orderMachine.next(from, action)).toBe(to);
  });

  it.each([
    ['P', 'PAY'],
    ['P', 'PAY_CARD'],
    ['P', 'REFUSE'],
    ['P', 'EDIT'],
    ['P', 'DELETE'],
    ['C', 'UNDO_PAYMENT'],
    ['R', 'UNDO_PAYMENT'],
  ] as const)('%s refuses %s with a French 412', (from, action) => {
    expect(() => orderMachine.next(from, action)).toThrow(/Action impossible/);
  });

  it('lists the actions of each state', () => {
    expect(orderMachine.actionsFrom('P')).toEqual(['UNDO_PAYMENT']);
    expect(orderMachine.actionsFrom('C')).toEqual(['EDIT', 'DELETE', 'PAY', 'PAY_CARD', 'REFUSE']);
  });
});

describe('the top-up machine', () => {
  it.each([
    ['C', 'PAID', 'P'],
    ['C', 'FAILED', 'X'],
    ['P', 'VALIDATE', 'V'],
    ['P', 'TRANSFER', 'R'],
    ['R', 'VALIDATE', 'V'],
    ['C', 'CANCEL', 'X'],
    ['P', 'CANCEL', 'X'],
    ['R', 'CANCEL', 'X'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(topUpMachine.next(from, action)).toBe(to);
  });

  it.each([
    ['V', 'VALIDATE'],
    ['V', 'CANCEL'],
    ['X', 'VALIDATE'],
    ['C', 'VALIDATE'],
    ['P', 'PAID'],
    ['X', 'PAID'],
    ['R', 'TRANSFER'],
  ] as const)('%s refuses %s', (from, action) => {
    expect(() => topUpMachine.next(from, action)).toThrow(/Action impossible/);
  });
});

describe('the meal machine', () => {
  it('orders only while open; management actions always', () => {
    expect(mealMachine.actionsFrom('O')).toEqual(['ORDER', 'EDIT', 'DELETE', 'NOTIFY', 'RECAP']);
    expect(mealMachine.actionsFrom('F')).toEqual(['EDIT', 'DELETE', 'NOTIFY', 'RECAP']);
  });
});
