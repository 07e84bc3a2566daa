/**
 * Who may import into or export the members of an entity: the same rule as the entity memberships.
 * Administrators (ADMIN) on any entity; lodge managers (LOGE) only on the entities where they hold a
 * current membership with `gestion` (DECISIONS §1). The screen never decides this: the server does.
 */
import { hasHabilitation, type Caller } from '../../lib/authorize';
import { canManageMembers } from '../entities/policy';

export const importsPolicy = {
  /** Whether the caller could manage members of some entity at all (before looking at which one). */
  mayManageAnyMembers(caller: Caller): boolean {
    return hasHabilitation(caller, 'ADMIN') || hasHabilitation(caller, 'LOGE');
  },

  /** Whether the caller may import into, or export the members of, an entity they do or do not manage. */
  mayManageMembersOf(caller: Caller, managesEntity: boolean): boolean {
    return canManageMembers(caller, managesEntity);
  },

  /**
   * Whether an import may change the name and telephone of an account that already exists. A lodge
   * manager may not: the account may belong to members of other lodges too.
   */
  mayEditIdentity(caller: Caller): boolean {
    return hasHabilitation(caller, 'ADMIN');
  },
};
