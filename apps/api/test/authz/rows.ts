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
 *
 * Acting parameters (issue 17). A query parameter or a body field that changes what a call does (an
 * amount, a balance, a state, an owner, a « for someone else » id) is a permission of its own: a member
 * may pay their order, but not state their card's balance while doing it. Each one is declared on the
 * rows that send it, and so are tried as every role:
 *
 *   {
 *     route: 'POST /api/repas/:id/commande/:commandeId/payer/:moyen',
 *     scope: "membre's order by card, with a card-read balance",
 *     tries: ['query.solde'],                             // what this row sends that acts
 *     request: async (w) => ({ url: `…/payer/C?solde=5000`, watch: () => ledgerOf(w, …) }),
 *     expect: menus(200),                                 // the order's owner included: 403
 *   }
 *
 * `watch` (on the request) reads what the call would change: for every refused answer (4xx) the matrix
 * reads it before and after the call and fails if it moved (a refused request writes nothing).
 *
 * The matrix then reads every registered route's schema (test/authz/parameters.ts): each querystring key
 * and each body field whose name says it acts (ACTING_FIELD there: amounts, balances, states, owners,
 * on-behalf ids, rights) must be tried by a row of its route (`tries`), or be listed in PLAIN_PARAMETERS
 * with a one-line reason (a filter, a page, a format). A parameter neither tried nor listed fails,
 * naming the route and the parameter; so does a `tries` or a PLAIN entry the route does not read.
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
  /** Reads what the call would change: a refused answer (4xx) must leave it as it was. */
  watch?: () => Promise<unknown>;
};

export interface AuthzRow {
  /** `METHOD /url/:param` exactly as Fastify registered it. */
  route: string;
  /** The situation the row tests, shown in failures: « own lodge », « other lodge »… */
  scope?: string;
  request: (w: World, role: Role) => AuthzRequest | Promise<AuthzRequest>;
  expect: Record<Role, number>;
  /** The acting parameters this row sends, as `query.<name>` or `body.<path>` (see above). */
  tries?: string[];
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
