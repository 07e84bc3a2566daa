import type { Habilitation, UserAction } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../lib/policy';
import { userMachine } from './machine';
import { may, type UserFacts, type UserPolicyAction, type UsersPolicyContext } from './policy';

const as = (id: number, ...habilitations: Habilitation[]): UsersPolicyContext => ({
  caller: { id, habilitations },
});
const admin = as(1, 'USER', 'ADMIN');
const lodge = as(2, 'USER', 'LOGE');
const member = as(3, 'USER');
const user = (facts: Partial<UserFacts>): UserFacts => ({
  id: 10,
  etat: 'A',
  anonymizedAt: null,
  passwordHash: 'hash',
  ...facts,
});

/** The buttons of the user page: the machine crossed with the policy, as the presenter computes them. */
const buttons = (ctx: UsersPolicyContext, target: UserFacts): UserAction[] =>
  allowedActions(userMachine, target.etat, (a) => may(ctx, a, target));

describe('the users policy', () => {
  it.each<[UserPolicyAction, boolean, boolean, boolean]>([
    // action on no record, ADMIN, LOGE, USER
    ['ADMINISTER', true, false, false],
    ['SEARCH', true, true, false],
    ['SEARCH_ALL', true, false, false],
  ])('%s: admin %s, lodge manager %s, member %s', (action, byAdmin, byLodge, byMember) => {
    expect([admin, lodge, member].map((who) => may(who, action, null))).toEqual([byAdmin, byLodge, byMember]);
  });

  it.each([
    ['active user', user({}), ['EDIT', 'DEACTIVATE', 'DELETE', 'ADD_MEMBERSHIP']],
    [
      'invited user',
      user({ passwordHash: null }),
      ['EDIT', 'DEACTIVATE', 'DELETE', 'INVITE', 'ADD_MEMBERSHIP'],
    ],
    ['inactive user', user({ etat: 'I' }), ['EDIT', 'ACTIVATE', 'DELETE', 'ADD_MEMBERSHIP']],
    [
      'inactive invited user',
      user({ etat: 'I', passwordHash: null }),
      ['EDIT', 'ACTIVATE', 'DELETE', 'ADD_MEMBERSHIP'],
    ],
    ['deleted user', user({ etat: 'S' }), ['EDIT', 'ACTIVATE', 'ANONYMISE']],
    ['anonymised user', user({ etat: 'S', anonymizedAt: new Date(), passwordHash: null }), []],
    ['the admin themself', user({ id: 1 }), ['EDIT', 'ADD_MEMBERSHIP']],
  ])('the buttons of an admin on an %s', (_name, target, expected) => {
    expect(buttons(admin, target)).toEqual(expected);
  });

  it('gives no button to a non-admin', () => {
    expect(buttons(lodge, user({ passwordHash: null }))).toEqual([]);
    expect(buttons(member, user({ etat: 'S' }))).toEqual([]);
  });

  it('allows no action on an account to be taken without an account', () => {
    const actions: UserAction[] = [
      'EDIT',
      'ACTIVATE',
      'DEACTIVATE',
      'DELETE',
      'ANONYMISE',
      'INVITE',
      'ADD_MEMBERSHIP',
    ];
    expect(actions.filter((a) => may(admin, a, null))).toEqual([]);
  });
});
