/** The account's second factor and sessions (issue 22). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  SessionListSchema,
  TotpEnrolmentSchema,
  pathTo,
} from '@union/contract';
import { api } from '../../../lib/api-client';

const STATUS_KEY = ['second-factor'];
const SESSIONS_KEY = ['sessions'];

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api.get(API.secondFactor.mine, { schema: SecondFactorStatusSchema }),
  });
}

/**
 * The same, for the portal's reminder: a failure says nothing there (the account page says it), and its
 * key is under the status's, so an enrolment refreshes it too.
 */
export function useSecondFactorReminderStatus() {
  return useQuery({
    queryKey: [...STATUS_KEY, 'reminder'],
    queryFn: () => api.get(API.secondFactor.mine, { schema: SecondFactorStatusSchema }),
    meta: { handlesErrors: true },
  });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => api.post(API.secondFactor.totp, undefined, { schema: TotpEnrolmentSchema }),
  });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.put(API.secondFactor.totp, { code }, { schema: RecoveryCodesSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.get(API.auth.sessions, { schema: SessionListSchema }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(pathTo(API.auth.session, { id })),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
