/**
 * Brute force without letting anyone lock another person out (DECISIONS §2): the lock is per identifiant
 * and address; an identifiant attacked from many addresses is slowed down, never locked; a successful
 * sign-in clears the failures before it.
 */
import { and, asc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts } from '../src/db/schema';
import { SLOWDOWN } from '../src/modules/sign-in-attempts/rules';
import { builders, type Builders } from './builders';
import { CLIENT_BASIC, PASSWORD, createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

/**
 * Each test makes its own account and attacks it from addresses of its own: the attempts are what it
 * counts. A builder's account has signed in once (from 127.0.0.1), before any failure the test makes.
 */
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
});
afterAll(() => t.close());

const tokenRequest = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

/**
 * Failed attempts written as if they had just happened, from the given addresses, stamped as the app
 * stamps its own: by its clock, to the millisecond. Stamped by PostgreSQL's `now()`, to the microsecond,
 * a failure could sort after a sign-in the app made within the same millisecond (a run on PostgreSQL
 * saw it once: the success then did not clear it).
 */
async function failures(identifiant: string, ips: string[]) {
  const createdAt = new Date();
  await t.db
    .insert(signInAttempts)
    .values(ips.map((ip) => ({ identifiant, ip, success: false, outcome: 'bad_password', createdAt })));
}

/** The attempts for the identifiant after the one numbered `after`, in order. */
const outcomes = async (identifiant: string, after = 0) =>
  (
    await t.db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.identifiant, identifiant), gt(signInAttempts.id, after)))
      .orderBy(asc(signInAttempts.id))
  ).map((a) => `${a.ip} ${a.outcome}`);

/** The number of the last attempt recorded so far (a new account's: its builder's sign-in). */
const lastAttempt = async () =>
  (await t.db.select({ last: max(signInAttempts.id) }).from(signInAttempts))[0]?.last ?? 0;

describe('lock-out per identifiant and address', () => {
  it('five wrong passwords from one address do not keep the owner out from another', async () => {
    const { identifiant: victime } = await b.aUser();
    const mark = await lastAttempt();
    for (let i = 0; i < 5; i++)
      expect((await tokenRequest(victime, 'mauvais', '203.0.113.66')).statusCode).toBe(400);
    // The attacker's address is locked for that identifiant, even with the right password…
    expect((await tokenRequest(victime, PASSWORD, '203.0.113.66')).statusCode).toBe(400);
    // …the owner, elsewhere, signs in.
    expect((await tokenRequest(victime, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    expect(await outcomes(victime, mark)).toEqual([
      ...Array<string>(5).fill('203.0.113.66 bad_password'),
      '203.0.113.66 locked',
      '198.51.100.7 ok',
    ]);
  });

  it('twelve wrong passwords at once: at most five are checked, the others are refused as locked', async () => {
    const { identifiant: cible } = await b.aUser();
    const mark = await lastAttempt();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => tokenRequest(cible, 'mauvais', '203.0.113.68')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(12).fill(400));
    // Each attempt is written (pending) before the failures are counted: simultaneous guesses see
    // each other. Before, all twelve read the failures before any was written and all were checked.
    const seen = await outcomes(cible, mark);
    const checked = seen.filter((o) => o === '203.0.113.68 bad_password').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(seen.filter((o) => o === '203.0.113.68 locked')).toHaveLength(12 - checked);
  });

  it('five failures for one identifiant do not lock another identifiant from the same address', async () => {
    const { identifiant: voisin } = await b.aUser();
    await failures(`quelquun-${b.unique()}`, Array<string>(5).fill('203.0.113.67'));
    expect((await tokenRequest(voisin, PASSWORD, '203.0.113.67')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures before it', async () => {
    const { identifiant: distrait } = await b.aUser();
    await failures(distrait, Array<string>(4).fill('192.0.2.10'));
    expect((await tokenRequest(distrait, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // Four earlier failures plus one now would have locked the pair without the success between.
    expect((await tokenRequest(distrait, 'mauvais', '192.0.2.10')).statusCode).toBe(400);
    expect((await tokenRequest(distrait, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });
});

describe('an identifiant attacked from many addresses', () => {
  it('is slowed down, never locked: the owner still gets in, after a capped delay', async () => {
    const { identifiant: celebre } = await b.aUser();
    // 40 failures from 40 addresses (one each: no address reaches its own lock).
    await failures(
      celebre,
      Array.from({ length: 40 }, (_, i) => `198.18.0.${i + 1}`),
    );
    const started = Date.now();
    const owner = await tokenRequest(celebre, PASSWORD, '192.0.2.99');
    const took = Date.now() - started;
    expect(owner.statusCode).toBe(200);
    expect(took).toBeGreaterThanOrEqual(SLOWDOWN.maxDelayMs - 50);
  });
});
