/** The account's second factor and sessions (issue 22). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_CALLS, SECOND_FACTOR_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

const STATUS_KEY = ['second-factor'];
const SESSIONS_KEY = ['sessions'];

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api.call(SECOND_FACTOR_CALLS.status),
  });
}

/**
 * The same, for the portal's reminder: a failure says nothing there (the account page says it), and its
 * key is under the status's, so an enrolment refreshes it too.
 */
export function useSecondFactorReminderStatus() {
  return useQuery({
    queryKey: [...STATUS_KEY, 'reminder'],
    queryFn: () => api.call(SECOND_FACTOR_CALLS.status),
    meta: { handlesErrors: true },
  });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => api.call(SECOND_FACTOR_CALLS.startEnrolment),
  });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(SECOND_FACTOR_CALLS.confirmEnrolment, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.call(AUTH_CALLS.sessions),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(AUTH_CALLS.endSession, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
