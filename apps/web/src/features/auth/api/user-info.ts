import { API, type AUTH_CALLS, type UserInfo } from '@union/contract';
import { api, lazySchema } from '../../../lib/api-client';

/** GET /api/user/info: who the token belongs to and what they may do. */
export function fetchUserInfo(): Promise<UserInfo> {
  return api.lazyCall<typeof AUTH_CALLS.userInfo>(
    { method: 'GET', path: API.auth.userInfo },
    lazySchema(() => import('../../../lib/sign-in-schemas').then((m) => m.UserInfoSchema)),
  );
}
