import { useMutation } from '@tanstack/react-query';
import { API, type PasswordChange } from '@union/contract';
import { api } from '../../../lib/api-client';

/** POST /api/user/password: the new password in `data`, the current one in `actuel`. */
export function changePassword(body: PasswordChange): Promise<void> {
  return api.post(API.users.password, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
