import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builders, type Builders } from './builders';
import { PASSWORD, createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

/** Each test changes or reads an account of its own: its password, e-mail, telephone, notifications. */
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
});
afterAll(() => t.close());

/** Stands for the account's own e-mail in a payload (each test's account has its own). */
const OWN_EMAIL = '(own e-mail)';

describe('GET /api/user/compte', () => {
  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/compte' })).statusCode).toBe(401);
  });
  it('answers the own account', async () => {
    const paul = await b.aUser({ nom: 'Durand', prenom: 'Paul' });
    await b.aUser(); // someone else's account exists: the answer is the caller's own
    const response = await t.call({ method: 'GET', url: '/api/user/compte', token: paul.token });
    expect(response.json()).toMatchObject({
      identifiant: paul.identifiant,
      nom: 'Durand',
      prenom: 'Paul',
      email: paul.email,
      notificationRestauration: false,
      notificationDocuments: false,
      notificationMessages: true,
    });
  });
});

describe('POST /api/user/password (change)', () => {
  it('answers 401 without a session', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/user/password',
      payload: { data: 'x', actuel: 'y' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ data: 'Un-nouveau-mot-de-passe', actuel: 'faux' }, /mot de passe actuel est incorrect/],
    [{ data: 'court', actuel: PASSWORD }, /au moins 12 caractères/],
    [{ data: OWN_EMAIL, actuel: PASSWORD }, /ni votre adresse e-mail/],
    [{ data: 'Un-nouveau-mot-de-passe' }, /mot de passe actuel/],
  ])('answers 412 with a French message for %o', async (given, message) => {
    const { token, email } = await b.aUser();
    const payload = { ...given, data: given.data === OWN_EMAIL ? email : given.data };
    const response = await t.call({ method: 'POST', url: '/api/user/password', token, payload });
    expect(response.statusCode).toBe(412);
    expect(response.json()).toMatchObject({ status: 412, error: 'precondition_failed' });
    expect(response.json().message).toMatch(message);
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { token, identifiant } = await b.aUser();
    const response = await t.call({
      method: 'POST',
      url: '/api/user/password',
      token,
      payload: { data: 'Un-nouveau-mot-de-passe', actuel: PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(await t.signIn(identifiant, 'Un-nouveau-mot-de-passe')).toBeTruthy();
    await expect(t.signIn(identifiant, PASSWORD)).rejects.toThrow(/invalid_grant/);
  });
});

describe('PATCH /api/user/email, /telephone, /notification/*', () => {
  it('answers 401 without a session', async () => {
    expect(
      (await t.call({ method: 'PATCH', url: '/api/user/email', payload: { data: 'a@b.fr' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a malformed or taken e-mail with 412', async () => {
    const { token } = await b.aUser();
    const autre = await b.aUser();
    const malformed = await t.call({
      method: 'PATCH',
      url: '/api/user/email',
      token,
      payload: { data: 'paul' },
    });
    expect(malformed.statusCode).toBe(412);
    expect(malformed.json().message).toMatch(/format de l'e-mail est invalide/);
    const taken = await t.call({
      method: 'PATCH',
      url: '/api/user/email',
      token,
      // Another account's address, its local part in capitals: taken whatever the case.
      payload: { data: autre.email.replace(/^[^@]+/, (local) => local.toUpperCase()) },
    });
    expect(taken.statusCode).toBe(412);
    expect(taken.json()).toMatchObject({
      error: 'email_taken',
      message: expect.stringMatching(/déjà utilisée/),
    });
  });

  it('changes the e-mail', async () => {
    const { token } = await b.aUser();
    const address = `paul.durand-${b.unique()}@exemple.fr`;
    const response = await t.call({
      method: 'PATCH',
      url: '/api/user/email',
      token,
      payload: { data: ` ${address} ` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(address);
  });

  it('validates and changes the telephone, and clears it when empty', async () => {
    const { token } = await b.aUser();
    const bad = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token,
      payload: { data: 'appelle-moi' },
    });
    expect(bad.statusCode).toBe(412);
    expect(bad.json().message).toMatch(/téléphone est invalide/);
    const ok = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token,
      payload: { data: '04 78 12 34 56' },
    });
    expect(ok.json().telephone).toBe('04 78 12 34 56');
    const cleared = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token,
      payload: { data: '' },
    });
    expect(cleared.json().telephone).toBeNull();
  });

  it("switches the notifications with '1' and '0' only", async () => {
    const { token } = await b.aUser();
    const bad = await t.call({
      method: 'PATCH',
      url: '/api/user/notification/restauration',
      token,
      payload: { data: 'oui' },
    });
    expect(bad.statusCode).toBe(412);
    const on = await t.call({
      method: 'PATCH',
      url: '/api/user/notification/restauration',
      token,
      payload: { data: '1' },
    });
    expect(on.json().notificationRestauration).toBe(true);
    const docs = await t.call({
      method: 'PATCH',
      url: '/api/user/notification/documents',
      token,
      payload: { data: '1' },
    });
    expect(docs.json()).toMatchObject({ notificationRestauration: true, notificationDocuments: true });
    const off = await t.call({
      method: 'PATCH',
      url: '/api/user/notification/restauration',
      token,
      payload: { data: '0' },
    });
    expect(off.json().notificationRestauration).toBe(false);
    // The broadcast messages' e-mails: on by default, turned off and on from the account page too.
    const messages = await t.call({
      method: 'PATCH',
      url: '/api/user/notification/messages',
      token,
      payload: { data: '0' },
    });
    expect(messages.json()).toMatchObject({ notificationDocuments: true, notificationMessages: false });
  });

  it('writes each switch of a notification in the account’s history (issue 18)', async () => {
    const { id, token } = await b.aUser();
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    for (const [kind, data] of [
      ['documents', '0'],
      ['restauration', '1'],
    ])
      await t.call({ method: 'PATCH', url: `/api/user/notification/${kind}`, token, payload: { data } });
    const history = await t.call({ method: 'GET', url: `/api/user/${id}/historique`, token: admin.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json<{ action: string; libelle: string; resume: string | null }[]>()
        .filter((entry) => entry.action === 'notification_changed')
        .map(({ libelle, resume }) => [libelle, resume]),
    ).toEqual([
      ['Changement des notifications par e-mail', 'Restauration : activée'],
      ['Changement des notifications par e-mail', 'Nouveaux documents : désactivée'],
    ]);
  });
});
