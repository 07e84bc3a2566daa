import type { EntityAction, EntityState, Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../lib/policy';
import { entityMachine, isEntityButton, membershipMachine, membershipState } from './machine';
import {
  may,
  mayMembership,
  type EntitiesPolicyContext,
  type EntityPolicyAction,
  type MembershipPolicyAction,
} from './policy';

const MANAGED = 7;
const OTHER = 8;
const as = (...habilitations: Habilitation[]): EntitiesPolicyContext => ({
  caller: { id: 1, habilitations },
  manages: new Set([MANAGED]),
});
const admin = as('USER', 'ADMIN');
const lodge = as('USER', 'LOGE');
// A `gestion` membership without the LOGE habilitation gives no right.
const member = as('USER');

describe('the entities policy', () => {
  it.each<[EntityPolicyAction, number | null, [boolean, boolean, boolean]]>([
    // action, entity (null: none), [ADMIN, LOGE, USER with gestion]
    ['CREATE', null, [true, false, false]],
    ['EDIT', OTHER, [true, false, false]],
    ['DELETE', MANAGED, [true, false, false]],
    ['RESTORE', MANAGED, [true, false, false]],
    ['MEMBERS', MANAGED, [true, true, false]],
    ['MEMBERS', OTHER, [true, false, false]],
    ['HISTORY', MANAGED, [true, true, false]],
    ['HISTORY', OTHER, [true, false, false]],
    ['ADD_MEMBER', MANAGED, [true, true, false]],
    ['ADD_MEMBER', OTHER, [true, false, false]],
    ['ADD_MEMBER', null, [true, false, false]],
  ])('%s on entity %s', (action, id, expected) => {
    const entity = id === null ? null : { id };
    expect([admin, lodge, member].map((who) => may(who, action, entity))).toEqual(expected);
  });

  it.each<[MembershipPolicyAction, number | null, [boolean, boolean, boolean]]>([
    ['LIST_OF_USER', null, [true, true, false]],
    ['READ', MANAGED, [true, true, false]],
    ['READ', OTHER, [true, false, false]],
    ['EDIT', MANAGED, [true, true, false]],
    ['END', OTHER, [true, false, false]],
    ['END', null, [true, false, false]],
  ])('%s on a membership of entity %s', (action, entityId, expected) => {
    const membership = entityId === null ? null : { entityId };
    expect([admin, lodge, member].map((who) => mayMembership(who, action, membership))).toEqual(expected);
  });

  /** The buttons of the entity page, as the presenter computes them. */
  const buttons = (ctx: EntitiesPolicyContext, id: number, etat: EntityState): EntityAction[] =>
    allowedActions(entityMachine, etat, (a) => may(ctx, a, { id })).filter(isEntityButton);

  it.each([
    ['ADMIN', admin, OTHER, ['EDIT', 'MEMBERS', 'HISTORY', 'ADD_MEMBER'], ['EDIT', 'MEMBERS', 'HISTORY']],
    ['LOGE managing it', lodge, MANAGED, ['MEMBERS', 'HISTORY', 'ADD_MEMBER'], ['MEMBERS', 'HISTORY']],
    ['LOGE not managing it', lodge, OTHER, [], []],
    ['USER with gestion', member, MANAGED, [], []],
  ] as const)('the entity buttons of %s, active then deleted', (_name, who, id, active, deleted) => {
    expect(buttons(who, id, 'A')).toEqual(active);
    expect(buttons(who, id, 'S')).toEqual(deleted);
  });

  it.each([
    ['no end', null, ['EDIT', 'END']],
    ['ends today', '2026-03-10', ['EDIT', 'END']],
    ['ended yesterday', '2026-03-09', ['EDIT']],
  ])('the membership buttons when it has %s', (_name, fin, expected) => {
    const state = membershipState({ fin }, '2026-03-10');
    const of = (entityId: number) =>
      allowedActions(membershipMachine, state, (a) => mayMembership(lodge, a, { entityId }));
    expect(of(MANAGED)).toEqual(expected);
    expect(of(OTHER)).toEqual([]);
  });
});
