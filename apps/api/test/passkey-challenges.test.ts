/**
 * Anonymous passkey challenges are bounded (issue 31 §6): anyone may ask `POST /oauth/cle-acces/options`
 * without an identifiant, and each answer wrote a row (400 rows in 1.15 s). At most 50 live per address
 * and 1,000 live in all, counted under one lock: simultaneous requests (on PostgreSQL, each on its own
 * connection) never pass the count together. A refusal is 412 in French and writes nothing.
 */
import { API } from '@union/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { webauthnChallenges } from '../src/db/schema';
import {
  ANONYMOUS_CHALLENGES_IN_ALL,
  ANONYMOUS_CHALLENGES_PER_ADDRESS,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from '../src/modules/passkeys/service';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(webauthnChallenges);
});

const ask = (address: string) =>
  t.app.inject({
    method: 'POST',
    url: API.passkeys.signInOptions,
    remoteAddress: address,
    payload: {},
  });

const liveOf = async (address?: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(webauthnChallenges)
      .where(
        and(
          isNull(webauthnChallenges.userId),
          address === undefined ? undefined : eq(webauthnChallenges.address, address),
        ),
      )
  )[0]!.n;

const someRows = (n: number, address: (i: number) => string, expiresAt: Date) =>
  Array.from({ length: n }, (_, i) => ({
    challengeHash: `essai-${address(i)}-${i}-${Math.random()}`,
    userId: null,
    purpose: 'sign_in' as const,
    address: address(i),
    expiresAt,
  }));

describe('anonymous passkey challenges', () => {
  it(`are ${ANONYMOUS_CHALLENGES_PER_ADDRESS} live per address, however many are asked at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: ANONYMOUS_CHALLENGES_PER_ADDRESS + 15 }, () => ask('203.0.113.7')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ANONYMOUS_CHALLENGES_PER_ADDRESS);
    const refusals = answers.filter((a) => a.statusCode !== 200);
    expect(refusals).toHaveLength(15);
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(412);
      expect(refusal.json()).toMatchObject({ error: 'passkey_challenges_exhausted' });
      expect(refusal.json().message).toMatch(/depuis votre adresse : .*réessayez dans 5 minutes/);
    }
    // Nothing was written for the refused ones; another address is not held up.
    expect(await liveOf('203.0.113.7')).toBe(ANONYMOUS_CHALLENGES_PER_ADDRESS);
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
  });

  it('count only the live ones: spent or expired challenges leave room', async () => {
    const past = new Date(Date.now() - 1000);
    await t.db.insert(webauthnChallenges).values(someRows(100, () => '203.0.113.9', past));
    await t.db.insert(webauthnChallenges).values(
      someRows(100, () => '203.0.113.9', new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS)).map((row) => ({
        ...row,
        usedAt: new Date(),
      })),
    );
    expect((await ask('203.0.113.9')).statusCode).toBe(200);
  });

  it(`are ${ANONYMOUS_CHALLENGES_IN_ALL} live in all, from any number of addresses at once`, async () => {
    const room = 20;
    const future = new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS);
    await t.db
      .insert(webauthnChallenges)
      .values(someRows(ANONYMOUS_CHALLENGES_IN_ALL - room, (i) => `198.51.100.${i % 40}`, future));
    const answers = await Promise.all(Array.from({ length: room + 30 }, (_, i) => ask(`192.0.2.${i + 1}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(room);
    const refused = answers.filter((a) => a.statusCode === 412);
    expect(refused).toHaveLength(30);
    expect(refused[0]!.json().message).toMatch(
      /^Trop de connexions par clé d’accès sont en cours : réessayez dans 5 minutes/,
    );
    expect(await liveOf()).toBe(ANONYMOUS_CHALLENGES_IN_ALL);
  });
});
