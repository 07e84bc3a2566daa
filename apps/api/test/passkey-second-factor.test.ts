/**
 * Passkeys count as a second factor everywhere (issue 31): the first one gives recovery codes, the
 * sign-in's second step offers what the account has (a passkey, a recovery code), the administrator's
 * page shows the factor and resets it, and the officers' rule accepts it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, recoveryCodes } from '../src/db/schema';
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

const form = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** Adds a passkey as the account page does; answers the 201's body. */
async function addPasskey(person: Person, name: string) {
  const options = await t.call({
    method: 'POST',
    url: '/api/user/cles-acces/options',
    token: person.token,
    payload: { motDePasse: PASSWORD },
  });
  const created = await t.call({
    method: 'POST',
    url: '/api/user/cles-acces',
    token: person.token,
    payload: { nom: name, reponse: new SoftAuthenticator(origin).register(options.json()) },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ nom: string; codesSecours?: string[] }>();
}

describe('passkeys as a second factor', () => {
  it('gives recovery codes with the first passkey, and a recovery code then ends the sign-in', async () => {
    const person = await b.aUser();
    const first = await addPasskey(person, 'Téléphone');
    expect(first.codesSecours).toHaveLength(10);
    expect((await addPasskey(person, 'Clé USB')).codesSecours).toBeUndefined();

    const asked = await form({ grant_type: 'password', username: person.identifiant, password: PASSWORD });
    expect(asked.json()).toMatchObject({
      error: 'mfa_required',
      facteurs: ['cle_acces', 'code_secours'],
      message:
        'Utilisez votre clé d’accès pour terminer la connexion, ou saisissez un de vos codes de secours.',
    });
    const opened = await form({
      grant_type: 'mfa_otp',
      mfa_token: asked.json<{ mfa_token: string }>().mfa_token,
      otp: first.codesSecours![0]!,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const status = await t.call({ method: 'GET', url: '/api/user/second-facteur', token: person.token });
    expect(status.json()).toMatchObject({ totp: false, codesSecoursRestants: 9 });
  });

  it('shows on the administrator’s page, whose reset removes the passkeys and the codes', async () => {
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    const person = await b.aUser();
    await addPasskey(person, 'Téléphone');
    const infos = () => t.call({ method: 'GET', url: `/api/user/${person.id}/infos`, token: admin.token });
    expect((await infos()).json()).toMatchObject({ doubleAuthentification: true });
    const reset = await t.call({
      method: 'DELETE',
      url: `/api/user/${person.id}/second-facteur`,
      token: admin.token,
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, person.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.id))).toEqual([]);
    expect((await infos()).json()).toMatchObject({ doubleAuthentification: false });
  });

  it('refuses an administrator’s reset of their own factor, which goes only with a code', async () => {
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    await addPasskey(admin, 'Téléphone');
    const own = await t.call({
      method: 'DELETE',
      url: `/api/user/${admin.id}/second-facteur`,
      token: admin.token,
    });
    expect(own.statusCode).toBe(412);
    expect(own.json().message).toMatch(/page « Mon compte », qui demande un de ses codes/);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, admin.id))).toHaveLength(1);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id))).toHaveLength(
      10,
    );
  });

  it('satisfies the officers’ rule: a lodge manager with a passkey is not asked to enrol', async () => {
    const officer = await b.aUser({ habilitations: ['USER', 'LOGE'] });
    await addPasskey(officer, 'Téléphone');
    const status = await t.call({ method: 'GET', url: '/api/user/second-facteur', token: officer.token });
    expect(status.json()).toMatchObject({ obligatoire: true, avant: null });
  });
});
