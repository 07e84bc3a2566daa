/**
 * The table of calls (`CALLS` of the contract) and the server agree: every call is registered once, with
 * its method and path, and its schemas bind the handler (the type-level cases below fail the typecheck if
 * the binding ever stops holding).
 */
import { API, CALLS, type Call } from '@union/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../src/lib/route';
import type { App } from '../src/types';
import { createTestContext, type TestContext } from './helpers';

const registered: string[] = [];
/** The routes registered through `route` (lib/route.ts), from their call. */
const fromTable = new Set<string>();
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { onRoute: collect });
});
afterAll(() => t.close());

function collect(r: RouteOptions) {
  registered.push(...keysOf(r));
  if (r.config?.fromTable) for (const key of keysOf(r)) fromTable.add(key);
}

/** "GET /api/x" for each method of a route, Fastify's own HEAD routes aside. */
function keysOf(r: RouteOptions): string[] {
  const methods = Array.isArray(r.method) ? r.method : [r.method];
  return methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url}`);
}

const calls: { name: string; call: Call }[] = Object.entries(CALLS).flatMap(([group, table]) =>
  Object.entries(table).map(([name, call]) => ({ name: `${group}.${name}`, call: call as Call })),
);
const keyOf = (call: Call) => `${call.method} ${call.path}`;

describe('the table of calls', () => {
  it('names each method and path once', () => {
    const keys = calls.map(({ call }) => keyOf(call));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('is registered by the server, each call exactly once', () => {
    const missing = calls.filter(({ call }) => !registered.includes(keyOf(call))).map(({ name }) => name);
    const twice = calls
      .filter(({ call }) => registered.filter((key) => key === keyOf(call)).length > 1)
      .map(({ name }) => name);
    expect({ missing, twice }).toEqual({ missing: [], twice: [] });
  });

  it('is how those routes are registered: through `route`, from the call', () => {
    expect(calls.filter(({ call }) => !fromTable.has(keyOf(call))).map(({ name }) => name)).toEqual([]);
  });

  it('covers every route of the API', () => {
    const inTable = new Set(calls.map(({ call }) => keyOf(call)));
    const api = registered.filter(
      (key) => /^\w+ \/(api|oauth|metrics)/.test(key) && !key.includes('/api/docs'),
    );
    const outside = api.filter((key) => !inTable.has(key));
    expect(outside).toEqual([]);
  });

  it('points at paths of the specification (`API`), never at a path of its own', () => {
    const paths = new Set(Object.values(API).flatMap((group) => Object.values(group) as string[]));
    expect(calls.filter(({ call }) => !paths.has(call.path)).map(({ name }) => name)).toEqual([]);
  });
});

/**
 * Type-level cases, never run: a handler that reads a body field the call does not have, or answers a
 * shape its response schema refuses, does not compile.
 */
export function bindingCases(app: App) {
  route(app, CALLS.messages.update, {}, async (request) => {
    // @ts-expect-error -- the body of PUT /api/diffusion has no such field
    void request.body.noSuchField;
    // @ts-expect-error -- the message's id is a number
    const id: string = request.body.id;
    throw new Error(id);
  });
  route(app, CALLS.settings.rooms, {}, async (request, reply) => {
    // @ts-expect-error -- GET /api/parametres/salles has no path parameter
    void request.params.id;
    return reply.send([]);
  });
  // @ts-expect-error -- the answer of PUT /api/diffusion is a message, not a string
  route(app, CALLS.messages.update, {}, async () => 'not a message');
}
