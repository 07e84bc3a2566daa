/**
 * Who may do what on user accounts: administrators (ADMIN) on everyone; lodge managers (LOGE) may only
 * search the active members of their entities (or one account by its exact e-mail), to add them to their
 * entities. Nobody may lock themselves out.
 */
import type { UserAction } from '@union/contract';
import { authorize, hasHabilitation, type Caller } from '../../lib/authorize';
import { userMachine } from './machine';

export interface UserFacts {
  id: number;
  etat: 'A' | 'I' | 'S';
  anonymizedAt: Date | null;
  passwordHash: string | null;
}

export const usersPolicy = {
  /** Administration calls: 403 without ADMIN. */
  administer(caller: Caller): void {
    authorize(hasHabilitation(caller, 'ADMIN'));
  },

  /**
   * The search: ADMIN searches everyone; LOGE only active members of the entities they manage, plus the
   * active account whose e-mail is exactly the text (to add someone from elsewhere); 403 otherwise.
   */
  search(caller: Caller): void {
    authorize(hasHabilitation(caller, 'ADMIN') || hasHabilitation(caller, 'LOGE'));
  },

  /** Whether the search is limited (lodge managers looking for a member to add). */
  searchLimitedToActive: (caller: Caller) => !hasHabilitation(caller, 'ADMIN'),

  /** The actions the caller may take on the user now, in the order the screen shows them. */
  actions(caller: Caller, user: UserFacts): UserAction[] {
    if (!hasHabilitation(caller, 'ADMIN')) return [];
    const self = caller.id === user.id;
    const anonymised = user.anonymizedAt !== null;
    const allowed: UserAction[] = [];
    if (!anonymised) allowed.push('EDIT');
    if (!anonymised && userMachine.can(user.etat, 'ACTIVATE')) allowed.push('ACTIVATE');
    if (!self && userMachine.can(user.etat, 'DEACTIVATE')) allowed.push('DEACTIVATE');
    if (!self && userMachine.can(user.etat, 'DELETE')) allowed.push('DELETE');
    if (!anonymised && userMachine.can(user.etat, 'ANONYMISE')) allowed.push('ANONYMISE');
    if (user.etat === 'A' && user.passwordHash === null) allowed.push('INVITE');
    return allowed;
  },
};
