/**
 * One policy for entities and their memberships: administrators (ADMIN) create and edit every entity
 * and manage the members of every one; lodge managers (LOGE) manage only the members of the entities
 * where they hold a current `gestion` membership (the context's `manages`, loaded once per request).
 * The screen's choices never matter: every call checks here (403 otherwise). Two record kinds, two
 * pure functions of the one shape, tested as tables.
 */
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';
import type { EntityMachineAction, MembershipAction } from './machine';

export interface EntitiesPolicyContext {
  caller: Caller;
  /** The entities the caller manages today (a current membership with `gestion`). */
  manages: ReadonlySet<number>;
}

/** The fields of an entity the rules read. */
export interface EntityFacts {
  id: number;
}

/** The fields of a membership the rules read. */
export interface MembershipFacts {
  entityId: number;
}

/**
 * Whether the caller manages the members of the entity: the one rule of memberships, imports and
 * exports. On no entity (a record that does not exist), only an administrator goes on to learn so (404);
 * anyone else gets the 403 of an entity they do not manage, and learns nothing of other entities.
 */
const managesMembersOf = ({ caller, manages }: EntitiesPolicyContext, entityId: number | undefined) =>
  hasHabilitation(caller, 'ADMIN') ||
  (hasHabilitation(caller, 'LOGE') && entityId !== undefined && manages.has(entityId));

/** The entity's actions, and CREATE on no record. */
export type EntityPolicyAction = EntityMachineAction | 'CREATE';

export const may: May<EntitiesPolicyContext, EntityFacts | null, EntityPolicyAction> = (
  ctx,
  action,
  entity,
) => {
  switch (action) {
    case 'CREATE':
    case 'EDIT':
    case 'DELETE':
    case 'RESTORE':
      return hasHabilitation(ctx.caller, 'ADMIN');
    case 'MEMBERS':
    case 'HISTORY':
    case 'ADD_MEMBER':
      return managesMembersOf(ctx, entity?.id);
  }
};

/**
 * The membership's actions, READ (seeing it in a list), and LIST_OF_USER on no record: listing a
 * user's memberships, of which a lodge manager then reads only those of the entities they manage.
 */
export type MembershipPolicyAction = MembershipAction | 'READ' | 'LIST_OF_USER';

export const mayMembership: May<EntitiesPolicyContext, MembershipFacts | null, MembershipPolicyAction> = (
  ctx,
  action,
  membership,
) => {
  switch (action) {
    case 'LIST_OF_USER':
      return hasHabilitation(ctx.caller, 'ADMIN') || hasHabilitation(ctx.caller, 'LOGE');
    case 'READ':
    case 'EDIT':
    case 'END':
      return managesMembersOf(ctx, membership?.entityId);
  }
};
