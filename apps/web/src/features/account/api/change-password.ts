import { useMutation } from '@tanstack/react-query';
import { USER_CALLS, type PasswordChange } from '@union/contract';
import { api } from '../../../lib/api-client';

/** POST /api/user/password: the new password in `data`, the current one in `actuel`. */
export function changePassword(body: PasswordChange): Promise<void> {
  return api.call(USER_CALLS.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
