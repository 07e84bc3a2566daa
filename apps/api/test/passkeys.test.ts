/**
 * Passkeys (issue 22): registration after the current password, several per person, named, renamed,
 * removed; the sign-in with one as the second step of a password (`mfa_webauthn`) and alone (`passkey`);
 * refusals counted as failed attempts (replayed challenge, counter going back, unknown credential,
 * another's passkey, wrong origin); a challenge spent once under simultaneous requests. The passkey is
 * a software authenticator (test/soft-authenticator.ts) signing real assertions.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, signInAttempts } from '../src/db/schema';
import { builders, type Builders, type Person } from './builders';
import { CLIENT_BASIC, PASSWORD, createTestContext, type TestContext } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

let t: TestContext;
let b: Builders;
let origin: string;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t.close());

const form = (fields: Record<string, string>, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const signInOptions = async (mfaToken?: string) => {
  const answer = await t.call({
    method: 'POST',
    url: '/oauth/cle-acces/options',
    payload: mfaToken ? { mfa_token: mfaToken } : {},
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ challenge: string; allowCredentials?: { id: string }[]; userVerification: string }>();
};

const passkeyGrant = (assertion: object, ip?: string) =>
  form({ grant_type: 'passkey', assertion: JSON.stringify(assertion) }, ip);
const secondStepGrant = (mfaToken: string, assertion: object, ip?: string) =>
  form({ grant_type: 'mfa_webauthn', mfa_token: mfaToken, assertion: JSON.stringify(assertion) }, ip);

/** Adds a passkey to the person's account, as the account page does; answers the authenticator. */
async function enrol(person: Person, name = 'Téléphone', key = new SoftAuthenticator(origin)) {
  const options = await t.call({
    method: 'POST',
    url: '/api/user/cles-acces/options',
    token: person.token,
    payload: { motDePasse: PASSWORD },
  });
  expect(options.statusCode).toBe(200);
  const created = await t.call({
    method: 'POST',
    url: '/api/user/cles-acces',
    token: person.token,
    payload: { nom: name, reponse: key.register(options.json()) },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { key, row: created.json<{ id: number; nom: string }>() };
}

const lastOutcome = async (identifiant: string) => {
  const [row] = await t.db
    .select({ outcome: signInAttempts.outcome })
    .from(signInAttempts)
    .where(eq(signInAttempts.identifiant, identifiant))
    .orderBy(desc(signInAttempts.id))
    .limit(1);
  return row?.outcome;
};

const mine = async (person: Person) =>
  (await t.call({ method: 'GET', url: '/api/user/cles-acces', token: person.token })).json<
    { id: number; nom: string; derniereUtilisation: string | null }[]
  >();

describe('adding passkeys from the account page', () => {
  it('asks the current password again, then registers a named passkey, audited', async () => {
    const person = await b.aUser();
    const wrong = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces/options',
      token: person.token,
      payload: { motDePasse: 'pas le bon' },
    });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().message).toBe('Le mot de passe actuel est incorrect.');
    expect(await lastOutcome(person.identifiant)).toBe('bad_password');

    const { row } = await enrol(person, 'Ordinateur du bureau');
    expect(row.nom).toBe('Ordinateur du bureau');
    expect(await mine(person)).toMatchObject([{ nom: 'Ordinateur du bureau', derniereUtilisation: null }]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passkey_added'), eq(auditLog.recordId, person.id)));
    expect(entry).toBeDefined();
  });

  it('keeps several per person, names unique per person and at most 60 characters', async () => {
    const person = await b.aUser();
    await enrol(person, 'Téléphone');
    await enrol(person, 'Clé USB');
    expect((await mine(person)).map((p) => p.nom)).toEqual(['Téléphone', 'Clé USB']);

    const options = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces/options',
      token: person.token,
      payload: { motDePasse: PASSWORD },
    });
    const key = new SoftAuthenticator(origin);
    const taken = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces',
      token: person.token,
      payload: { nom: 'Téléphone', reponse: key.register(options.json()) },
    });
    expect(taken.statusCode).toBe(412);
    expect(taken.json()).toMatchObject({ error: 'passkey_name_taken' });
    // The refused name left the ceremony usable: the same response under another name passes.
    const other = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces',
      token: person.token,
      payload: { nom: 'Tablette', reponse: key.register(options.json()) },
    });
    expect(other.statusCode).toBe(201);
    const long = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces',
      token: person.token,
      payload: { nom: 'x'.repeat(61), reponse: key.register(options.json()) },
    });
    expect(long.statusCode).toBe(412);
    expect(long.json().message).toContain('60 caractères');
  });

  it('refuses a registration of another origin, or whose challenge was spent', async () => {
    const person = await b.aUser();
    const options = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces/options',
      token: person.token,
      payload: { motDePasse: PASSWORD },
    });
    const key = new SoftAuthenticator(origin);
    const elsewhere = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces',
      token: person.token,
      payload: { nom: 'A', reponse: key.register(options.json(), { origin: 'https://evil.example' }) },
    });
    expect(elsewhere.statusCode).toBe(412);
    expect(elsewhere.json().message).toContain('n’a pas pu être vérifiée');
    const ok = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces',
      token: person.token,
      payload: { nom: 'A', reponse: key.register(options.json()) },
    });
    expect(ok.statusCode).toBe(201);
    const again = await t.call({
      method: 'POST',
      url: '/api/user/cles-acces',
      token: person.token,
      payload: { nom: 'B', reponse: new SoftAuthenticator(origin).register(options.json()) },
    });
    expect(again.statusCode).toBe(412);
    expect(again.json().message).toContain('expiré');
  });

  it('renames and removes one’s own passkeys only', async () => {
    const person = await b.aUser();
    const stranger = await b.aUser();
    const { row } = await enrol(person, 'Téléphone');
    const rename = await t.call({
      method: 'PATCH',
      url: `/api/user/cles-acces/${row.id}`,
      token: person.token,
      payload: { nom: 'Vieux téléphone' },
    });
    expect(rename.json()).toMatchObject({ nom: 'Vieux téléphone' });
    const notTheirs = await t.call({
      method: 'DELETE',
      url: `/api/user/cles-acces/${row.id}`,
      token: stranger.token,
    });
    expect(notTheirs.statusCode).toBe(404);
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/user/cles-acces/${row.id}`,
      token: person.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(await mine(person)).toEqual([]);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, person.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_removed']),
    );
  });
});

describe('signing in with a passkey', () => {
  it('as the second step of the password: mfa_required lists the factors, mfa_webauthn opens the session', async () => {
    const person = await b.aUser();
    const { key } = await enrol(person);
    const step = await form({ grant_type: 'password', username: person.identifiant, password: PASSWORD });
    expect(step.statusCode).toBe(400);
    expect(step.json()).toMatchObject({ error: 'mfa_required', facteurs: ['cle_acces', 'code_secours'] });
    const mfaToken = step.json<{ mfa_token: string }>().mfa_token;
    const options = await signInOptions(mfaToken);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const answer = await secondStepGrant(mfaToken, key.assert(options));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ token_type: 'bearer' });
    expect(await lastOutcome(person.identifiant)).toBe('passkey_ok');
    expect((await mine(person))[0]!.derniereUtilisation).not.toBeNull();
    // The `mfa_token` opened its session: a second assertion does not open another.
    const reused = await secondStepGrant(
      mfaToken,
      key.assert(await signInOptions(mfaToken).catch(() => options)),
    );
    expect(reused.statusCode).toBe(400);
  });

  it('refuses another person’s passkey at someone’s second step, counted as a failure', async () => {
    const person = await b.aUser();
    await enrol(person);
    const other = await b.aUser();
    const { key: othersKey } = await enrol(other);
    const step = await form({ grant_type: 'password', username: person.identifiant, password: PASSWORD });
    const mfaToken = step.json<{ mfa_token: string }>().mfa_token;
    const answer = await secondStepGrant(mfaToken, othersKey.assert(await signInOptions(mfaToken)));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'invalid_grant' });
    expect(answer.json().message).toContain('clé d’accès n’a pas été acceptée');
    expect(await lastOutcome(person.identifiant)).toBe('passkey_unknown');
  });

  it('alone, with user verification: the passkey names its account', async () => {
    const person = await b.aUser();
    const { key } = await enrol(person);
    const options = await signInOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await passkeyGrant(key.assert(options));
    expect(answer.statusCode, answer.body).toBe(200);
    const token = answer.json<{ access_token: string }>().access_token;
    const info = await t.call({ method: 'GET', url: '/api/user/info', token });
    expect(info.json()).toMatchObject({ id: person.id });
    // Without user verification, alone, it is not enough.
    const unverified = await passkeyGrant(key.assert(await signInOptions(), { userVerified: false }));
    expect(unverified.statusCode).toBe(400);
    expect(await lastOutcome(person.identifiant)).toBe('passkey_refused');
  });

  it('refuses a replayed challenge, a counter going back, a wrong origin, an unknown credential', async () => {
    const person = await b.aUser();
    const { key } = await enrol(person);
    const options = await signInOptions();
    const assertion = key.assert(options);
    expect((await passkeyGrant(assertion)).statusCode).toBe(200);
    // The same assertion again: its challenge is spent.
    expect((await passkeyGrant(assertion)).statusCode).toBe(400);
    expect(await lastOutcome(person.identifiant)).toBe('passkey_challenge_unknown');
    // A counter at or below the last one (a cloned authenticator).
    const back = await passkeyGrant(key.assert(await signInOptions(), { counter: key.counter - 1 }));
    expect(back.statusCode).toBe(400);
    expect(await lastOutcome(person.identifiant)).toBe('passkey_refused');
    // Signed for another site.
    const evil = await passkeyGrant(key.assert(await signInOptions(), { origin: 'https://evil.example' }));
    expect(evil.statusCode).toBe(400);
    expect(await lastOutcome(person.identifiant)).toBe('passkey_refused');
    // A passkey the server does not know: counted for the address.
    const unknown = await passkeyGrant(new SoftAuthenticator(origin).assert(await signInOptions()));
    expect(unknown.statusCode).toBe(400);
    expect(await lastOutcome('')).toBe('passkey_unknown');
    // Still fine with the right one.
    expect((await passkeyGrant(key.assert(await signInOptions()))).statusCode).toBe(200);
  });

  it('locks like passwords: refusals count towards the identifiant’s lock from that address', async () => {
    const person = await b.aUser();
    const { key } = await enrol(person);
    for (let i = 0; i < 5; i++) {
      await passkeyGrant(key.assert(await signInOptions(), { origin: 'https://evil.example' }), '10.9.0.1');
    }
    const locked = await passkeyGrant(key.assert(await signInOptions()), '10.9.0.1');
    expect(locked.statusCode).toBe(400);
    expect(await lastOutcome(person.identifiant)).toBe('locked');
    expect((await passkeyGrant(key.assert(await signInOptions()), '10.9.0.2')).statusCode).toBe(200);
  });

  it('spends a challenge once under simultaneous requests', async () => {
    const person = await b.aUser();
    const { key } = await enrol(person);
    const options = await signInOptions();
    const assertion = key.assert(options);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => passkeyGrant(assertion)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('answers a French 412 for the options of an unknown mfa_token', async () => {
    const answer = await t.call({
      method: 'POST',
      url: '/oauth/cle-acces/options',
      payload: { mfa_token: 'inconnu' },
    });
    expect(answer.statusCode).toBe(412);
    expect(answer.json().message).toContain('Cette connexion a expiré');
  });
});
