/**
 * The contract schemas of the answers the login page reads. Loaded with the first sign-in, not with the
 * login page: they bring the validation library, and the page's first load keeps its 200 KB budget
 * (test/bundle.test.ts). Only imported dynamically, through {@link lazySchema}.
 */
export {
  TokenResponseSchema,
  TotpEnrolmentSchema,
  UserInfoSchema,
  WebauthnOptionsSchema,
} from '@union/contract';
