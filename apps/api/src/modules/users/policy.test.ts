import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { usersPolicy, type UserFacts } from './policy';

const admin = { id: 1, habilitations: ['USER', 'ADMIN'] as Habilitation[] };
const lodge = { id: 2, habilitations: ['USER', 'LOGE'] as Habilitation[] };
const member = { id: 3, habilitations: ['USER'] as Habilitation[] };
const user = (facts: Partial<UserFacts>): UserFacts => ({
  id: 10,
  etat: 'A',
  anonymizedAt: null,
  passwordHash: 'hash',
  ...facts,
});

describe('usersPolicy', () => {
  it.each([
    ['ADMIN', admin, true],
    ['LOGE', lodge, false],
    ['USER', member, false],
  ] as const)('administer: %s allowed=%s', (_name, caller, allowed) => {
    if (allowed) expect(() => usersPolicy.administer(caller)).not.toThrow();
    else expect(() => usersPolicy.administer(caller)).toThrow();
  });

  it.each([
    ['ADMIN', admin, true, false],
    ['LOGE', lodge, true, true],
    ['USER', member, false, true],
  ] as const)('search: %s allowed=%s, only active=%s', (_name, caller, allowed, onlyActive) => {
    if (allowed) expect(() => usersPolicy.search(caller)).not.toThrow();
    else expect(() => usersPolicy.search(caller)).toThrow();
    expect(usersPolicy.searchLimitedToActive(caller)).toBe(onlyActive);
  });

  it.each([
    ['active user', user({}), ['EDIT', 'DEACTIVATE', 'DELETE']],
    ['invited user', user({ passwordHash: null }), ['EDIT', 'DEACTIVATE', 'DELETE', 'INVITE']],
    ['inactive user', user({ etat: 'I' }), ['EDIT', 'ACTIVATE', 'DELETE']],
    ['deleted user', user({ etat: 'S' }), ['EDIT', 'ACTIVATE', 'ANONYMISE']],
    ['anonymised user', user({ etat: 'S', anonymizedAt: new Date() }), []],
    ['the admin themself', user({ id: 1 }), ['EDIT']],
  ])('actions of an admin on an %s', (_name, target, expected) => {
    expect(usersPolicy.actions(admin, target)).toEqual(expected);
  });

  it('gives no action to a non-admin', () => {
    expect(usersPolicy.actions(lodge, user({}))).toEqual([]);
  });
});
