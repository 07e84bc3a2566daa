import { API, type UserInfo } from '@union/contract';
import { api } from '../../../lib/api-client';

/** GET /api/user/info: who the token belongs to and what they may do. */
export function fetchUserInfo(): Promise<UserInfo> {
  return api.get<UserInfo>(API.auth.userInfo);
}
