import { API, type TokenResponse } from '@union/contract';
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
  const form = new URLSearchParams({ grant_type: 'password', username, password });
  return api.post<TokenResponse>(API.auth.token, form, {
    auth: false,
    headers: {
      Authorization: `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
}
