/**
 * Who may do what on user accounts: administrators (ADMIN) on everyone; lodge managers (LOGE) may only
 * search the active members of their entities (or one account by its exact e-mail), to add them to their
 * entities. Nobody may lock themselves out. One pure `may`, tested as a table; the calls that name no
 * account (the search, the administration pages) are actions on no record.
 */
import type { UserAction, UserState } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface UsersPolicyContext {
  caller: Caller;
}

/** The users module needs nothing beyond the caller. */
export const usersPolicyContext = ({ caller }: { caller: Caller }): UsersPolicyContext => ({ caller });

/** The fields of an account the rules read. */
export interface UserFacts {
  id: number;
  etat: UserState;
  anonymizedAt: Date | null;
  passwordHash: string | null;
}

/**
 * The actions on an account (the screen's buttons) and the calls on no account: ADMINISTER (the
 * administration calls), SEARCH (the user search, whole or limited) and SEARCH_ALL (the search over
 * every account, with every column).
 */
export type UserPolicyAction = UserAction | 'ADMINISTER' | 'SEARCH' | 'SEARCH_ALL';

export const may: May<UsersPolicyContext, UserFacts | null, UserPolicyAction> = (
  { caller },
  action,
  user,
) => {
  const admin = hasHabilitation(caller, 'ADMIN');
  // An anonymised account is kept for the counts and the history only: nothing more is done to it.
  const anonymised = user?.anonymizedAt != null;
  switch (action) {
    case 'ADMINISTER':
    case 'SEARCH_ALL':
      return admin;
    case 'SEARCH':
      return admin || hasHabilitation(caller, 'LOGE');
    case 'EDIT':
    case 'ACTIVATE':
    case 'ANONYMISE':
    case 'ADD_MEMBERSHIP':
      return admin && user !== null && !anonymised;
    case 'DEACTIVATE':
    case 'DELETE':
      return admin && user !== null && user.id !== caller.id;
    case 'INVITE':
      // Only someone who has not chosen a password yet is waiting for an invitation.
      return admin && user !== null && user.passwordHash === null;
  }
};
