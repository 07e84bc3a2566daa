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

/** After the current password (a wrong one is said in the dialog): a new secret to scan. */
export function useStartTotp() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (motDePasse: string) =>
      api.call(SECOND_FACTOR_CALLS.startEnrolment, { body: { motDePasse } }),
  });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(SECOND_FACTOR_CALLS.confirmEnrolment, { body: { code } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: STATUS_KEY });
      // The sessions opened before the factor are now told apart.
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.call(AUTH_CALLS.sessions),
  });
}

/** Ends the sessions opened before the second factor, but this one; answers how many. */
export function useEndSessionsBeforeSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(AUTH_CALLS.endSessionsBeforeSecondFactor),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(AUTH_CALLS.endSession, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
