/** The purge of old sign-in attempts and spent tokens (modules/auth/purge.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokens,
  secondFactorChallenges,
  signInAttempts,
  userTokens,
  webauthnChallenges,
} from '../src/db/schema';
import { newToken, tokenHash } from '../src/lib/secrets';
import { RETENTION, purgeExpired, startPurgeJob } from '../src/modules/auth/purge';
import { createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let userId: number;
const DAY = 24 * 3600_000;
const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  t = await createTestContext();
  userId = (await createUser(t.db, { identifiant: 'paul' })).id;
});
afterAll(() => t.close());

/** Writes the rows named by their `identifiant` / purpose, returns nothing. */
async function fill() {
  await t.db.delete(signInAttempts);
  await t.db.delete(accessTokens);
  await t.db.delete(userTokens);
  await t.db.delete(secondFactorChallenges);
  await t.db.delete(webauthnChallenges);
  await t.db.insert(secondFactorChallenges).values([
    {
      tokenHash: `old-${newToken()}`,
      userId,
      purpose: 'second_step',
      expiresAt: ago(RETENTION.tokensGraceMs + DAY),
    },
    { tokenHash: `live-${newToken()}`, userId, purpose: 'second_step', expiresAt: later(300_000) },
  ]);
  await t.db.insert(webauthnChallenges).values([
    {
      challengeHash: `old-${newToken()}`,
      userId: null,
      purpose: 'sign_in',
      expiresAt: ago(RETENTION.tokensGraceMs + DAY),
    },
    { challengeHash: `yesterday-${newToken()}`, userId, purpose: 'register', expiresAt: ago(DAY) },
  ]);
  await t.db.insert(signInAttempts).values([
    {
      identifiant: 'ancienne',
      ip: '10.0.0.1',
      success: false,
      outcome: 'bad_password',
      createdAt: ago(RETENTION.signInAttemptsMs + DAY),
    },
    {
      identifiant: 'recente',
      ip: '10.0.0.1',
      success: true,
      outcome: 'ok',
      createdAt: ago(RETENTION.signInAttemptsMs - DAY),
    },
  ]);
  const session = (label: string, expiresAt: Date, revokedAt: Date | null = null) => ({
    tokenHash: tokenHash(`${label}-${newToken()}`),
    userId,
    expiresAt,
    revokedAt,
    createdAt: ago(30 * DAY),
  });
  await t.db
    .insert(accessTokens)
    .values([
      session('live', later(3600_000)),
      session('expired-long-ago', ago(RETENTION.tokensGraceMs + DAY)),
      session('expired-yesterday', ago(DAY)),
      session('revoked-long-ago', later(3600_000), ago(RETENTION.tokensGraceMs + DAY)),
      session('revoked-yesterday', later(3600_000), ago(DAY)),
    ]);
  const link = (purpose: string, expiresAt: Date, usedAt: Date | null = null) => ({
    tokenHash: tokenHash(newToken()),
    userId,
    purpose,
    expiresAt,
    usedAt,
  });
  await t.db
    .insert(userTokens)
    .values([
      link('unused-live', later(DAY)),
      link('expired-long-ago', ago(RETENTION.tokensGraceMs + DAY)),
      link('used-long-ago', later(DAY), ago(RETENTION.tokensGraceMs + DAY)),
      link('used-yesterday', later(DAY), ago(DAY)),
    ]);
}

describe('purgeExpired', () => {
  it('deletes old attempts and tokens past their grace period, and nothing else', async () => {
    await fill();
    expect(await purgeExpired(t.db, now)).toEqual({
      signInAttempts: 1,
      accessTokens: 2,
      userTokens: 2,
      challenges: 2,
    });
    expect((await t.db.select().from(secondFactorChallenges)).map((c) => c.tokenHash)).toEqual([
      expect.stringMatching(/^live-/),
    ]);
    expect((await t.db.select().from(webauthnChallenges)).map((c) => c.challengeHash)).toEqual([
      expect.stringMatching(/^yesterday-/),
    ]);
    expect((await t.db.select().from(signInAttempts)).map((a) => a.identifiant)).toEqual(['recente']);
    expect(await t.db.select().from(accessTokens)).toHaveLength(3);
    expect((await t.db.select().from(userTokens)).map((l) => l.purpose).sort()).toEqual([
      'unused-live',
      'used-yesterday',
    ]);
  });

  it('is idempotent, even when instances run it at the same time', async () => {
    await fill();
    const runs = await Promise.all([
      purgeExpired(t.db, now),
      purgeExpired(t.db, now),
      purgeExpired(t.db, now),
    ]);
    const total = runs.reduce(
      (sum, r) => sum + r.signInAttempts + r.accessTokens + r.userTokens + r.challenges,
      0,
    );
    expect(total).toBe(7);
    expect(await purgeExpired(t.db, now)).toEqual({
      signInAttempts: 0,
      accessTokens: 0,
      userTokens: 0,
      challenges: 0,
    });
  });

  it('keeps what the sign-in rules read', () => {
    expect(RETENTION.signInAttemptsMs).toBeGreaterThan(30 * 60_000);
  });
});

describe('startPurgeJob', () => {
  it('purges on its own, then stops', async () => {
    await t.db.insert(signInAttempts).values({
      identifiant: 'tres-ancienne',
      ip: '10.0.0.2',
      success: false,
      outcome: 'bad_password',
      createdAt: new Date(Date.now() - RETENTION.signInAttemptsMs - DAY),
    });
    const job = startPurgeJob({ db: t.db, intervalMs: 3_600_000, firstDelayMs: 10, log: t.app.log });
    await expect
      .poll(async () => (await t.db.select().from(signInAttempts)).map((a) => a.identifiant), {
        timeout: 5000,
      })
      .not.toContain('tres-ancienne');
    await job.stop();
  });

  it('is started by the app (PURGE_INTERVAL_MS) and stopped when it closes', async () => {
    const other = await createTestContext({ PURGE_INTERVAL_MS: '50' });
    await other.db.insert(signInAttempts).values({
      identifiant: 'tres-ancienne',
      ip: '10.0.0.3',
      success: false,
      outcome: 'bad_password',
      createdAt: new Date(Date.now() - RETENTION.signInAttemptsMs - DAY),
    });
    await expect
      .poll(async () => (await other.db.select().from(signInAttempts)).length, { timeout: 5000 })
      .toBe(0);
    await other.close();
  });
});
