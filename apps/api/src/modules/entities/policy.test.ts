import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { entitiesPolicy } from './policy';

const caller = (...habilitations: Habilitation[]) => ({ id: 1, habilitations });
const admin = caller('USER', 'ADMIN');
const lodge = caller('USER', 'LOGE');
const member = caller('USER');

describe('entitiesPolicy', () => {
  it.each([
    ['ADMIN, entity not managed', admin, false, true],
    ['LOGE, entity managed', lodge, true, true],
    ['LOGE, entity not managed', lodge, false, false],
    ['USER with gestion but no LOGE', member, true, false],
  ] as const)('manageMembers: %s → %s', (_name, who, manages, allowed) => {
    expect(entitiesPolicy.canManageMembers(who, manages)).toBe(allowed);
    if (allowed) expect(() => entitiesPolicy.manageMembers(who, manages)).not.toThrow();
    else expect(() => entitiesPolicy.manageMembers(who, manages)).toThrow();
  });

  it.each([
    [admin, true],
    [lodge, false],
    [member, false],
  ] as const)('administer %#', (who, allowed) => {
    if (allowed) expect(() => entitiesPolicy.administer(who)).not.toThrow();
    else expect(() => entitiesPolicy.administer(who)).toThrow();
  });

  it.each([
    ['ADMIN', admin, false, ['EDIT', 'MEMBERS', 'HISTORY']],
    ['LOGE managing it', lodge, true, ['MEMBERS', 'HISTORY']],
    ['LOGE not managing it', lodge, false, []],
    ['USER', member, true, []],
  ] as const)('entity actions of %s', (_name, who, manages, expected) => {
    expect(entitiesPolicy.entityActions(who, manages)).toEqual(expected);
  });

  it.each([
    ['no end', null, ['EDIT', 'END']],
    ['ends today', '2026-03-10', ['EDIT', 'END']],
    ['ended yesterday', '2026-03-09', ['EDIT']],
  ])('membership actions when it has %s', (_name, fin, expected) => {
    expect(entitiesPolicy.membershipActions(lodge, true, { fin }, '2026-03-10')).toEqual(expected);
    expect(entitiesPolicy.membershipActions(lodge, false, { fin }, '2026-03-10')).toEqual([]);
  });
});
