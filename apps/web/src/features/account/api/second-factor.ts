/** The account's second factor and sessions (issue 22). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  SessionListSchema,
  SessionsEndedSchema,
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

/** After the current password (a wrong one is said in the dialog): a new secret to scan. */
export function useStartTotp() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (motDePasse: string) =>
      api.post(API.secondFactor.totp, { motDePasse }, { schema: TotpEnrolmentSchema }),
  });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.put(API.secondFactor.totp, { code }, { schema: RecoveryCodesSchema }),
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
    queryFn: () => api.get(API.auth.sessions, { schema: SessionListSchema }),
  });
}

/** Ends the sessions opened before the second factor, but this one; answers how many. */
export function useEndSessionsBeforeSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete(API.auth.sessionsBeforeSecondFactor, undefined, { schema: SessionsEndedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(pathTo(API.auth.session, { id })),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
