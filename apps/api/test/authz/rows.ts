/**
 * The format of the authorization matrix (test/authz-matrix.test.ts). Each module has its own file in
 * test/authz/ exporting `rows: AuthzRow[]`, listed once in test/authz/index.ts; the matrix test fails for
 * any route Fastify registers that no row names, and for any row naming a route that no longer exists.
 *
 * A row is one route in one situation (`scope`: own lodge, other lodge, …) with the status every role
 * must get:
 *
 *   {
 *     route: 'GET /api/entite/:id/appartenances',       // method and URL exactly as registered
 *     scope: 'other lodge',
 *     request: (w) => ({ url: `/api/entite/${w.otherLodge}/appartenances` }),
 *     expect: allow({ admin: 200 }),                      // anonymous 401, every other role 403
 *   }
 *
 * `request` is called once per role, so a call that changes something builds its own records there
 * (`w.fresh.…`) and rows never depend on the order they run in. `check` looks at a 2xx answer's body
 * when the status alone does not prove the rule (a list that must hold only the caller's entities).
 */
import type { Response } from 'light-my-request';
import type { Call } from '../helpers';
import type { World } from './world';

/** The demo roles of README.md, plus a caller without a token. */
export const ROLES = [
  'anonymous',
  'admin',
  'secretariat',
  'tresorier',
  'restaurant',
  'venerable',
  'membre',
] as const;
export type Role = (typeof ROLES)[number];
export type SignedRole = Exclude<Role, 'anonymous'>;

/** What a row sends: the method comes from the route; the role's token unless `token` says otherwise. */
export type AuthzRequest = Omit<Call, 'method' | 'token'> & {
  /** `null`: no token; a string: this token instead of the role's (a call that revokes it). */
  token?: string | null;
};

export interface AuthzRow {
  /** `METHOD /url/:param` exactly as Fastify registered it. */
  route: string;
  /** The situation the row tests, shown in failures: « own lodge », « other lodge »… */
  scope?: string;
  request: (w: World, role: Role) => AuthzRequest | Promise<AuthzRequest>;
  expect: Record<Role, number>;
  /** For a 2xx answer: returns what is wrong with the body, or nothing. */
  check?: (response: Response, w: World, role: Role) => string | undefined | Promise<string | undefined>;
}

/** Public: every caller, signed in or not, gets `status`. */
export const everyone = (status: number): Record<Role, number> =>
  Object.fromEntries(ROLES.map((role) => [role, status])) as Record<Role, number>;

/** Any signed-in user gets `status`; no token is 401. */
export const signedIn = (status: number): Record<Role, number> => ({ ...everyone(status), anonymous: 401 });

/** The roles named get their status; no token is 401; every other role is 403. */
export const allow = (allowed: Partial<Record<SignedRole, number>>): Record<Role, number> => ({
  ...everyone(403),
  anonymous: 401,
  ...allowed,
});
