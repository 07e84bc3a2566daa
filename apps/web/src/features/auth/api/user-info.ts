import { API, type UserInfo, UserInfoSchema } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/user/info: who the token belongs to and what they may do. */
export function fetchUserInfo(): Promise<UserInfo> {
  return api.get(API.auth.userInfo, { schema: UserInfoSchema });
}
