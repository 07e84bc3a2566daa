import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { mayCard, mayMeal, mayOrder, mayTopUp, ownsAgapes, type RestaurantContext } from './policy';

const ctx = (
  habilitations: Habilitation[],
  flags: { resto?: number[]; carte?: number[]; gestion?: number[] } = {},
) =>
  ({
    caller: { id: 1, habilitations },
    restaurationEntityIds: new Set(flags.resto ?? []),
    carteLogeEntityIds: new Set(flags.carte ?? []),
    agapesEntityIds: new Set([...(flags.resto ?? []), ...(flags.gestion ?? [])]),
  }) satisfies RestaurantContext;

const member = ctx(['USER', 'RESTAURATION', 'PAYMENT'], { resto: [7], carte: [7] });
const memberNoCard = ctx(['USER', 'RESTAURATION', 'PAYMENT'], { resto: [7] });
const menus = ctx(['USER', 'MENUS']);
const user = ctx(['USER']);

const own = { userId: 1, entityId: null, mealOpen: true };
const ownClosed = { ...own, mealOpen: false };
const ownLodge = { userId: 1, entityId: 7, mealOpen: true };
const other = { userId: 2, entityId: null, mealOpen: true };

describe('the restaurant policy', () => {
  it.each([
    ['member', member, 'ORDER', true],
    ['member', member, 'EDIT', false],
    ['member', member, 'NOTIFY', false],
    ['menus', menus, 'EDIT', true],
    ['menus', menus, 'DELETE', true],
    ['menus', menus, 'RECAP', true],
    ['menus', menus, 'ORDER', false],
    ['user', user, 'ORDER', false],
  ] as const)('%s may %s a meal: %s', (_, c, action, expected) => {
    expect(mayMeal(c, action, null)).toBe(expected);
  });

  it.each([
    ['member, own open', member, own, 'EDIT', true],
    ['member, own closed', member, ownClosed, 'EDIT', false],
    ['member, own closed', member, ownClosed, 'DELETE', false],
    ['member, another', member, other, 'EDIT', false],
    ['member, own', member, own, 'PAY', false],
    ['member, own', member, own, 'REFUSE', false],
    ['member, own', member, own, 'UNDO_PAYMENT', false],
    ['member, own', member, own, 'PAY_CARD', true],
    ['member, own closed', member, ownClosed, 'PAY_CARD', true],
    ['member, lodge with carteLoge', member, ownLodge, 'PAY_CARD', true],
    ['member, lodge without carteLoge', memberNoCard, ownLodge, 'PAY_CARD', false],
    ['member, another', member, other, 'PAY_CARD', false],
    ['menus, another', menus, other, 'PAY', true],
    ['menus, another closed', menus, { ...other, mealOpen: false }, 'DELETE', true],
    ['menus, another', menus, other, 'UNDO_PAYMENT', true],
    ['menus, another', menus, other, 'PAY_CARD', false],
    ['user, own', user, own, 'EDIT', false],
  ] as const)('%s: %s → %s', (_, c, order, action, expected) => {
    expect(mayOrder(c, action, order)).toBe(expected);
  });

  it.each([
    ['member, for themself', member, own, true],
    ['member, for their lodge (restauration)', member, ownLodge, true],
    ['member, for another lodge', member, { ...ownLodge, entityId: 8 }, false],
    ['member, for someone else', member, other, false],
    ['menus, for themself', menus, { ...own }, false],
  ] as const)('CREATE an order, %s: %s', (_, c, order, expected) => {
    expect(mayOrder(c, 'CREATE', order)).toBe(expected);
  });

  it.each([
    ['member', member, true, false],
    ['menus', menus, true, true],
    ['user', user, false, false],
  ] as const)('%s READs the meals (%s) and MANAGEs them (%s)', (_, c, reads, manages) => {
    expect(mayMeal(c, 'READ', null)).toBe(reads);
    expect(mayMeal(c, 'MANAGE', null)).toBe(manages);
  });

  it.each([
    ['the orderer of the lodge', member, 7, true],
    ['its manager', ctx(['USER'], { gestion: [7] }), 7, true],
    ['a member of another lodge', member, 8, false],
    ['MENUS without a tie to the lodge', menus, 7, false],
  ] as const)("a lodge's agapes come first for %s", (_, c, entityId, expected) => {
    expect(ownsAgapes(c, entityId)).toBe(expected);
  });

  it('top-ups are validated with COMPTA_SAISIE only', () => {
    expect(mayTopUp(ctx(['USER', 'COMPTA_SAISIE']), 'VALIDATE', null)).toBe(true);
    expect(mayTopUp(member, 'VALIDATE', null)).toBe(false);
    expect(mayTopUp(menus, 'CANCEL', null)).toBe(false);
  });

  it.each([
    ['menus', menus, true],
    ['admin (every habilitation)', ctx(['USER', 'ADMIN', 'MENUS', 'COMPTA_SAISIE', 'PAYMENT']), true],
    ['the member paying their own order', member, false],
    ['a lodge officer with carteLoge', member, false],
    ['the treasurer validating a top-up', ctx(['USER', 'COMPTA_SAISIE', 'PAYMENT']), false],
    ['user', user, false],
  ] as const)('STATE_BALANCE (a card-read balance), %s: %s', (_, c, expected) => {
    expect(mayCard(c, 'STATE_BALANCE', null)).toBe(expected);
  });
});
