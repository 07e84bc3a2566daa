import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { may, type ImportsPolicyContext } from './policy';

const MANAGED = 7;
const OTHER = 8;
const as = (...habilitations: Habilitation[]): ImportsPolicyContext => ({
  caller: { id: 1, habilitations },
  manages: new Set([MANAGED]),
});

describe('the imports policy', () => {
  it.each([
    ['ADMIN, entity managed', as('USER', 'ADMIN'), MANAGED, true],
    ['ADMIN, entity not managed', as('USER', 'ADMIN'), OTHER, true],
    ['LOGE, entity managed', as('USER', 'LOGE'), MANAGED, true],
    ['LOGE, entity not managed', as('USER', 'LOGE'), OTHER, false],
    ['gestion flag without LOGE', as('USER'), MANAGED, false],
    ['neither', as('USER', 'PLANNING'), OTHER, false],
  ])('IMPORT and EXPORT: %s → %s', (_case, who, id, expected) => {
    expect(may(who, 'IMPORT', { id })).toBe(expected);
    expect(may(who, 'EXPORT', { id })).toBe(expected);
  });

  it.each([
    [as('USER', 'ADMIN'), true],
    [as('USER', 'LOGE'), false],
    [as('USER', 'COMPTA_SAISIE'), false],
  ])('EDIT_IDENTITY: %j → %s', (who, expected) => {
    expect(may(who, 'EDIT_IDENTITY', null)).toBe(expected);
  });

  it('lets only an administrator go on to learn that an entity does not exist', () => {
    expect(may(as('USER', 'ADMIN'), 'IMPORT', null)).toBe(true);
    expect(may(as('USER', 'LOGE'), 'IMPORT', null)).toBe(false);
  });
});
