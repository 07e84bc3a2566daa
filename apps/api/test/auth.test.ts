import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, emailOutbox, signInAttempts, userTokens } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { builders, type Builders } from './builders';
import { CLIENT_BASIC, PASSWORD, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

/**
 * The accounts signed in with or refused by name, only read: a test that changes an account, its
 * sessions, its sign-in attempts or its e-mails makes its own.
 */
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  await b.aUser({ identifiant: 'alice', habilitations: ['USER', 'ADMIN'], nom: 'Martin', prenom: 'Alice' });
  await b.aUser({ identifiant: 'bob' });
  await b.aUser({ identifiant: 'inactif', etat: 'I' });
  await b.aUser({ identifiant: 'supprime', etat: 'S' });
  // Written directly: an active account without USER cannot sign in, which the builders' users do.
  await createUser(t.db, { identifiant: 'sansuser', habilitations: ['PLANNING'] });
});
afterAll(() => t.close());

const tokenRequest = (username: string, password: string, opts: { auth?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: opts.ip ?? '10.0.0.1',
    headers: {
      authorization: opts.auth ?? CLIENT_BASIC,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

describe('POST /oauth/token', () => {
  it('answers a bearer token for a right pair, identifiant case-insensitive', async () => {
    const response = await tokenRequest('ALICE', PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 8 * 3600 });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses an unknown client with 401', async () => {
    const wrong = `Basic ${Buffer.from('union-intranet:wrong').toString('base64')}`;
    expect((await tokenRequest('alice', PASSWORD, { auth: wrong })).statusCode).toBe(401);
  });

  it.each([
    ['a wrong password', 'bob', 'pas-le-bon-mot-de-passe'],
    ['an unknown identifiant', 'personne', PASSWORD],
    ['an inactive user', 'inactif', PASSWORD],
    ['a deleted user', 'supprime', PASSWORD],
    ['a user without USER', 'sansuser', PASSWORD],
  ])('answers 400 invalid_grant for %s', async (_case, username, password) => {
    const response = await tokenRequest(username, password, { ip: '10.0.0.2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers invalid_grant for a malformed form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('locks an identifiant for one address for 15 minutes after 5 failures, even with the right password', async () => {
    // Written directly: an account that never signed in (a builder's user has, and a successful sign-in
    // clears the failures before it, which would hide the lock's expiry this test checks).
    const { identifiant: cible } = await createUser(t.db, { identifiant: `cible-${b.unique()}` });
    for (let i = 0; i < 5; i++)
      expect((await tokenRequest(cible, 'mauvais', { ip: '10.0.1.1' })).statusCode).toBe(400);
    const locked = await tokenRequest(cible, PASSWORD, { ip: '10.0.1.1' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error).toBe('invalid_grant');
    const outcomes = await t.db.select().from(signInAttempts).where(eq(signInAttempts.identifiant, cible));
    expect(outcomes.map((o) => o.outcome)).toContain('locked');

    // Still locked 14 minutes after the 5th failure, even though the 1st is older than the window.
    const failures = await t.db.select().from(signInAttempts).where(eq(signInAttempts.identifiant, cible));
    for (const [i, attempt] of failures.entries()) {
      await t.db
        .update(signInAttempts)
        .set({ createdAt: new Date(Date.now() - (14 + (failures.length - 1 - i) / 2) * 60_000) })
        .where(eq(signInAttempts.id, attempt.id));
    }
    expect((await tokenRequest(cible, PASSWORD, { ip: '10.0.1.1' })).statusCode).toBe(400);

    // Once the 5th failure is older than the lock, the right password works again.
    await t.db
      .update(signInAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInAttempts.identifiant, cible));
    expect((await tokenRequest(cible, PASSWORD, { ip: '10.0.1.1' })).statusCode).toBe(200);
  });

  it('does not let a forged X-Forwarded-For header dodge the per-address limit', async () => {
    const user = await b.aUser();
    await t.db.insert(signInAttempts).values(
      Array.from({ length: 50 }, (_, i) => ({
        identifiant: `y${i}`,
        ip: '10.9.9.7',
        success: false,
        outcome: 'unknown_user',
      })),
    );
    const forged = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.9.9.7',
      headers: {
        authorization: CLIENT_BASIC,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.9',
      },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: user.identifiant,
        password: PASSWORD,
      }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('refuses an address after 50 failures within 15 minutes, whatever the identifiant', async () => {
    const user = await b.aUser();
    await t.db.insert(signInAttempts).values(
      Array.from({ length: 50 }, (_, i) => ({
        identifiant: `x${i}`,
        ip: '10.9.9.9',
        success: false,
        outcome: 'unknown_user',
      })),
    );
    const response = await tokenRequest(user.identifiant, PASSWORD, { ip: '10.9.9.9' });
    expect(response.statusCode).toBe(400);
    expect((await tokenRequest(user.identifiant, PASSWORD, { ip: '10.9.9.8' })).statusCode).toBe(200);
  });
});

describe('GET /api/user/info and the session', () => {
  it('answers 401 without a token, with an unknown one, or a malformed header', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/info' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: 'inconnu' })).statusCode).toBe(401);
    const response = await t.call({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, error: 'unauthorized' });
    expect(response.json().message).toMatch(/connecter/);
  });

  it.each(['/%61pi/user/info', '/%61pi/parametres/droits', '/api/%75ser/info', '/%2561pi/user/info'])(
    'cannot be reached without a token through the encoded path %s',
    async (url) => {
      const response = await t.call({ method: 'GET', url });
      expect([401, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('habilitations');
    },
  );

  it('needs the token on a decoded path exactly as on the plain one', async () => {
    expect((await t.call({ method: 'GET', url: '/%61pi/entite/all' })).statusCode).toBe(401);
    const token = await t.signIn('alice');
    expect((await t.call({ method: 'GET', url: '/%61pi/user/info', token })).statusCode).toBe(200);
  });

  it('answers the user with habilitations', async () => {
    const token = await t.signIn('alice');
    const response = await t.call({ method: 'GET', url: '/api/user/info', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      nom: 'Martin',
      prenom: 'Alice',
      habilitations: ['USER', 'ADMIN'],
    });
  });

  it('refuses an expired token', async () => {
    const { id, token } = await b.aUser();
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, id));
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
  });

  it('DELETE /oauth/token revokes the token: it no longer works', async () => {
    const { token } = await b.aUser();
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/oauth/token', token })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
  });

  it('stores only the hash of the token', async () => {
    const { id, token } = await b.aUser();
    const rows = await t.db.select().from(accessTokens);
    expect(rows.filter((r) => r.userId === id)).toHaveLength(1);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('XSRF', () => {
  it('sets the XSRF-TOKEN cookie, readable by the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]+/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('is issued to a page asking with its token, not to a script that keeps no cookie (issue 18)', async () => {
    const { token } = await b.aUser();
    const headers = { authorization: `Bearer ${token}` };
    const script = await t.app.inject({ method: 'GET', url: '/api/user/info', headers });
    expect(script.statusCode).toBe(200);
    expect(script.headers['set-cookie']).toBeUndefined();
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(String(page.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]{32}/);
    // Who sends one gets no other.
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { ...headers, 'sec-fetch-site': 'same-origin', cookie: 'XSRF-TOKEN=abc' },
    });
    expect(kept.headers['set-cookie']).toBeUndefined();
  });

  it('still refuses a mutating call of a script without the pair, and takes any pair it makes up', async () => {
    const { token } = await b.aUser();
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/user/telephone',
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload: { data: '0601020304' },
      });
    expect((await call({})).statusCode).toBe(403);
    expect((await call({ cookie: 'XSRF-TOKEN=le-mien', 'x-xsrf-token': 'le-mien' })).statusCode).toBe(200);
  });

  it('refuses a mutating call whose header does not match the cookie with 403', async () => {
    const { token } = await b.aUser();
    const missing = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token,
      payload: { data: '0601020304' },
      noXsrf: true,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/rechargez la page/);
    const mismatch = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token,
      payload: { data: '0601020304' },
      noXsrf: true,
      headers: { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'b' },
    });
    expect(mismatch.statusCode).toBe(403);
  });

  it('does not need it for the password-reset request', async () => {
    const response = await t.call({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { data: 'x@exemple.fr' },
      noXsrf: true,
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and only mails the known one', async () => {
    const n = b.unique();
    const user = await b.aUser({ email: `Oublieux-${n}@Exemple.fr` });
    const inconnu = `inconnu-${n}@exemple.fr`;
    const known = await t.call({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { data: `oublieux-${n}@exemple.fr` },
    });
    const unknown = await t.call({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { data: inconnu },
    });
    await t.app.background.idle();
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe(unknown.body);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, user.email));
    expect(mails).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, inconnu))).toHaveLength(
      0,
    );
  });

  it('answers 412 for a malformed address', async () => {
    const response = await t.call({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { data: 'pas-une-adresse' },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/format de l'e-mail est invalide/);
  });

  it('lets the link set a new password once, closing every session', async () => {
    const claire = await b.aUser();
    const oldSession = claire.token;
    await t.call({ method: 'PATCH', url: '/api/user/password', payload: { data: claire.email } });
    await t.app.background.idle();
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, claire.email));
    const jeton = decodeURIComponent(/reinitialiser-mdp\?jeton=([^\s]+)/.exec(mail!.texte)![1]!);
    expect(mail!.texte).toContain('http://localhost:8080/reinitialiser-mdp?jeton=');

    const tooShort = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'court' },
    });
    expect(tooShort.statusCode).toBe(412);
    expect(tooShort.json().message).toMatch(/au moins 12 caractères/);

    const ok = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'Nouveau-mot-de-passe-2026' },
    });
    expect(ok.statusCode).toBe(204);
    expect(await t.signIn(claire.identifiant, 'Nouveau-mot-de-passe-2026')).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: oldSession })).statusCode).toBe(401);

    const again = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'Encore-un-autre-2026' },
    });
    expect(again.statusCode).toBe(412);
    expect(again.json().message).toMatch(/invalide, expiré ou déjà utilisé/);
  });

  it('refuses an expired link', async () => {
    const denis = await b.aUser();
    await t.call({ method: 'PATCH', url: '/api/user/password', payload: { data: denis.email } });
    await t.app.background.idle();
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, denis.email));
    const jeton = decodeURIComponent(/jeton=([^\s]+)/.exec(mail!.texte)![1]!);
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, denis.id), eq(userTokens.purpose, 'reset')));
    const response = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'Nouveau-mot-de-passe-2026' },
    });
    expect(response.statusCode).toBe(412);
  });
});
