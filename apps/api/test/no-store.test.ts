/** Tokens and personal data are never kept by a cache: every API answer says `Cache-Control: no-store`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_BASIC,
  PASSWORD,
  addMembership,
  createEntity,
  createTestContext,
  createUser,
  type Call,
  type TestContext,
} from './helpers';

let t: TestContext;
let token: string;
let userId: number;
let entityId: number;

beforeAll(async () => {
  t = await createTestContext();
  userId = (await createUser(t.db, { identifiant: 'admin', habilitations: ['USER', 'ADMIN'] })).id;
  entityId = (await createEntity(t.db, { code: 'CHEV' })).id;
  await addMembership(t.db, { userId, entityId, gestion: true });
  token = await t.signIn('admin');
});
afterAll(() => t.close());

describe('Cache-Control: no-store', () => {
  it('is on the token answer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: PASSWORD,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  const calls = (): [string, Omit<Call, 'token'>][] => [
    ['the session', { method: 'GET', url: '/api/user/info' }],
    ['the account', { method: 'GET', url: '/api/user/compte' }],
    [
      'an account change',
      { method: 'PATCH', url: '/api/user/telephone', payload: { data: '01 02 03 04 05' } },
    ],
    [
      'a notification change',
      { method: 'PATCH', url: '/api/user/notification/documents', payload: { data: '1' } },
    ],
    ['a user', { method: 'GET', url: `/api/user/${userId}/infos` }],
    ['the user search', { method: 'POST', url: '/api/user/search', payload: {} }],
    ['memberships of a user', { method: 'GET', url: `/api/user/${userId}/appartenances` }],
    ['members of an entity', { method: 'GET', url: `/api/entite/${entityId}/appartenances` }],
    ['the GDPR export', { method: 'GET', url: '/api/user/donnees-personnelles' }],
    ['the members export', { method: 'GET', url: `/api/entite/${entityId}/membres/excel` }],
    ['a refusal', { method: 'GET', url: '/api/user/0/infos' }],
    ['an unknown API path', { method: 'GET', url: '/api/nulle-part' }],
  ];

  it.each(calls().map(([label]) => label))('is on %s', async (label) => {
    const call = calls().find(([l]) => l === label)![1];
    const response = await t.call({ ...call, token });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is on an answer without a session', async () => {
    const response = await t.call({ method: 'GET', url: '/api/user/compte' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
