/**
 * Whatever keeps sessions (the database on PostgreSQL, memory too on PGlite: auth/session-cache.ts),
 * every change that ends or alters a session is seen by the very next request, and a change that is
 * rolled back ends nothing. Each case signs in afresh and first uses its token (so a cache holds it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../src/db/schema';
import { tokenHash } from '../src/lib/secrets';
import { builders, type Builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let adminToken: string;

const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });

/** A new user, just signed in (by the builder), whose token has already answered once. */
async function aSession() {
  const { token, ...user } = await b.aUser({ nom: 'Lefèvre', prenom: 'Hélène' });
  expect((await info(token)).json()).toMatchObject({ id: user.id, prenom: 'Hélène' });
  expect((await info(token)).statusCode).toBe(200);
  return { user, token };
}

/** Only read: the administrator's token, to call with. Each test ends or changes a session of its own. */
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  adminToken = (await b.aUser({ habilitations: ['USER', 'ADMIN'] })).token;
});
afterAll(() => t.close());

describe('a session ends or changes at once', () => {
  it('when its token is revoked (sign-out)', async () => {
    const { token } = await aSession();
    expect((await t.call({ method: 'DELETE', url: '/oauth/token', token })).statusCode).toBe(204);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('when the user is deactivated', async () => {
    const { user, token } = await aSession();
    const detail = (
      await t.call({ method: 'GET', url: `/api/user/${user.id}/infos`, token: adminToken })
    ).json();
    const saved = await t.call({
      method: 'PUT',
      url: '/api/user',
      token: adminToken,
      payload: { ...detail, etat: 'I' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('when the user gets other habilitations or another name', async () => {
    const { user, token } = await aSession();
    await t.db
      .update(users)
      .set({ habilitations: ['USER', 'PLANNING'], prenom: 'Héloïse' })
      .where(eq(users.id, user.id));
    expect((await info(token)).json()).toMatchObject({
      prenom: 'Héloïse',
      habilitations: ['USER', 'PLANNING'],
    });
  });

  it('when its token expires early or is deleted', async () => {
    const expiring = await aSession();
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, tokenHash(expiring.token)));
    expect((await info(expiring.token)).statusCode).toBe(401);
    const deleted = await aSession();
    await t.db.delete(accessTokens).where(eq(accessTokens.tokenHash, tokenHash(deleted.token)));
    expect((await info(deleted.token)).statusCode).toBe(401);
  });

  it('but not when the change is rolled back', async () => {
    const { user, token } = await aSession();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ etat: 'I' }).where(eq(users.id, user.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await info(token)).statusCode).toBe(200);
  });

  it('and another user’s change leaves this session alone', async () => {
    const one = await aSession();
    const two = await aSession();
    expect((await t.call({ method: 'DELETE', url: '/oauth/token', token: two.token })).statusCode).toBe(204);
    expect((await info(one.token)).statusCode).toBe(200);
    expect((await info(two.token)).statusCode).toBe(401);
  });
});
