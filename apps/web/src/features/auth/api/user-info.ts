import { API, type UserInfo } from '@union/contract';
import { api, lazySchema } from '../../../lib/api-client';

/** GET /api/user/info: who the token belongs to and what they may do. */
export function fetchUserInfo(): Promise<UserInfo> {
  return api.get(API.auth.userInfo, {
    schema: lazySchema(() => import('../../../lib/sign-in-schemas').then((m) => m.UserInfoSchema)),
  });
}
