import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  type AUTH_CALLS,
  MESSAGE_CALLS,
  PASSKEY_CALLS,
  PasskeyRowSchema,
  SETTINGS_CALLS,
  type UserInfo,
  UserInfoSchema,
} from '@union/contract';
import { failure, mockApi, noContent, reply, signInAs } from '../../test/utils';
import { api, ApiError } from './api-client';

/**
 * A schema that accepts any answer: these tests are about the transport, not about a route's shape (and one
 * sends an answer off the contract on purpose).
 */
const anything = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

function setCookie(value: string) {
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token on ordinary calls', async () => {
    signInAs(['USER']);
    const info: UserInfo = { habilitations: ['USER'], id: 1, nom: 'A', prenom: 'B' };
    const calls = mockApi({ 'GET /api/user/info': reply(UserInfoSchema, info) });
    await expect(api.get('/api/user/info', { schema: UserInfoSchema })).resolves.toEqual(info);
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');
  });

  it('sends no bearer token on public calls, nor when the session has expired', async () => {
    signInAs(['USER']);
    const calls = mockApi({ 'PATCH /api/user/password': noContent() });
    setCookie('x');
    await api.patch('/api/user/password', { data: 'a@b.fr' }, { auth: false });
    expect(calls[0]!.headers.Authorization).toBeUndefined();

    signInAs(['USER'], { expiresInSeconds: -1 });
    const later = mockApi({ 'POST /api/x': noContent() });
    await api.post('/api/x', undefined, { auth: false });
    expect(later[0]!.headers.Authorization).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on %s',
    async (method) => {
      setCookie('jeton-123');
      const calls = mockApi({ [`${method} /api/x`]: noContent() });
      await api[method.toLowerCase() as 'post'](`/api/x`, method === 'DELETE' ? undefined : { data: '1' });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.headers['X-XSRF-TOKEN']).toBe('jeton-123');
    },
  );

  it('does not add the XSRF header to a GET', async () => {
    setCookie('jeton-123');
    const calls = mockApi({ 'GET /api/x': reply(anything, []) });
    await api.get('/api/x', { schema: anything });
    expect(calls[0]!.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('obtains the cookie with a GET first when a mutating call would go without it', async () => {
    signInAs(['USER']);
    const calls = mockApi({
      'GET /api/parametres/droits': () => {
        setCookie('frais');
        return noContent(200);
      },
      'POST /api/x': noContent(),
    });
    await api.post('/api/x', { data: '1' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/parametres/droits', 'POST /api/x']);
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');
    expect(calls[1]!.headers['X-XSRF-TOKEN']).toBe('frais');
  });

  it('does not wait for the cookie on public calls (the server exempts them)', async () => {
    const calls = mockApi({ 'PATCH /api/user/password': noContent() });
    await api.patch('/api/user/password', { data: 'a@b.fr' }, { auth: false });
    expect(calls.map((c) => c.path)).toEqual(['/api/user/password']);
  });

  it('sends JSON bodies with their content type', async () => {
    setCookie('x');
    const calls = mockApi({ 'POST /api/x': noContent() });
    await api.post('/api/x', { data: 'é' });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.body).toBe('{"data":"é"}');
  });

  it('resolves to nothing when the call site reads no answer (no schema: nothing read unchecked)', async () => {
    setCookie('x');
    mockApi({ 'POST /api/x': reply(anything, { secret: 1 }) });
    await expect(api.post('/api/x', { data: '1' })).resolves.toBeUndefined();
  });

  it('turns a failure into an ApiError carrying the status and the server body', async () => {
    mockApi({
      'GET /api/x': failure(412, { status: 412, error: 'e', message: 'Trop court.', details: ['a'] }),
    });
    const error = await api.get('/api/x', { schema: anything }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(412);
    expect((error as ApiError).body.message).toBe('Trop court.');
  });

  it('reports an unreachable server as status 0', async () => {
    mockApi({ 'GET /api/x': 'network-error' });
    const error = await api.get('/api/x', { schema: anything }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
  });

  it('returns the answer parsed by the schema the call site gives', async () => {
    signInAs(['USER']);
    mockApi({
      [`GET ${API.auth.userInfo}`]: reply(UserInfoSchema, {
        habilitations: ['USER'],
        id: 3,
        nom: 'A',
        prenom: 'B',
      }),
    });
    const info = await api.get(API.auth.userInfo, { schema: UserInfoSchema });
    expect(info).toEqual({ habilitations: ['USER'], id: 3, nom: 'A', prenom: 'B' });
  });

  it('turns an answer that departs from the contract into an ApiError with a French message', async () => {
    signInAs(['USER']);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ [`GET ${API.auth.userInfo}`]: reply(anything, { id: '3', nom: 'A' }) });
    const error = await api.get(API.auth.userInfo, { schema: UserInfoSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.error).toBe('unexpected_response');
    expect((error as ApiError).message).toMatch(/réponse du serveur est inattendue/);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/hors contrat.*habilitations/);
    logged.mockRestore();
  });

  it('refuses a fixture that does not match the contract when it is made, naming the field', () => {
    // @ts-expect-error -- the body's type is the contract's: a string id does not compile either.
    expect(() => reply(UserInfoSchema, { habilitations: [], id: '3', nom: 'A', prenom: 'B' })).toThrow(
      /Fixture hors contrat : id : /,
    );
  });
});

describe('api.call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path, sends the body with the call’s method, and parses the answer with its schema', async () => {
    signInAs(['USER']);
    setCookie('x');
    const row = { id: 4, nom: 'Clé du bureau', creation: '2026-01-01T10:00:00Z', derniereUtilisation: null };
    const calls = mockApi({ 'PATCH /api/user/cles-acces/4': reply(PasskeyRowSchema, row) });
    await expect(
      api.call(PASSKEY_CALLS.rename, { params: { id: 4 }, body: { nom: 'Clé du bureau' } }),
    ).resolves.toEqual(row);
    expect(calls[0]!.body).toBe(JSON.stringify({ nom: 'Clé du bureau' }));
  });

  it('refuses an answer that departs from the call’s success schema', async () => {
    signInAs(['USER']);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/user/cles-acces': { status: 200, body: [{ id: 'x' }], checked: true } });
    await expect(api.call(PASSKEY_CALLS.list)).rejects.toMatchObject({
      body: { error: 'unexpected_response' },
    });
  });

  it('resolves to nothing for a call that answers nothing', async () => {
    signInAs(['USER']);
    setCookie('x');
    mockApi({ 'DELETE /api/diffusion/3': noContent() });
    await expect(api.call(MESSAGE_CALLS.remove, { params: { id: 3 } })).resolves.toBeUndefined();
  });
});

/** Type-level cases, never run: the call's schemas bind what the screens send and read. */
export async function bindingCases() {
  // @ts-expect-error -- the body of a room's creation has no such field
  await api.call(SETTINGS_CALLS.createRoom, { body: { noSuchField: 1 } });
  // @ts-expect-error -- a call with an `:id` needs its parameters
  await api.call(MESSAGE_CALLS.infos);
  const rooms = await api.call(SETTINGS_CALLS.rooms);
  // @ts-expect-error -- the answer is the rooms' list, not a string
  const text: string = rooms;
  // @ts-expect-error -- a call made without its table still names the call's own method and path
  await api.lazyCall<typeof AUTH_CALLS.signOut>({ method: 'POST', path: API.auth.token }, undefined);
  await api.lazyCall<typeof AUTH_CALLS.signOut>({ method: 'DELETE', path: API.auth.token }, undefined);
  return text;
}
