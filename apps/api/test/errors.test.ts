/**
 * Bad input never makes a 500: whatever the schemas let through, the database refuses, or Fastify
 * cannot read ends as a 412 with a French message; a real fault answers 500 without its internals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  CLIENT_BASIC,
  createEntity,
  createTestContext,
  createUser,
  freshDatabase,
  type TestContext,
} from './helpers';

let t: TestContext;
let admin: string;
let userId: number;
let entityId: number;

beforeAll(async () => {
  t = await createTestContext();
  await createUser(t.db, { identifiant: 'admin', habilitations: ['USER', 'ADMIN'] });
  userId = (await createUser(t.db, { identifiant: 'paul', nom: 'Paul' })).id;
  entityId = (await createEntity(t.db, { code: 'LOGE-A', nom: 'Loge A', type: 'GODF' })).id;
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const expect412 = (response: { statusCode: number; json: () => { status: number; message: string } }) => {
  expect(response.statusCode).toBe(412);
  expect(response.json().status).toBe(412);
  expect(response.json().message).toMatch(/[a-zé]/);
};

describe('values the database would refuse', () => {
  it('refuses a NUL character in a sign-in identifiant', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'pa\u0000ul',
        password: 'x',
      }).toString(),
    });
    expect(response.statusCode).not.toBe(500);
    expect([400, 412]).toContain(response.statusCode);
  });

  it('refuses a NUL character in a searched text', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/user/search',
      token: admin,
      payload: { texte: 'Pa\u0000ul' },
    });
    // Refused before the schema and the database (issue 31 §6): a 400 of its own, in French.
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, error: 'nul_character' });
  });

  it('refuses ids past the integer range in a path, a body and a query', async () => {
    expect412(await t.call({ method: 'GET', url: '/api/user/3000000000/infos', token: admin }));
    expect412(await t.call({ method: 'GET', url: '/api/entite/3000000000/infos', token: admin }));
    expect412(
      await t.call({
        method: 'POST',
        url: `/api/user/${userId}/appartenances`,
        token: admin,
        payload: { entiteId: 3000000000 },
      }),
    );
    expect412(await t.call({ method: 'GET', url: '/api/reservation/3000000000/infos', token: admin }));
  });

  it('refuses the year 0 as a membership start', async () => {
    const response = await t.call({
      method: 'POST',
      url: `/api/user/${userId}/appartenances`,
      token: admin,
      payload: { entiteId: entityId, debut: '0000-01-01' },
    });
    expect412(response);
    expect(response.json().message).toMatch(/1900/);
  });
});

describe('requests that cannot be read', () => {
  it('answers 412 for a file import that is not multipart, or whose multipart body is broken', async () => {
    expect412(
      await t.call({
        method: 'POST',
        url: `/api/user/import?idEntite=${entityId}`,
        token: admin,
        payload: { a: 1 },
      }),
    );
    const noBoundary = await t.call({
      method: 'POST',
      url: `/api/user/import?idEntite=${entityId}`,
      token: admin,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'pas de frontière',
    });
    expect412(noBoundary);
    const truncated = await t.call({
      method: 'POST',
      url: `/api/user/import?idEntite=${entityId}`,
      token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\n\r\nNom;Prénom',
    });
    expect412(truncated);
  });

  it('answers 412, not 415, for a body of a type the API does not read', async () => {
    const response = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token: admin,
      headers: { 'content-type': 'text/csv' },
      payload: 'a;b',
    });
    expect412(response);
    expect(response.json()).toMatchObject({ error: 'unsupported_media_type' });
  });
});

it('answers a fault with a bare 500 that reveals nothing of it', async () => {
  const handle = await freshDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }),
    db: handle,
  });
  app.get('/erreur-test', { config: { public: true } }, async () => {
    throw new Error('secret interne: mot de passe de la base');
  });
  await app.ready();
  try {
    const response = await app.inject({ method: 'GET', url: '/erreur-test' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      error: 'internal_error',
      message: 'Une erreur inattendue est survenue. Réessayez plus tard.',
    });
    expect(response.body).not.toContain('secret');
  } finally {
    await app.close();
    await handle.close();
  }
});

describe('what the fuzzer found (test/fuzz.test.ts)', () => {
  it('names the allowed values of a code list by their French labels, never by raw codes', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/user',
      token: admin,
      payload: {
        id: userId,
        identifiant: 'paul',
        nom: 'Paul',
        prenom: 'Jean',
        email: 'paul@exemple.fr',
        habilitations: ['USER'],
        etat: 'X',
      },
    });
    expect412(response);
    expect(response.json().message).toBe(
      'Champ « etat » : valeur non reconnue : choisissez « Actif », « Inactif » ou « Supprimé ».',
    );
  });

  it('names an action by its label, from the code list that holds it', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/reservation?action=INFOS',
      token: admin,
      payload: { id: 1 },
    });
    expect412(response);
    expect(response.json().message).toContain('« Accepter la demande »');
    expect(response.json().message).not.toMatch(/"EDIT"|ACCEPT_CREATION/);
  });

  it('says in French what a plain enum allows (sort order, export scope, notification flag)', async () => {
    const sort = await t.call({
      method: 'POST',
      url: '/api/user/search',
      token: admin,
      payload: { sens: 'haut' },
    });
    expect412(sort);
    expect(sort.json().message).toBe(
      'Champ « sens » : Le sens du tri est croissant (asc) ou décroissant (desc).',
    );
    const flag = await t.call({
      method: 'PATCH',
      url: '/api/user/notification/documents',
      token: admin,
      payload: { data: 'oui' },
    });
    expect412(flag);
    expect(flag.json().message).not.toContain('"0"|"1"');
  });

  it('names the first problem when there are several, and counts the others', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/parametres/salles',
      token: admin,
      payload: { nom: '', capacite: 0, couleur: 'rouge', tarifHoraire: -1 },
    });
    expect412(response);
    expect(response.json().message).toMatch(/^Champ « nom » : .+ \(et 3 autres problèmes à corriger\)$/);
    expect(response.json().details).toHaveLength(4);
  });

  it('answers a malformed %-escape in the address with a French 412 that does not echo it', async () => {
    const response = await t.call({ method: 'GET', url: `/api/entite/%E0%A4%A/infos`, token: admin });
    expect412(response);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
    expect(response.body).not.toContain('%E0');
  });

  it('answers a path parameter over 100 characters with a French 412 that does not echo it', async () => {
    const response = await t.call({ method: 'GET', url: `/api/user/${'1'.repeat(500)}/infos`, token: admin });
    expect412(response);
    expect(response.body).not.toContain('1111111111');
  });
});

it('lists at most 20 problems, however many values are wrong', async () => {
  const response = await t.call({
    method: 'POST',
    url: '/api/user',
    token: admin,
    payload: {
      nom: 'Durand',
      prenom: 'Paul',
      email: 'paul.durand@exemple.fr',
      // As many as the call's 64 KB body holds (plugins/bodies.ts).
      habilitations: Array.from({ length: 5_000 }, (_, i) => `X${i}`),
    },
  });
  expect412(response);
  expect(response.json().message).toMatch(
    /^Champ « habilitations\.0 » : .+\(et 4999 autres problèmes à corriger\)$/,
  );
  expect(response.json().details).toHaveLength(21);
  expect(response.json().details?.at(-1)).toBe('… et 4980 autres problèmes.');
  expect(response.body.length).toBeLessThan(20_000);
});

describe('plain French for what Zod says vaguely', () => {
  it('says a missing field is required', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/user',
      token: admin,
      payload: { prenom: 'Paul', email: 'paul.durand@exemple.fr' },
    });
    expect412(response);
    expect(response.json().message).toBe('Champ « nom » : ce champ est obligatoire.');
  });

  it('gives the message of a union branch rather than « Entrée invalide »', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/entite',
      token: admin,
      payload: { code: 'LOGE-Z', nom: 'Loge Z', type: 'GODF', emailFacturation: 'pas-un-email' },
    });
    expect412(response);
    expect(response.json().message).toBe(
      "Champ « emailFacturation » : Le format de l'e-mail est invalide (exemple : prenom.nom@exemple.fr).",
    );
  });
});
