import { API, TokenResponseSchema, type TokenResponse } from '@union/contract';
import { api } from '../../../lib/api-client';
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

function postGrant(form: URLSearchParams): Promise<TokenResponse> {
  return api.post(API.auth.token, form, {
    schema: TokenResponseSchema,
    auth: false,
    headers: {
      Authorization: `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
}
