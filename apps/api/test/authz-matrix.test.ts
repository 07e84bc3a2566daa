/**
 * The authorization matrix: every route Fastify registers, for every demo role and for records of the
 * caller's own lodge and of another lodge, answers the status its row expects (test/authz/*.ts; the
 * format is in test/authz/rows.ts). A route without a row fails the test, naming the route.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { ALL_ROWS } from './authz';
import { ROLES, type AuthzRow } from './authz/rows';
import { buildWorld, type World } from './authz/world';

const registered: string[] = [];
let t: TestContext;
let w: World;

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) registered.push(`${method} ${route.url}`);
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
  t = await createTestContext({}, { onRoute: collect });
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

  it.each(ALL_ROWS.map((row) => [`${row.route}${row.scope ? ` (${row.scope})` : ''}`, row] as const))(
    '%s',
    async (_name, row: AuthzRow) => {
      const [method] = row.route.split(' ') as [AuthzRow['route'] & string];
      const failures: string[] = [];
      for (const role of ROLES) {
        const { token, ...request } = await row.request(w, role);
        const response = await t.call({
          ...request,
          method: method as never,
          token: token === null ? undefined : (token ?? (role === 'anonymous' ? undefined : w.tokens[role])),
        });
        const expected = row.expect[role];
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
