/**
 * The one paths object (`API` of the contract): the server registers exactly its patterns, no route outside
 * it and no pattern it does not serve; and `pathTo` fills a pattern the way the server's router reads it.
 */
import { API, pathTo } from '@union/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

const registered = new Set<string>();
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { onRoute: (route: RouteOptions) => void registered.add(route.url) });
});
afterAll(() => t.close());

const patterns = Object.values(API).flatMap((group) => Object.values(group) as string[]);

/** What the app serves besides the calls: the OpenAPI pages and the web application's files. */
const isOutsideTheCalls = (url: string) =>
  url.startsWith('/api/docs') || !/^\/(api|oauth|simulateur)/.test(url);

describe('the paths object', () => {
  it('names every route the server registers, and the server registers every path it names', () => {
    const calls = [...registered].filter((url) => !isOutsideTheCalls(url));
    expect(calls.filter((url) => !patterns.includes(url))).toEqual([]);
    expect(patterns.filter((pattern) => !registered.has(pattern))).toEqual([]);
  });

  it('declares each path once', () => {
    expect(patterns.filter((pattern, i) => patterns.indexOf(pattern) !== i)).toEqual([]);
  });
});

describe('pathTo', () => {
  it('fills each parameter, URI-encoded, and leaves a path without parameters as it is', () => {
    expect(pathTo(API.restaurant.order, { id: 12, commandeId: 7 })).toBe('/api/repas/12/commande/7');
    expect(pathTo(API.documents.produced, { name: 'état 1/2.pdf' })).toBe('/api/files/%C3%A9tat%201%2F2.pdf');
    expect(pathTo(API.calendar.building, { jeton: 'abc' })).toBe('/api/calendrier/abc/batiment.ics');
    expect(pathTo(API.users.search, {})).toBe('/api/user/search');
  });

  it('adds the query string, leaving out absent and empty values', () => {
    expect(pathTo(API.imports.userImport, {}, { idEntite: 3, dryRun: false })).toBe(
      '/api/user/import?idEntite=3&dryRun=false',
    );
    expect(pathTo(API.mail.outbox, {}, { destinataire: '', statut: undefined, du: null })).toBe(
      '/api/admin/emails',
    );
  });

  it('reaches the route the server registered under the pattern', async () => {
    const { aUser } = builders(t);
    const admin = await aUser({ habilitations: ['USER', 'ADMIN'] });
    const member = await aUser({ nom: 'Durand' });
    const url = pathTo(API.users.infos, { id: member.id });
    const response = await t.call({ method: 'GET', url, token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ nom: string }>().nom).toBe('Durand');
  });
});
