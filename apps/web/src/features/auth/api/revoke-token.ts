import { useQueryClient } from '@tanstack/react-query';
import { API, type AUTH_CALLS } from '@union/contract';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { clearSession, getAccessToken } from '../../../lib/session';

/** DELETE /oauth/token: revokes the token on the server. A failure does not keep anyone signed in. */
export async function revokeToken(): Promise<void> {
  if (!getAccessToken()) return;
  await api
    .lazyCall<typeof AUTH_CALLS.signOut>({ method: 'DELETE', path: API.auth.token }, undefined)
    .catch(() => undefined);
}

/** Logout: revoke, forget the session and the cached data, back to the landing page. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await revokeToken();
    clearSession();
    queryClient.clear();
    await navigate('/');
  };
}
