/**
 * Changing one's password ends every other session; using a password link spends every other link
 * (DECISIONS §2: someone else may have known the old password or read the mailbox).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../src/db/schema';
import { newToken, tokenHash } from '../src/lib/secrets';
import { builders, type Builders } from './builders';
import { PASSWORD, createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

/** Each test makes its own accounts: their sessions and links are what it changes. */
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
});
afterAll(() => t.close());

const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });

/** A password link of the user, written as the mail would carry it. */
async function link(userId: number, purpose: 'reset' | 'invitation') {
  const jeton = newToken();
  await t.db.insert(userTokens).values({
    tokenHash: tokenHash(jeton),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return jeton;
}

describe('POST /api/user/password (change)', () => {
  it('ends every other session of the user, not the one making the change, nor anyone else’s', async () => {
    const paul = await b.aUser();
    const { token: someoneElse } = await b.aUser();
    const here = paul.token;
    const phone = await t.signIn(paul.identifiant);
    const laptop = await t.signIn(paul.identifiant);
    const pending = await link(paul.id, 'reset');

    const response = await t.call({
      method: 'POST',
      url: '/api/user/password',
      token: here,
      payload: { data: 'Un-nouveau-mot-de-passe', actuel: PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect((await info(here)).statusCode).toBe(200);
    expect((await info(phone)).statusCode).toBe(401);
    expect((await info(laptop)).statusCode).toBe(401);
    expect((await info(someoneElse)).statusCode).toBe(200);
    // A reset link mailed before the change no longer works either.
    const reset = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton: pending, data: 'Encore-un-autre-2026' },
    });
    expect(reset.statusCode).toBe(412);
  });

  it('ends nothing when refused (wrong current password)', async () => {
    const lea = await b.aUser();
    const here = lea.token;
    const other = await t.signIn(lea.identifiant);
    const response = await t.call({
      method: 'POST',
      url: '/api/user/password',
      token: here,
      payload: { data: 'Un-nouveau-mot-de-passe', actuel: 'pas-le-bon' },
    });
    expect(response.statusCode).toBe(412);
    expect((await info(other)).statusCode).toBe(200);
  });
});

describe('POST /api/user/password/reinitialiser', () => {
  it('spends every other unused link of the user when one is used', async () => {
    const marie = await b.aUser();
    const bob = await b.aUser();
    const invitation = await link(marie.id, 'invitation');
    const firstReset = await link(marie.id, 'reset');
    const secondReset = await link(marie.id, 'reset');
    const bobs = await link(bob.id, 'reset');

    const used = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton: secondReset, data: 'Nouveau-mot-de-passe-2026' },
    });
    expect(used.statusCode).toBe(204);
    for (const jeton of [invitation, firstReset]) {
      const again = await t.call({
        method: 'POST',
        url: '/api/user/password/reinitialiser',
        payload: { jeton, data: 'Celui-de-l-attaquant-2026' },
      });
      expect(again.statusCode).toBe(412);
      expect(again.json().message).toMatch(/invalide, expiré ou déjà utilisé/);
    }
    expect(await t.signIn(marie.identifiant, 'Nouveau-mot-de-passe-2026')).toBeTruthy();
    // Another user's link is not touched.
    const [row] = await t.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, tokenHash(bobs)));
    expect(row!.usedAt).toBeNull();
  });

  it('spends nothing when the new password is refused', async () => {
    const jean = await b.aUser();
    const other = await link(jean.id, 'reset');
    const used = await link(jean.id, 'reset');
    const refused = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton: used, data: 'court' },
    });
    expect(refused.statusCode).toBe(412);
    const ok = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton: other, data: 'Nouveau-mot-de-passe-2026' },
    });
    expect(ok.statusCode).toBe(204);
  });
});
