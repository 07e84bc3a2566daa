/**
 * One policy for entities and their memberships: administrators (ADMIN) on every entity; lodge
 * managers (LOGE) only on the entities where they hold a current `gestion` membership. The screen's
 * choices never matter: every call checks here (403 otherwise).
 */
import type { EntityAction } from '@union/contract';
import { authorize, hasHabilitation, type Caller } from '../../lib/authorize';
import { membershipMachine, membershipState, type MembershipAction } from './machine';

/**
 * Whether the caller may manage the members of an entity they do (or do not) manage: the one rule for
 * memberships, the member import and the members export.
 */
export const canManageMembers = (caller: Caller, managesEntity: boolean) =>
  hasHabilitation(caller, 'ADMIN') || (hasHabilitation(caller, 'LOGE') && managesEntity);

export const entitiesPolicy = {
  canManageMembers,

  /** Creating and editing entities: ADMIN only. */
  administer(caller: Caller): void {
    authorize(hasHabilitation(caller, 'ADMIN'));
  },

  /** Reading an entity's page, members and history, and changing its memberships. */
  manageMembers(caller: Caller, managesEntity: boolean): void {
    authorize(canManageMembers(caller, managesEntity));
  },

  /** Listing a user's memberships: ADMIN sees all, LOGE only those of the entities they manage. */
  listUserMemberships(caller: Caller): void {
    authorize(hasHabilitation(caller, 'ADMIN') || hasHabilitation(caller, 'LOGE'));
  },

  entityActions(caller: Caller, managesEntity: boolean): EntityAction[] {
    const actions: EntityAction[] = [];
    if (hasHabilitation(caller, 'ADMIN')) actions.push('EDIT');
    if (canManageMembers(caller, managesEntity)) actions.push('MEMBERS', 'HISTORY');
    return actions;
  },

  /** What the caller may do with a membership: nothing outside the entities they manage, else the machine's. */
  membershipActions(
    caller: Caller,
    managesEntity: boolean,
    membership: { fin: string | null },
    today: string,
  ): MembershipAction[] {
    if (!canManageMembers(caller, managesEntity)) return [];
    return membershipMachine.actionsFrom(membershipState(membership, today));
  },
};
