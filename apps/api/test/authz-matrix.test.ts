/**
 * The authorization matrix: every route Fastify registers, for every demo role and for records of the
 * caller's own lodge and of another lodge, answers the status its row expects (test/authz/*.ts; the
 * format is in test/authz/rows.ts). A route without a row fails the test, naming the route; so does a
 * parameter that acts (test/authz/parameters.ts) without a row trying it as every role, and a refused
 * call that changed what its row watches.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { ALL_ROWS } from './authz';
import { PLAIN_PARAMETERS, parametersOf } from './authz/parameters';
import { ROLES, type AuthzRow } from './authz/rows';
import { buildWorld, type World } from './authz/world';

const registered: string[] = [];
/** `METHOD /url` → the parameters the route reads that must be tried or listed (parameters.ts). */
const parameters = new Map<string, string[]>();
let t: TestContext;
let w: World;

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    registered.push(`${method} ${route.url}`);
    if (method !== 'HEAD') parameters.set(`${method} ${route.url}`, parametersOf(route));
  }
}

/** The routes as Fastify registered them, less the HEAD twin Fastify adds to a GET (it answers like it). */
function routes(): string[] {
  const isTwin = (route: string) => {
    if (!route.startsWith('HEAD ')) return false;
    const url = route.slice(5);
    return registered.includes(`GET ${url}`) || registered.includes(`GET ${url.replace(/\/$/, '')}`);
  };
  return [...new Set(registered.filter((route) => !isTwin(route)))];
}

beforeAll(async () => {
  // One connection on either engine: a route asking for a second one inside its transaction fails here.
  t = await createTestContext({}, { onRoute: collect, oneConnection: true });
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has a row for every route the app registers, and no row for a route it does not', () => {
    const covered = new Set(ALL_ROWS.map((row) => row.route));
    const missing = routes().filter((route) => !covered.has(route));
    const stale = [...covered].filter((route) => !routes().includes(route));
    expect(missing.map((route) => `${route} has no row: add one to apps/api/test/authz/<module>.ts`)).toEqual(
      [],
    );
    expect(stale.map((route) => `a row names ${route}, which the app does not register`)).toEqual([]);
  });

  it('tries every acting parameter of every route as every role, or lists it as plain with a reason', () => {
    const tried = new Set(ALL_ROWS.flatMap((row) => (row.tries ?? []).map((p) => `${row.route} ${p}`)));
    const read = new Set([...parameters].flatMap(([route, names]) => names.map((p) => `${route} ${p}`)));
    const untried = [...read].filter((p) => !tried.has(p) && !(p in PLAIN_PARAMETERS));
    expect(
      untried.map(
        (p) =>
          `${p} is neither tried nor plain: add a row with \`tries\` to apps/api/test/authz/<module>.ts, or a reason to PLAIN_PARAMETERS (authz/parameters.ts)`,
      ),
    ).toEqual([]);
    const unknown = [...tried, ...Object.keys(PLAIN_PARAMETERS)].filter((p) => !read.has(p));
    expect(unknown.map((p) => `${p} is declared, but the route does not read it`)).toEqual([]);
    const both = [...tried].filter((p) => p in PLAIN_PARAMETERS);
    expect(both.map((p) => `${p} is both tried and listed as plain: keep one`)).toEqual([]);
  });

  it.each(ALL_ROWS.map((row) => [`${row.route}${row.scope ? ` (${row.scope})` : ''}`, row] as const))(
    '%s',
    async (_name, row: AuthzRow) => {
      const [method] = row.route.split(' ') as [AuthzRow['route'] & string];
      const failures: string[] = [];
      for (const role of ROLES) {
        const { token, watch, ...request } = await row.request(w, role);
        const before = watch ? JSON.stringify(await watch()) : undefined;
        const response = await t.call({
          ...request,
          method: method as never,
          token: token === null ? undefined : (token ?? (role === 'anonymous' ? undefined : w.tokens[role])),
        });
        const expected = row.expect[role];
        if (watch && response.statusCode >= 400) {
          const after = JSON.stringify(await watch());
          if (after !== before) failures.push(`${role}: refused (${response.statusCode}) but wrote ${after}`);
        }
        if (response.statusCode !== expected) {
          failures.push(
            `${role}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
          continue;
        }
        if (row.check && response.statusCode < 300) {
          const problem = await row.check(response, w, role);
          if (problem) failures.push(`${role}: ${problem}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
