import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { mayCard, mayMeal, mayTopUp, type RestaurantContext } from './policy';

// The rights checked on no record, once direct habilitation checks in the services (issue 18).
const ctx = (habilitations: Habilitation[]) =>
  ({
    caller: { id: 1, habilitations },
    restaurationEntityIds: new Set<number>(),
    carteLogeEntityIds: new Set<number>(),
    agapesEntityIds: new Set<number>(),
  }) satisfies RestaurantContext;

describe('the restaurant policy on no record', () => {
  it.each([
    [['USER', 'PAYMENT'], true],
    [['USER', 'RESTAURATION', 'MENUS', 'COMPTA_SAISIE'], false],
  ] as const)('USE one’s own card with %j: %s', (habilitations, expected) => {
    expect(mayCard(ctx([...habilitations]), 'USE', null)).toBe(expected);
  });

  it.each([
    [['USER', 'COMPTA_SAISIE'], true],
    [['USER', 'MENUS', 'PAYMENT'], false],
  ] as const)('SEARCH the top-ups with %j: %s', (habilitations, expected) => {
    expect(mayTopUp(ctx([...habilitations]), 'SEARCH', null)).toBe(expected);
  });

  it.each([
    [['USER', 'RESTAURATION'], true],
    [['USER', 'MENUS'], false],
    [['USER', 'PAYMENT'], false],
  ] as const)('MY_ORDERS with %j: %s', (habilitations, expected) => {
    expect(mayMeal(ctx([...habilitations]), 'MY_ORDERS', null)).toBe(expected);
  });
});
