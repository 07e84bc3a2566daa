/**
 * The OpenAPI document declares, on every operation, the error answers of its route with the one error
 * body and the catalogue's codes (`ERROR_CODES` of the contract) as the `error` enum; and in tests the
 * API answers no error that the catalogue, or the route's operation, does not declare.
 */
import {
  API,
  CALLS,
  ERROR_CODES,
  type Call,
  ERROR_CODE_LIST,
  errorCodesOf,
  type ErrorCode,
  type ErrorCodeEntry,
} from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { AppError, refused } from '../src/lib/errors';
import { createTestContext, freshDatabase, type TestContext } from './helpers';

interface JsonSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}
interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  security?: unknown[];
  components: { schemas: Record<string, JsonSchema> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestContext;
let doc: Document;
let operations: { key: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestContext();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
});
afterAll(() => t.close());

const resolve = (schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`${schema.$ref} is not in the document's components`);
  return target;
};

/** The codes an operation declares for one status, after checking that the answer is the error body. */
function declaredCodes(key: string, operation: Operation, status: string): ErrorCode[] {
  const answer = operation.responses[status];
  expect(answer?.description, `${key} ${status}: description`).toBeTruthy();
  const schema = resolve(answer!.content!['application/json']!.schema);
  // The token request's 400 also carries what its second step needs (issue 31 §7).
  const secondStep = key === 'POST /oauth/token' && status === '400';
  expect(Object.keys(schema.properties ?? {}), `${key} ${status}`).toEqual([
    'status',
    'error',
    'message',
    'details',
    ...(secondStep ? ['error_description', 'mfa_token', 'facteurs'] : []),
  ]);
  expect(schema.required, `${key} ${status}`).toEqual(['status', 'error', 'message']);
  expect(schema.properties!.status!.enum, `${key} ${status}`).toEqual([Number(status)]);
  expect(schema.properties!.message!.type).toBe('string');
  expect(schema.properties!.details!.items!.type).toBe('string');
  const codes = schema.properties!.error!.enum as ErrorCode[];
  expect(codes.length, `${key} ${status}: codes`).toBeGreaterThan(0);
  // Every listed code is the catalogue's, for this very status.
  expect(
    codes.filter((code) => !errorCodesOf(Number(status)).includes(code)),
    `${key} ${status}`,
  ).toEqual([]);
  return codes;
}

describe('the error answers of the OpenAPI document', () => {
  it('lists a good number of operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('documents every call of the table (`CALLS`), the accounting’s included', () => {
    const documented = new Set(operations.map(({ key }) => key));
    const calls = Object.values(CALLS).flatMap((group) => Object.values(group) as Call[]);
    const key = (call: Call) => `${call.method} ${call.path.replace(/:(\w+)/g, '{$1}')}`;
    const hidden = new Set([`GET ${API.operations.metrics}`]);
    expect(calls.map(key).filter((k) => !documented.has(k) && !hidden.has(k))).toEqual([]);
    // The accounting's paths, each served through a call of the table.
    const paths = new Set(calls.map((call) => call.path));
    expect((Object.values(API.compta) as string[]).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('declares on every operation its error answers, each with the error body and its codes', () => {
    for (const { key, operation } of operations) {
      const signedIn = (operation.security ?? doc.security ?? []).some(
        (requirement) => 'bearer' in (requirement as object),
      );
      const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      const expected = ['412', '500', ...(signedIn ? ['401', '403'] : [])];
      if (operation.parameters?.some((p) => p.in === 'path')) expected.push('404');
      expect(errors, key).toEqual(expect.arrayContaining(expected));
      for (const status of errors) declaredCodes(key, operation, status);
    }
  });

  it('declares every code of the catalogue somewhere, and a code of one route only on that route', () => {
    const declaredBy = new Map<ErrorCode, string[]>();
    for (const { key, operation } of operations) {
      for (const status of Object.keys(operation.responses).filter((s) => Number(s) >= 400)) {
        for (const code of declaredCodes(key, operation, status)) {
          declaredBy.set(code, [...(declaredBy.get(code) ?? []), key.replace(/\{(\w+)\}/g, ':$1')]);
        }
      }
    }
    expect(ERROR_CODE_LIST.filter((code) => !declaredBy.has(code))).toEqual([]);
    for (const code of ERROR_CODE_LIST) {
      const only = (ERROR_CODES[code] as ErrorCodeEntry).routes;
      if (only) expect(declaredBy.get(code), code).toEqual([...only]);
    }
    // The sign-in refusal of the specification §8, on the token request.
    expect(declaredBy.get('invalid_grant')).toEqual(['POST /oauth/token']);
  });

  it('every 412 lists the refusals any route may answer', () => {
    const common = errorCodesOf(412).filter((code) => !(ERROR_CODES[code] as ErrorCodeEntry).routes);
    for (const { key, operation } of operations) {
      expect(declaredCodes(key, operation, '412'), key).toEqual(expect.arrayContaining(common));
    }
  });

  it('names the codes and their meaning once, in the description of the document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const description: string = response.json().info.description;
    for (const code of ERROR_CODE_LIST)
      expect(description).toContain(`| \`${code}\` | ${ERROR_CODES[code].status} |`);
  });
});

describe('the catalogue is enforced in tests', () => {
  it('answers a 500 naming it when an error is outside the catalogue or undeclared by its route', async () => {
    const handle = await freshDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }),
      db: handle,
    });
    app.get('/hors-catalogue', { config: { public: true } }, async () => {
      throw new AppError(412, 'code_inconnu' as ErrorCode, 'Refus sans code catalogué.');
    });
    app.get('/mauvais-statut', { config: { public: true } }, async () => {
      throw new AppError(404, 'slot_taken', 'Un code du catalogue avec un autre statut.');
    });
    app.get('/autre-route', { config: { public: true } }, async () => {
      throw refused('ipn_mismatch', 'Un code de la seule notification de paiement.');
    });
    app.get('/non-authentifie', { config: { public: true } }, async () => {
      throw new AppError(401, 'unauthorized', 'Une route publique ne répond pas 401.');
    });
    app.get('/refus', { config: { public: true } }, async () => {
      throw refused('slot_taken', 'Créneau pris.');
    });
    await app.ready();
    try {
      const answer = async (url: string) => {
        const response = await app.inject({ method: 'GET', url });
        return { status: response.statusCode, ...(response.json() as { error: string; message: string }) };
      };
      expect(await answer('/hors-catalogue')).toMatchObject({
        status: 500,
        message: expect.stringContaining('« code_inconnu » absent du catalogue'),
      });
      expect(await answer('/mauvais-statut')).toMatchObject({
        status: 500,
        message: expect.stringContaining('le catalogue dit 412'),
      });
      expect(await answer('/autre-route')).toMatchObject({
        status: 500,
        message: expect.stringContaining('GET /autre-route répond « ipn_mismatch »'),
      });
      expect(await answer('/non-authentifie')).toMatchObject({ status: 500 });
      // A declared refusal goes through unchanged, byte for byte.
      const response = await app.inject({ method: 'GET', url: '/refus' });
      expect(response.statusCode).toBe(412);
      expect(response.body).toBe('{"status":412,"error":"slot_taken","message":"Créneau pris."}');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('what a client needs to know (issue 31 §7)', () => {
  const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  /** The calls made before any session, which plugins/xsrf.ts exempts (`config.noXsrf`). */
  const EXEMPT = [
    'POST /oauth/token',
    'POST /oauth/cle-acces/options',
    'POST /oauth/second-facteur/totp',
    'PATCH /api/user/password',
    'POST /api/user/password/reinitialiser',
    'POST /api/payment/systempay/ipn',
    'POST /api/public/desinscription-documents',
  ];

  it('explains the XSRF cookie and header, and asks for them on every mutating call but the exempt ones', () => {
    const description: string = (doc as unknown as { info: { description: string } }).info.description;
    expect(description).toMatch(/`XSRF-TOKEN`/);
    expect(description).toMatch(/`X-XSRF-TOKEN`/);
    const schemes = (doc.components as unknown as { securitySchemes: Record<string, object> })
      .securitySchemes;
    expect(schemes.xsrfCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'XSRF-TOKEN' });
    expect(schemes.xsrfHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    const asked: string[] = [];
    for (const { key, operation } of operations) {
      const security = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
      const xsrf = security.some((r) => 'xsrfCookie' in r && 'xsrfHeader' in r);
      if (xsrf) asked.push(key);
      if (!MUTATING.has(key.split(' ')[0]!)) expect(xsrf, key).toBe(false);
    }
    const mutating = operations.filter(({ key }) => MUTATING.has(key.split(' ')[0]!));
    expect(asked.length).toBeGreaterThan(50);
    for (const { key } of mutating) {
      const path = key.replace(/\{(\w+)\}/g, ':$1');
      if (EXEMPT.includes(path)) expect(asked, key).not.toContain(key);
      else expect(asked, key).toContain(key);
    }
  });

  it('says that the token request’s 400 carries the `mfa_token` of the second step', () => {
    const answer = doc.paths['/oauth/token']!.post!.responses['400']!;
    const schema = answer.content!['application/json']!.schema;
    const body = schema.$ref ? doc.components.schemas[schema.$ref.split('/').at(-1)!]! : schema;
    expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['mfa_token', 'facteurs']));
  });
});
