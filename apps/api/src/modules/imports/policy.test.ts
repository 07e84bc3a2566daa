import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { importsPolicy } from './policy';

const caller = (...habilitations: Habilitation[]) => ({ id: 1, habilitations });

describe('importsPolicy.mayManageMembersOf', () => {
  it.each([
    ['ADMIN, entity managed', caller('USER', 'ADMIN'), true, true],
    ['ADMIN, entity not managed', caller('USER', 'ADMIN'), false, true],
    ['LOGE, entity managed', caller('USER', 'LOGE'), true, true],
    ['LOGE, entity not managed', caller('USER', 'LOGE'), false, false],
    ['gestion flag without LOGE', caller('USER'), true, false],
    ['neither', caller('USER', 'PLANNING'), false, false],
  ])('%s → %s', (_case, who, manages, expected) => {
    expect(importsPolicy.mayManageMembersOf(who, manages)).toBe(expected);
  });
});

describe('importsPolicy.mayManageAnyMembers and mayEditIdentity', () => {
  it.each([
    [caller('USER', 'ADMIN'), true, true],
    [caller('USER', 'LOGE'), true, false],
    [caller('USER', 'COMPTA_SAISIE'), false, false],
  ])('%j → any members %s, identity %s', (who, any, identity) => {
    expect(importsPolicy.mayManageAnyMembers(who)).toBe(any);
    expect(importsPolicy.mayEditIdentity(who)).toBe(identity);
  });
});
