import { useMutation } from '@tanstack/react-query';
import { API, type AUTH_CALLS, type PasswordReset } from '@union/contract';
import { api } from '../../../lib/api-client';

/** POST /api/user/password/reinitialiser (public): sets the password chosen through an e-mailed link. */
export function resetPassword(body: PasswordReset): Promise<void> {
  return api.lazyCall<typeof AUTH_CALLS.resetPassword>(
    { method: 'POST', path: API.auth.passwordReset },
    undefined,
    { body, auth: false },
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
