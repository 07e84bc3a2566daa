import { useQuery } from '@tanstack/react-query';
import { USER_CALLS, type Account } from '@union/contract';
import { api } from '../../../lib/api-client';

export const ACCOUNT_KEY = ['user', 'compte'] as const;

/** GET /api/user/compte: the signed-in user's own account. */
function fetchAccount(): Promise<Account> {
  return api.call(USER_CALLS.account);
}

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount });
}
