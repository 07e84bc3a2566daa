/**
 * What a request may carry (issue 31 §3 and §6), in the app: each class of route refuses a body over its
 * limit with 413 and a French message, and changes nothing; a form's fields and a JSON body's depth are
 * capped; a NUL character is refused with 400 before any schema or query, and never reaches the logs;
 * integers written as text are plain decimal digits; a body that is not an object is said in French.
 * (test/hostile-bodies.test.ts sends the large bodies to a server in its own process.)
 */
import { Writable } from 'node:stream';
import { API, pathTo } from '@union/contract';
import { count } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { signInAttempts, users } from '../src/db/schema';
import { DEFAULT_BODY_LIMIT, MAX_FORM_FIELDS, PUBLIC_BODY_LIMIT } from '../src/plugins/bodies';
import { builders, type Builders, type Person } from './builders';
import { CLIENT_BASIC, createTestContext, freshDatabase, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let admin: Person;
let tresorier: Person;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
});
afterAll(() => t.close());

const form = (size: number) => `grant_type=password&username=${'a'.repeat(size)}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function expectTooLarge(response: { statusCode: number; json(): unknown }, what: RegExp) {
  expect(response.statusCode).toBe(413);
  const body = response.json() as { status: number; error: string; message: string };
  expect(body).toMatchObject({ status: 413, error: 'too_large' });
  expect(body.message).toMatch(/^La requête est trop volumineuse : /);
  expect(body.message).toMatch(what);
}

const rowsOf = async () => ({
  users: (await t.db.select({ n: count() }).from(users))[0]!.n,
  attempts: (await t.db.select({ n: count() }).from(signInAttempts))[0]!.n,
});

describe('body limits, per class of route', () => {
  it('refuses an anonymous body over 16 KB on every public call, before reading it', async () => {
    const before = await rowsOf();
    const big = form(PUBLIC_BODY_LIMIT);
    const calls = [
      { url: API.auth.token, headers: { ...FORM, authorization: CLIENT_BASIC } },
      { url: API.payments.ipn, headers: FORM },
      { url: API.passkeys.signInOptions, headers: FORM },
      { url: API.documents.unsubscribe, headers: FORM },
      { url: API.auth.passwordReset, headers: FORM },
    ];
    for (const call of calls) {
      const response = await t.call({ method: 'POST', noXsrf: true, payload: big, ...call });
      expectTooLarge(response, /cet appel accepte 16 Ko au plus/);
      // Nothing more is read from the connection.
      expect(response.headers.connection).toBe('close');
    }
    // JSON too, on the calls that take it.
    const json = JSON.stringify({ data: 'a'.repeat(PUBLIC_BODY_LIMIT) });
    const response = await t.call({
      method: 'POST',
      url: API.passkeys.signInOptions,
      noXsrf: true,
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    expectTooLarge(response, /16 Ko/);
    expect(await rowsOf()).toEqual(before);
  });

  it('still reads a public body under its limit (a sign-in)', async () => {
    await expect(t.signIn(admin.identifiant)).resolves.toBeTruthy();
  });

  it('refuses a signed-in JSON body over 64 KB, and changes nothing', async () => {
    const before = await rowsOf();
    const response = await t.call({
      method: 'POST',
      url: API.users.user,
      token: admin.token,
      payload: {
        nom: 'Durand',
        prenom: 'Paul',
        email: 'paul.durand@exemple.fr',
        habilitations: Array.from({ length: DEFAULT_BODY_LIMIT / 6 }, () => 'USER'),
      },
    });
    expectTooLarge(response, /cet appel accepte 64 Ko au plus/);
    expect(await rowsOf()).toEqual(before);
  });

  it('gives an order the room of its 500 lines, and no more', async () => {
    const entity = await b.aLodgeWithMembers({ members: 0 });
    const line = { libelle: 'é'.repeat(200), quantite: 1, prixUnitaire: 100 };
    const order = {
      type: 'S',
      idEntite: entity.id,
      annee: 2026,
      objet: 'Cinq cents lignes',
      devis: true,
      lignes: Array.from({ length: 500 }, () => line),
    };
    // 500 lines of 200 accented letters: over the default, under the order's own limit.
    expect(JSON.stringify(order).length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const accepted = await t.call({
      method: 'POST',
      url: API.compta.order,
      token: tresorier.token,
      payload: order,
    });
    expect(accepted.statusCode, accepted.body).not.toBe(413);
    const refused = await t.call({
      method: 'POST',
      url: API.compta.order,
      token: tresorier.token,
      payload: { ...order, objet: 'x'.repeat(1100 * 1024) },
    });
    expectTooLarge(refused, /1\s024 Ko au plus/);
  });

  it(`refuses a form of more than ${MAX_FORM_FIELDS} fields before parsing it`, async () => {
    const before = await rowsOf();
    const fields = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `k${i}=v`).join('&');
    expect(fields.length).toBeLessThan(PUBLIC_BODY_LIMIT);
    for (const url of [API.auth.token, API.payments.ipn]) {
      const response = await t.call({
        method: 'POST',
        url,
        noXsrf: true,
        headers: { ...FORM, authorization: CLIENT_BASIC },
        payload: fields,
      });
      expectTooLarge(response, new RegExp(`un formulaire compte ${MAX_FORM_FIELDS} champs au plus`));
    }
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a JSON body nested deeper than 32 levels', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const response = await t.call({
      method: 'POST',
      url: API.users.search,
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      payload: `{"texte":"a","x":${deep}}`,
    });
    expectTooLarge(response, /imbriquées sur plus de 32 niveaux/);
    // Brackets inside a string are text, not depth.
    const text = await t.call({
      method: 'POST',
      url: API.users.search,
      token: admin.token,
      payload: { texte: '['.repeat(60) },
    });
    expect(text.statusCode).not.toBe(413);
  });
});

describe('the NUL character', () => {
  it('is refused with 400 in a path, a query string, a JSON body and a form, before the database', async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/calendrier/ab%00cd.ics` },
      { method: 'GET' as const, url: `${API.documents.all}?q=Pa%00ul`, token: admin.token },
      { method: 'POST' as const, url: API.users.search, token: admin.token, payload: { texte: 'a\u0000' } },
      { method: 'POST' as const, url: API.users.search, token: admin.token, payload: { ['a\u0000']: 1 } },
      {
        method: 'POST' as const,
        url: API.auth.token,
        noXsrf: true,
        headers: { ...FORM, authorization: CLIENT_BASIC },
        payload: `grant_type=password&username=${encodeURIComponent('admin\u0000')}&password=x`,
      },
    ];
    const before = await rowsOf();
    for (const call of calls) {
      const response = await t.call(call);
      expect(response.statusCode, call.url).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        error: 'nul_character',
        message:
          'La requête contient un caractère nul (U+0000), qui n’est accepté dans aucun champ : retirez-le.',
      });
    }
    // The token request with a NUL wrote no sign-in attempt: it never reached the service.
    expect(await rowsOf()).toEqual(before);
  });
});

describe('the logs of a refused statement', () => {
  it('say its SQLSTATE and its text, never its parameters', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const handle = await freshDatabase();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, db: handle, logger: { level: 'info', stream } });
    const failing = (code: string) => () => {
      const driver = Object.assign(new Error('la base refuse'), { code, detail: 'Key (x)=(detail-secret)' });
      throw new DrizzleQueryError('insert into "essai" values ($1)', ['parametre-secret'], driver);
    };
    app.get('/api/essai/refus', { config: { public: true } }, failing('22021'));
    app.get('/api/essai/panne', { config: { public: true } }, failing('57014'));
    try {
      const refused = await app.inject({ method: 'GET', url: '/api/essai/refus' });
      expect(refused.statusCode).toBe(412);
      const broken = await app.inject({ method: 'GET', url: '/api/essai/panne' });
      expect(broken.statusCode).toBe(500);
    } finally {
      await app.close();
      await handle.close();
    }
    expect(logged).toContain('22021');
    expect(logged).toContain('insert into \\"essai\\"');
    expect(logged).not.toContain('parametre-secret');
    expect(logged).not.toContain('detail-secret');
  });
});

describe('integers written as text', () => {
  const loose = ['0x1', '1.0', '01', '1e0', '+1', ' 1', '0b1'];

  it('are plain decimal digits in `rang` (a reminder letter) and `niveau` (a lodge document)', async () => {
    for (const spelling of loose) {
      const rang = await t.call({
        method: 'GET',
        url: `${pathTo(API.compta.reminderLetter, { id: 1, rang: 1 }).replace(/1$/, encodeURIComponent(spelling))}`,
        token: tresorier.token,
      });
      expect(rang.statusCode, `rang ${spelling}`).toBe(412);
      expect(rang.json().message, `rang ${spelling}`).toMatch(/Le rang de la relance est un nombre/);
      const niveau = await t.call({
        method: 'GET',
        url: `${pathTo(API.accounts.document, { idEntite: 1, id: 1, kind: 'relance' })}?niveau=${encodeURIComponent(spelling)}`,
        token: admin.token,
      });
      expect(niveau.statusCode, `niveau ${spelling}`).toBe(412);
      expect(niveau.json().message, `niveau ${spelling}`).toMatch(/Le niveau de relance est 1, 2 ou 3/);
      const page = await t.call({
        method: 'GET',
        url: `${API.documents.all}?page=${encodeURIComponent(spelling)}`,
        token: admin.token,
      });
      expect(page.statusCode, `page ${spelling}`).toBe(412);
    }
  });

  it('still read plain digits', async () => {
    const page = await t.call({ method: 'GET', url: `${API.documents.all}?page=2`, token: admin.token });
    expect(page.statusCode).toBe(200);
  });
});

describe('a body that is not an object', () => {
  it('is said in French', async () => {
    for (const payload of ['null', '[]', '3', '"texte"']) {
      const response = await t.call({
        method: 'POST',
        url: API.users.search,
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(412);
      const { message } = response.json<{ message: string }>();
      expect(message).toMatch(/^Le contenu de la requête doit être un objet JSON/);
      expect(message).not.toMatch(/Champ la requête|reçu|attendu/);
    }
  });
});
