/**
 * Sign-in (specification §4 "Login"): token, then user info; only holders of USER stay signed in.
 */
import { useMutation } from '@tanstack/react-query';
import type { UserInfo } from '@union/contract';
import { ApiError } from '../../../lib/api-client';
import { clearSession, setUserInfo, startSession } from '../../../lib/session';
import { revokeToken } from './revoke-token';
import { requestToken, type Credentials } from './request-token';
import { fetchUserInfo } from './user-info';

/**
 * A user without USER is refused like a wrong password: the same invalid_grant, which the global error
 * handler leaves to the form ("Authentification impossible").
 */
function refused(): ApiError {
  return new ApiError(400, { error: 'invalid_grant', message: 'Authentification impossible' });
}

/** Whether a sign-in failure is a refusal the form reports itself. */
export function isSignInRefused(error: unknown): boolean {
  return error instanceof ApiError && error.isInvalidGrant;
}

export async function signIn(credentials: Credentials): Promise<UserInfo> {
  const token = await requestToken(credentials);
  startSession(token.access_token, token.expires_in);
  let info: UserInfo;
  try {
    info = await fetchUserInfo();
  } catch (error) {
    clearSession();
    throw error;
  }
  if (!info.habilitations.includes('USER')) {
    await revokeToken();
    clearSession();
    throw refused();
  }
  setUserInfo(info);
  return info;
}

export function useSignIn() {
  // The global handler leaves invalid_grant to the form; other failures (network, server) show its modal.
  return useMutation({ mutationFn: signIn });
}
