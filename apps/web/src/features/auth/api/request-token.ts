import { API, type TokenResponse } from '@union/contract';
import { api, lazySchema } from '../../../lib/api-client';
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET } from '../../../lib/config';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * POST /oauth/token with the password grant: form-encoded (URLSearchParams URI-encodes the password, as
 * the specification §5 asks), HTTP Basic client credentials, no bearer.
 */
export function requestToken({ username, password }: Credentials): Promise<TokenResponse> {
  return postGrant(new URLSearchParams({ grant_type: 'password', username, password }));
}

/** The second step (issue 22): the `mfa_token` of the password step and a code. */
export function requestSecondStep(mfaToken: string, otp: string): Promise<TokenResponse> {
  return postGrant(new URLSearchParams({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp }));
}

/**
 * The grants with a passkey (issue 22): `mfa_webauthn` (second step, with the `mfa_token`) or `passkey`
 * (alone); the assertion is the browser's response, as JSON.
 */
export function requestPasskeyGrant(assertion: unknown, mfaToken?: string): Promise<TokenResponse> {
  const json = JSON.stringify(assertion);
  return postGrant(
    new URLSearchParams(
      mfaToken
        ? { grant_type: 'mfa_webauthn', mfa_token: mfaToken, assertion: json }
        : { grant_type: 'passkey', assertion: json },
    ),
  );
}

function postGrant(form: URLSearchParams): Promise<TokenResponse> {
  return api.post(API.auth.token, form, {
    schema: lazySchema(() => import('../../../lib/sign-in-schemas').then((m) => m.TokenResponseSchema)),
    auth: false,
    headers: {
      Authorization: `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
}
