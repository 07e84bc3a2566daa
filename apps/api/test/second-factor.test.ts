/**
 * The second factor (issue 22): enrolment of an authenticator, the token request's second step, single
 * use of codes (also under simultaneous requests), the lock-out shared with passwords, the rule of who
 * must have one with its grace period, the administrator's reset, and the sessions of one's account.
 * Codes are computed here from the secret the enrolment shows, with `otpauth`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog, emailOutbox, passkeys, signInAttempts, totpFactors } from '../src/db/schema';
import {
  KEY_FILE,
  SecretKeyError,
  loadSecondFactorKey,
  secondFactorBox,
  secretBox,
} from '../src/lib/secret-box';
import { secondFactorRepository } from '../src/modules/second-factor/repository';
import { signInAttemptsRepository } from '../src/modules/sign-in-attempts/repository';
import { sealTotpSecrets } from '../src/modules/second-factor/service';
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

const form = (fields: Record<string, string>, ip = '127.0.0.1', userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: {
      authorization: CLIENT_BASIC,
      'content-type': 'application/x-www-form-urlencoded',
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
const password = (username: string, ip?: string, userAgent?: string) =>
  form({ grant_type: 'password', username, password: PASSWORD }, ip, userAgent);
const second = (mfaToken: string, otp: string, ip?: string) =>
  form({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp }, ip);

/** The code of the authenticator at the clock's instant, `steps` periods later. */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret, digits: 6, period: 30 }).generate({
    timestamp: clock.now().getTime() + steps * 30_000,
  });

/** Moves the clock one period on, so the next code is a new one. */
const nextPeriod = () => {
  clock.at = new Date(clock.at.getTime() + 30_000);
};

/** Enrols an authenticator for the person from the account page; answers its secret and codes. */
async function enrol(person: Person): Promise<{ secret: string; codes: string[] }> {
  const start = await t.call({
    method: 'POST',
    url: '/api/user/second-facteur/totp',
    token: person.token,
    payload: { motDePasse: PASSWORD },
  });
  expect(start.statusCode).toBe(201);
  const { secret } = start.json<{ secret: string }>();
  const confirm = await t.call({
    method: 'PUT',
    url: '/api/user/second-facteur/totp',
    token: person.token,
    payload: { code: codeOf(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  nextPeriod();
  return { secret, codes: confirm.json<{ codes: string[] }>().codes };
}

/** The password step of an account with a factor: its `mfa_token`. */
async function mfaToken(identifiant: string, ip?: string): Promise<string> {
  const answer = await password(identifiant, ip);
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({ error: 'mfa_required', status: 400 });
  return answer.json<{ mfa_token: string }>().mfa_token;
}

describe('enrolment from the account page', () => {
  it('shows a QR code and the secret, is confirmed by a first code, and gives ten recovery codes once', async () => {
    const person = await b.aUser();
    const before = await t.call({ method: 'GET', url: '/api/user/second-facteur', token: person.token });
    expect(before.json()).toEqual({ totp: false, codesSecoursRestants: 0, obligatoire: false, avant: null });

    const start = await t.call({
      method: 'POST',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { motDePasse: PASSWORD },
    });
    const enrolment = start.json<{ secret: string; uri: string; qr: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.uri).toContain(encodeURIComponent(person.identifiant));
    expect(
      Buffer.from(enrolment.qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString(),
    ).toContain('<svg');

    const wrong = await t.call({
      method: 'PUT',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { code: codeOf(enrolment.secret, 10) },
    });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().message).toContain('Code incorrect');
    const malformed = await t.call({
      method: 'PUT',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { code: '12ab' },
    });
    expect(malformed.statusCode).toBe(412);
    expect(malformed.json().details.join()).toContain('6 chiffres');

    const right = await t.call({
      method: 'PUT',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { code: codeOf(enrolment.secret) },
    });
    expect(right.statusCode).toBe(200);
    const { codes } = right.json<{ codes: string[] }>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Stored hashed only.
    const stored = await t.db.execute(`SELECT code_hash FROM recovery_codes WHERE user_id = ${person.id}`);
    const hashes = (stored as unknown as { rows: { code_hash: string }[] }).rows.map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.join()).not.toContain(code);

    const after = await t.call({ method: 'GET', url: '/api/user/second-facteur', token: person.token });
    expect(after.json()).toMatchObject({ totp: true, codesSecoursRestants: 10 });
    // A confirmed authenticator is not replaced by a new enrolment.
    const again = await t.call({
      method: 'POST',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { motDePasse: PASSWORD },
    });
    expect(again.statusCode).toBe(412);
    nextPeriod();
  });
});

describe('the current password before an enrolment', () => {
  it('refuses to start an enrolment without the current password, and creates nothing', async () => {
    const person = await b.aUser();
    const missing = await t.call({
      method: 'POST',
      url: '/api/user/second-facteur/totp',
      token: person.token,
    });
    expect(missing.statusCode).toBe(412);
    const empty = await t.call({
      method: 'POST',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { motDePasse: '' },
    });
    expect(empty.statusCode).toBe(412);
    expect(empty.json().details.join()).toContain('Saisissez votre mot de passe actuel.');
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, person.id))).toEqual([]);
  });

  it('refuses a wrong current password, counted with the sign-in failures, and creates nothing', async () => {
    const person = await b.aUser();
    const wrong = await t.call({
      method: 'POST',
      url: '/api/user/second-facteur/totp',
      token: person.token,
      payload: { motDePasse: 'pas le bon' },
    });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().message).toBe('Le mot de passe actuel est incorrect.');
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, person.id))).toEqual([]);
    const [attempt] = await t.db
      .select({ outcome: signInAttempts.outcome, success: signInAttempts.success })
      .from(signInAttempts)
      .where(eq(signInAttempts.identifiant, person.identifiant))
      .orderBy(desc(signInAttempts.id))
      .limit(1);
    expect(attempt).toEqual({ outcome: 'bad_password', success: false });
  });

  it('locks like the passkeys’ options: after five wrong passwords, even the right one is refused', async () => {
    const person = await b.aUser();
    const start = (motDePasse: string) =>
      t.call({
        method: 'POST',
        url: '/api/user/second-facteur/totp',
        token: person.token,
        payload: { motDePasse },
      });
    // After the sign-in's instant: failures count from the last success on.
    nextPeriod();
    // Two on the passkeys' options, three here: one count.
    for (let i = 0; i < 2; i++) {
      const answer = await t.call({
        method: 'POST',
        url: '/api/user/cles-acces/options',
        token: person.token,
        payload: { motDePasse: 'pas le bon' },
      });
      expect(answer.statusCode).toBe(412);
    }
    for (let i = 0; i < 3; i++) expect((await start('pas le bon')).statusCode).toBe(412);
    const right = await start(PASSWORD);
    expect(right.statusCode).toBe(412);
    expect(right.json().message).toBe('Le mot de passe actuel est incorrect.');
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, person.id))).toEqual([]);
  });
});

describe('the second step of the token request', () => {
  it('asks for a code after the password, then gives the token; a code is accepted once', async () => {
    const person = await b.aUser();
    const { secret } = await enrol(person);

    const answer = await password(person.identifiant);
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body).toMatchObject({ status: 400, error: 'mfa_required' });
    expect(body.error_description).toBe(body.message);
    expect(body.message).toContain('code');
    expect(body).not.toHaveProperty('access_token');

    const code = codeOf(secret);
    const ok = await second(body.mfa_token, code);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().access_token as string;
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);

    // The same code again, with a new password step: refused (its time-step is spent).
    const replay = await second(await mfaToken(person.identifiant), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // An `mfa_token` opens one session only.
    nextPeriod();
    expect((await second(body.mfa_token, codeOf(secret))).json().error).toBe('invalid_grant');
  });

  it('accepts one code once even when requests carry it at the same time (one UPDATE decides)', async () => {
    const person = await b.aUser();
    const { secret, codes } = await enrol(person);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => mfaToken(person.identifiant)));
    const code = codeOf(secret);
    const answers = await Promise.all(tokens.map((token) => second(token, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const more = await Promise.all([1, 2, 3].map(() => mfaToken(person.identifiant)));
    const recovery = await Promise.all(more.map((token) => second(token, codes[1]!)));
    expect(recovery.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    nextPeriod();
  });

  it('takes a recovery code once, whatever its case or dashes', async () => {
    const person = await b.aUser();
    const { codes } = await enrol(person);
    const typed = codes[0]!.toLowerCase().replace('-', ' ');
    expect((await second(await mfaToken(person.identifiant), typed)).statusCode).toBe(200);
    expect((await second(await mfaToken(person.identifiant), codes[0]!)).json().error).toBe('invalid_grant');
    const status = await t.call({ method: 'GET', url: '/api/user/second-facteur', token: person.token });
    expect(status.json().codesSecoursRestants).toBe(9);
  });

  it('refuses an unknown, an expired or a malformed mfa_token like a wrong code', async () => {
    const person = await b.aUser();
    const { secret } = await enrol(person);
    expect((await second('inconnu', codeOf(secret))).json()).toMatchObject({ error: 'invalid_grant' });
    const token = await mfaToken(person.identifiant);
    clock.at = new Date(clock.at.getTime() + 6 * 60_000);
    const late = await second(token, codeOf(secret));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_grant');
    expect((await form({ grant_type: 'mfa_otp', mfa_token: token })).json().error).toBe('invalid_grant');
    nextPeriod();
  });

  it('runs the same statements for a wrong code and for an unknown mfa_token (no timing difference)', async () => {
    const person = await b.aUser();
    const { secret } = await enrol(person);
    const token = await mfaToken(person.identifiant, '10.9.0.1');
    /** The repository functions a call runs, in order. */
    const trace = async (run: () => Promise<unknown>) => {
      const calls: string[] = [];
      const restore: (() => void)[] = [];
      for (const repository of [secondFactorRepository, signInAttemptsRepository] as Record<
        string,
        unknown
      >[]) {
        for (const [name, original] of Object.entries(repository)) {
          if (typeof original !== 'function') continue;
          repository[name] = (...args: unknown[]) => {
            calls.push(name);
            return (original as (...a: unknown[]) => unknown).apply(repository, args);
          };
          restore.push(() => (repository[name] = original));
        }
      }
      try {
        await run();
      } finally {
        for (const undo of restore) undo();
      }
      return calls;
    };
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrongCode = await trace(() => second(token, wrong, '10.9.0.2'));
    const unknownToken = await trace(() => second('jeton-inconnu', wrong, '10.9.0.3'));
    expect(wrongCode).toContain('startAttempt');
    expect(wrongCode).toContain('findChallenge');
    expect(wrongCode).toContain('acceptStep');
    expect(unknownToken).toEqual(wrongCode);
    // Recovery-code-shaped guesses too.
    expect(await trace(() => second('jeton-inconnu', 'ABCDE-FGHJK', '10.9.0.4'))).toEqual(
      await trace(() => second(token, 'ABCDE-FGHJK', '10.9.0.5')),
    );
  });

  it('locks wrong codes like wrong passwords, per account and address, without locking the owner out elsewhere', async () => {
    const person = await b.aUser();
    const { secret } = await enrol(person);
    const token = await mfaToken(person.identifiant, '10.1.0.1');
    for (let i = 0; i < 5; i++) {
      expect((await second(token, '000000', '10.1.0.1')).json().error).toBe('invalid_grant');
    }
    // The right code from the attacked address is refused now…
    expect((await second(token, codeOf(secret), '10.1.0.1')).json().error).toBe('invalid_grant');
    const locked = await t.db
      .execute(
        `SELECT outcome FROM sign_in_attempts WHERE identifiant = '${person.identifiant}' ORDER BY id DESC LIMIT 1`,
      )
      .then((r) => (r as unknown as { rows: { outcome: string }[] }).rows[0]!.outcome);
    expect(locked).toBe('locked');
    // …and the password too, from that address: codes and passwords share one lock.
    expect((await password(person.identifiant, '10.1.0.1')).json().error).toBe('invalid_grant');
    // The owner, from another address, gets in.
    const elsewhere = await mfaToken(person.identifiant, '10.1.0.2');
    expect((await second(elsewhere, codeOf(secret), '10.1.0.2')).statusCode).toBe(200);
    nextPeriod();
  });
});

describe('who must have a second factor', () => {
  it('lets a lodge manager in during the grace period, then asks them to enrol before any session', async () => {
    const manager = await b.aUser({ habilitations: ['USER', 'LOGE'] });
    const status = await t.call({ method: 'GET', url: '/api/user/second-facteur', token: manager.token });
    expect(status.json()).toMatchObject({ totp: false, obligatoire: true });
    const deadline = new Date(status.json().avant as string);
    expect(deadline.getTime() - clock.now().getTime()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(deadline.getTime() - clock.now().getTime()).toBeLessThanOrEqual(30 * 24 * 3600_000);

    const saved = clock.at;
    clock.at = new Date(deadline.getTime() + 1000);
    try {
      const answer = await password(manager.identifiant);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'mfa_enrolment_required' });
      const token = answer.json().mfa_token as string;
      // A code before any enrolment opens nothing.
      expect((await second(token, '123456')).json().error).toBe('invalid_grant');
      const start = await t.app.inject({
        method: 'POST',
        url: '/oauth/second-facteur/totp',
        payload: { mfa_token: token },
      });
      expect(start.statusCode).toBe(201);
      const { secret } = start.json<{ secret: string }>();
      const done = await second(token, codeOf(secret));
      expect(done.statusCode).toBe(200);
      expect(done.json().codes_secours).toHaveLength(10);
      // From now on, the second step.
      nextPeriod();
      expect((await password(manager.identifiant)).json().error).toBe('mfa_required');
      // The enrolment's public call takes only a live enrolment token.
      const refused = await t.app.inject({
        method: 'POST',
        url: '/oauth/second-facteur/totp',
        payload: { mfa_token: token },
      });
      expect(refused.statusCode).toBe(412);
    } finally {
      clock.at = saved;
    }
  });

  it('follows the setting an administrator saves', async () => {
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    const member = await b.aUser();
    const read = await t.call({ method: 'GET', url: '/api/parametres/second-facteur', token: admin.token });
    expect(read.json()).toEqual({ habilitations: ['ADMIN', 'COMPTA_SAISIE', 'LOGE'], delaiJours: 30 });
    expect(
      (await t.call({ method: 'GET', url: '/api/parametres/second-facteur', token: member.token }))
        .statusCode,
    ).toBe(403);
    const bad = await t.call({
      method: 'PUT',
      url: '/api/parametres/second-facteur',
      token: admin.token,
      payload: { habilitations: ['ADMIN'], delaiJours: 400 },
    });
    expect(bad.statusCode).toBe(412);
    const put = (delaiJours: number, habilitations: string[]) =>
      t.call({
        method: 'PUT',
        url: '/api/parametres/second-facteur',
        token: admin.token,
        payload: { habilitations, delaiJours },
      });
    expect((await put(0, ['USER'])).statusCode).toBe(200);
    try {
      // Everyone now, without grace: a member without a factor must enrol.
      expect((await password(member.identifiant)).json().error).toBe('mfa_enrolment_required');
    } finally {
      expect((await put(30, ['ADMIN', 'COMPTA_SAISIE', 'LOGE'])).statusCode).toBe(200);
    }
    expect((await password(member.identifiant)).statusCode).toBe(200);
  });
});

describe('reset by an administrator', () => {
  it('removes the factors, is audited, and e-mails the person', async () => {
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    const person = await b.aUser();
    await enrol(person);
    const infos = () => t.call({ method: 'GET', url: `/api/user/${person.id}/infos`, token: admin.token });
    expect((await infos()).json().doubleAuthentification).toBe(true);
    const other = await t.call({
      method: 'DELETE',
      url: `/api/user/${person.id}/second-facteur`,
      token: person.token,
    });
    expect(other.statusCode).toBe(403);
    const reset = await t.call({
      method: 'DELETE',
      url: `/api/user/${person.id}/second-facteur`,
      token: admin.token,
    });
    expect(reset.statusCode).toBe(204);
    expect((await infos()).json().doubleAuthentification).toBe(false);
    expect((await password(person.identifiant)).statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.destinataire, person.email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail?.sujet).toContain('double authentification');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, person.id), eq(auditLog.action, 'second_factor_reset')));
    expect(entry?.actorId).toBe(admin.id);
    // Nothing left to reset.
    const again = await t.call({
      method: 'DELETE',
      url: `/api/user/${person.id}/second-facteur`,
      token: admin.token,
    });
    expect(again.statusCode).toBe(412);
  });
});

describe('sessions of one’s account', () => {
  it('lists where the person is signed in and ends any session at once', async () => {
    const person = await b.aUser();
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const other = (await password(person.identifiant, '10.2.0.7', firefox)).json().access_token as string;
    const list = await t.call({ method: 'GET', url: '/api/user/sessions', token: person.token });
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ id: number; appareil: string; adresse: string; courante: boolean }[]>();
    expect(rows).toHaveLength(2);
    const phone = rows.find((r) => r.adresse === '10.2.0.7')!;
    expect(phone).toMatchObject({ appareil: 'Firefox sur Linux', courante: false });
    expect(rows.find((r) => r.courante)).toBeDefined();

    // Someone else cannot end it.
    const stranger = await b.aUser();
    const theirs = await t.call({
      method: 'DELETE',
      url: `/api/user/sessions/${phone.id}`,
      token: stranger.token,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: other })).statusCode).toBe(200);

    const end = await t.call({
      method: 'DELETE',
      url: `/api/user/sessions/${phone.id}`,
      token: person.token,
    });
    expect(end.statusCode).toBe(204);
    // The very next request with it is refused (the session cache forgot it).
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: other })).statusCode).toBe(401);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/user/sessions/${phone.id}`,
      token: person.token,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('sessions opened before the second factor', () => {
  type Row = { id: number; adresse: string; courante: boolean; avantSecondFacteur: boolean };
  const list = async (token: string) =>
    (await t.call({ method: 'GET', url: '/api/user/sessions', token })).json<Row[]>();
  const endBefore = (token: string) =>
    t.call({ method: 'DELETE', url: '/api/user/sessions/avant-second-facteur', token });

  it('marks the sessions opened before the authenticator, and ends them all but the current one', async () => {
    const person = await b.aUser();
    const before = (await password(person.identifiant, '10.3.0.1')).json().access_token as string;
    expect((await list(person.token)).map((r) => r.avantSecondFacteur)).toEqual([false, false]);
    nextPeriod();
    const { secret } = await enrol(person);
    const after = (
      await second(await mfaToken(person.identifiant, '10.3.0.2'), codeOf(secret), '10.3.0.2')
    ).json().access_token as string;
    nextPeriod();

    const rows = await list(person.token);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.courante)).toMatchObject({ avantSecondFacteur: true });
    expect(rows.find((r) => r.adresse === '10.3.0.1')).toMatchObject({ avantSecondFacteur: true });
    expect(rows.find((r) => r.adresse === '10.3.0.2')).toMatchObject({ avantSecondFacteur: false });

    const ended = await endBefore(person.token);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ terminees: 1 });
    // The very next request with the ended one is refused; the current one and the later one go on.
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: before })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: after })).statusCode).toBe(200);
    expect((await list(person.token)).map((r) => r.adresse).sort()).toEqual(['10.3.0.2', '127.0.0.1']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'sessions_ended_before_second_factor'), eq(auditLog.recordId, person.id)),
      );
    expect(entry).toBeDefined();
    // Nothing left to end: none, and no entry.
    expect((await endBefore(person.token)).json()).toEqual({ terminees: 0 });
  });

  it('counts from the first passkey too, and ends nothing for an account without a factor', async () => {
    const person = await b.aUser();
    const other = (await password(person.identifiant, '10.3.0.3')).json().access_token as string;
    expect((await endBefore(person.token)).json()).toEqual({ terminees: 0 });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: other })).statusCode).toBe(200);

    nextPeriod();
    await t.db.insert(passkeys).values({
      userId: person.id,
      credentialId: `cle-${person.id}`,
      publicKey: 'AAAA',
      counter: 0,
      transports: [],
      name: 'Téléphone',
      createdAt: clock.now(),
    });
    nextPeriod();
    expect((await list(person.token)).every((r) => r.avantSecondFacteur)).toBe(true);
    expect((await endBefore(person.token)).json()).toEqual({ terminees: 1 });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: other })).statusCode).toBe(401);
  });
});

describe('the authenticator’s secret at rest', () => {
  it('is encrypted in the database, bound to its account; secrets from before are sealed and still work', async () => {
    const person = await b.aUser();
    const { secret } = await enrol(person);
    const [row] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, person.id));
    expect(row?.secret).toBeNull();
    expect(row?.secretSealed).toMatch(/^v1\./);
    // Nowhere in the table, in base32 or any case.
    const dump = JSON.stringify(await t.db.select().from(totpFactors));
    expect(dump).not.toContain(secret);
    expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
    // Moved onto another account's row, it does not open.
    expect(() => secondFactorBox().open(row!.secretSealed!, `totp_factors:${person.id + 1}`)).toThrow(
      SecretKeyError,
    );

    // A secret written in clear before migration 0030: sealed at start-up, and its codes still pass.
    const older = await b.aUser();
    const clear = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.db.insert(totpFactors).values({ userId: older.id, secret: clear, confirmedAt: clock.now() });
    expect(await sealTotpSecrets(t.db)).toBe(1);
    const [sealed] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, older.id));
    expect(sealed).toMatchObject({ secret: null, secretSealed: expect.stringMatching(/^v1\./) });
    expect(await sealTotpSecrets(t.db)).toBe(0);
    const token = await mfaToken(older.identifiant);
    expect((await second(token, codeOf(clear))).statusCode).toBe(200);
    nextPeriod();
  });

  it('stops the start with a French message for the operator when the key is not the one used', async () => {
    const person = await b.aUser();
    await enrol(person);
    const other = secretBox(randomBytes(32));
    await expect(sealTotpSecrets(t.db, other)).rejects.toThrow(
      /La clé SECOND_FACTOR_KEY ne déchiffre pas les secrets de double authentification/,
    );
  });

  it('comes from SECOND_FACTOR_KEY, required in production, or from a key file made once in DATA_DIR', () => {
    const production = {
      NODE_ENV: 'production',
      OAUTH_CLIENT_SECRET: 's',
      PUBLIC_URL: 'https://x.fr',
      SYSTEMPAY_KEY: 'une-vraie-cle',
    };
    expect(() => loadConfig(production)).toThrow(/SECOND_FACTOR_KEY .* doit être définie en production/);
    expect(() => loadConfig({ ...production, SECOND_FACTOR_KEY: 'trop-courte' })).toThrow(
      /SECOND_FACTOR_KEY doit faire 32 octets/,
    );
    const key = randomBytes(32);
    const config = loadConfig({ ...production, SECOND_FACTOR_KEY: key.toString('base64') });
    expect(loadSecondFactorKey(config).equals(key)).toBe(true);

    const dataDir = mkdtempSync(join(tmpdir(), 'cle-'));
    try {
      const first = loadSecondFactorKey({ NODE_ENV: 'development', DATA_DIR: dataDir });
      expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(loadSecondFactorKey({ NODE_ENV: 'development', DATA_DIR: dataDir }).equals(first)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
