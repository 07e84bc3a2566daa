/**
 * Sign-in (specification §4 "Login"): token, then user info; only holders of USER stay signed in.
 */
import { useMutation } from '@tanstack/react-query';
import {
  API,
  type SECOND_FACTOR_CALLS,
  type TokenResponse,
  type TotpEnrolment,
  type UserInfo,
} from '@union/contract';
import { ApiError, api, lazySchema } from '../../../lib/api-client';
import { clearSession, setUserInfo, startSession } from '../../../lib/session';
import { revokeToken } from './revoke-token';
import { requestSecondStep, requestToken, type Credentials } from './request-token';
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

/** The second step the password step asked for: its kind and the token to send back with the code. */
export interface SecondStep {
  kind: 'mfa_required' | 'mfa_enrolment_required';
  mfaToken: string;
  message: string;
  /** The factors the account can give: an authenticator's code, a passkey, a recovery code. */
  facteurs: ('totp' | 'cle_acces' | 'code_secours')[];
}

/** The second step a sign-in failure asks for, or null. */
export function secondStepOf(error: unknown): SecondStep | null {
  if (!(error instanceof ApiError) || !error.isSecondFactorAsked || !error.body.mfa_token) return null;
  return {
    kind: error.body.error as SecondStep['kind'],
    mfaToken: error.body.mfa_token,
    message: error.body.error_description ?? error.body.message ?? '',
    facteurs: error.body.facteurs ?? ['totp'],
  };
}

export async function signIn(credentials: Credentials): Promise<UserInfo> {
  return openSession(await requestToken(credentials));
}

/** The second step: the code (or a recovery code); answers the recovery codes of an enrolment, once. */
export async function signInSecondStep(input: {
  mfaToken: string;
  otp: string;
}): Promise<{ info: UserInfo; codes: string[] | undefined }> {
  const token = await requestSecondStep(input.mfaToken, input.otp);
  return { info: await openSession(token), codes: token.codes_secours };
}

/** The enrolment a sign-in requires: the secret and its QR code (POST /oauth/second-facteur/totp). */
export function startRequiredEnrolment(mfaToken: string): Promise<TotpEnrolment> {
  return api.lazyCall<typeof SECOND_FACTOR_CALLS.requiredEnrolment>(
    { method: 'POST', path: API.secondFactor.enrolment },
    lazySchema(() => import('../../../lib/sign-in-schemas').then((m) => m.TotpEnrolmentSchema)),
    { body: { mfa_token: mfaToken }, auth: false },
  );
}

export function useSecondStep() {
  return useMutation({ mutationFn: signInSecondStep });
}

export async function openSession(token: TokenResponse): Promise<UserInfo> {
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
