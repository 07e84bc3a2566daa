/**
 * The account's limit on wrong second-factor codes, whatever the address (issue 31): ten wrong codes in
 * 15 minutes and the account accepts no code for 15 minutes, its owner e-mailed once. Guesses sent at
 * once from many addresses get no more checks than the limit (the attempts are written before they are
 * counted), on PGlite and on PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, signInAttempts } from '../src/db/schema';
import { builders, type Builders, type Person } from './builders';
import { CLIENT_BASIC, PASSWORD, createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-03-03T10:00:00Z');
let t: TestContext;
let b: Builders;

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
});
afterAll(() => t.close());

const form = (fields: Record<string, string>, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret, digits: 6, period: 30 }).generate({
    timestamp: clock.now().getTime() + steps * 30_000,
  });

/** An account with an authenticator; answers its secret. */
async function enrolled(person: Person): Promise<string> {
  const start = await t.call({
    method: 'POST',
    url: '/api/user/second-facteur/totp',
    token: person.token,
    payload: { motDePasse: PASSWORD },
  });
  const { secret } = start.json<{ secret: string }>();
  const confirm = await t.call({
    method: 'PUT',
    url: '/api/user/second-facteur/totp',
    token: person.token,
    payload: { code: codeOf(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  clock.at = new Date(clock.at.getTime() + 30_000);
  return secret;
}

/** The password step from an address: its `mfa_token`. */
async function mfaToken(identifiant: string, ip: string): Promise<string> {
  const answer = await form({ grant_type: 'password', username: identifiant, password: PASSWORD }, ip);
  expect(answer.json()).toMatchObject({ error: 'mfa_required' });
  return answer.json<{ mfa_token: string }>().mfa_token;
}

const second = (token: string, otp: string, ip: string) =>
  form({ grant_type: 'mfa_otp', mfa_token: token, otp }, ip);

const mailsTo = (person: Person) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.destinataire, person.email), eq(emailOutbox.sujet, SUBJECT)));
const SUBJECT = "Trop de codes erronés sur votre compte – Intranet de l'Union";

const LOCKED =
  'Trop de codes erronés pour ce compte : il n’accepte plus de code pendant 15 minutes. Son titulaire est prévenu par e-mail.';

describe('wrong second-factor codes per account', { timeout: 120_000 }, () => {
  it('checks at most ten of 30 simultaneous wrong codes from 30 addresses, then the account waits 15 minutes', async () => {
    const person = await b.aUser();
    const secret = await enrolled(person);
    const ips = Array.from({ length: 30 }, (_, i) => `198.51.100.${i + 1}`);
    const tokens = await Promise.all(ips.map((ip) => mfaToken(person.identifiant, ip)));
    const wrong = codeOf(secret, 20);
    const answers = await Promise.all(tokens.map((token, i) => second(token, wrong, ips[i]!)));

    const checked = await t.db
      .select()
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.identifiant, person.identifiant),
          inArray(signInAttempts.outcome, ['bad_code', 'account_locked']),
        ),
      );
    expect(checked.filter((a) => a.outcome === 'bad_code').length).toBeLessThanOrEqual(10);
    expect(checked).toHaveLength(30);
    const locked = answers.filter((a) => a.statusCode === 412);
    expect(locked.length).toBeGreaterThanOrEqual(20);
    for (const answer of locked)
      expect(answer.json()).toMatchObject({ error: 'codes_locked', message: LOCKED });
    for (const answer of answers.filter((a) => a.statusCode !== 412))
      expect(answer.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await mailsTo(person)).toHaveLength(1);

    // The right code, from an address never used: the account still waits.
    const fresh = await mfaToken(person.identifiant, '203.0.113.7');
    const refused = await second(fresh, codeOf(secret), '203.0.113.7');
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error).toBe('codes_locked');
    expect(await mailsTo(person)).toHaveLength(1);

    // Fifteen minutes later, the owner's code opens a session.
    clock.at = new Date(clock.at.getTime() + 15 * 60_000 + 30_000);
    const later = await mfaToken(person.identifiant, '203.0.113.7');
    const opened = await second(later, codeOf(secret), '203.0.113.7');
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('counts codes one at a time across addresses: the tenth wrong code starts the wait, one e-mail', async () => {
    const person = await b.aUser();
    const secret = await enrolled(person);
    for (let i = 1; i <= 9; i++) {
      const ip = `192.0.2.${i}`;
      const answer = await second(await mfaToken(person.identifiant, ip), codeOf(secret, 20 + i), ip);
      expect(answer.json().error, `code ${i}`).toBe('invalid_grant');
    }
    expect(await mailsTo(person)).toHaveLength(0);
    const tenth = await second(await mfaToken(person.identifiant, '192.0.2.10'), '000000', '192.0.2.10');
    expect(tenth.statusCode).toBe(412);
    expect(tenth.json().error).toBe('codes_locked');
    const [mail] = await mailsTo(person);
    expect(mail?.texte).toContain('Dix codes de double authentification erronés');
    // Another account is not concerned.
    const other = await b.aUser();
    const otherSecret = await enrolled(other);
    const ok = await second(
      await mfaToken(other.identifiant, '192.0.2.10'),
      codeOf(otherSecret),
      '192.0.2.10',
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
