import { useMutation } from '@tanstack/react-query';
import { API, type AUTH_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

/** PATCH /api/user/password (public): asks for a reset link; the server answers the same for any address. */
export function requestPasswordReset(email: string): Promise<void> {
  return api.lazyCall<typeof AUTH_CALLS.requestPasswordReset>(
    { method: 'PATCH', path: API.users.password },
    undefined,
    { body: { data: email }, auth: false },
  );
}

export function useRequestPasswordReset() {
  // The page shows its own "service inaccessible" alert instead of the error modal.
  return useMutation({ mutationFn: requestPasswordReset, meta: { handlesErrors: true } });
}
