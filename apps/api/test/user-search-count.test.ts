/**
 * The user search counts a free text up to USER_SEARCH_COUNT_LIMIT only (a common word would otherwise
 * read the whole table to count it), and says so; the list without text keeps its exact total.
 */
import { USER_SEARCH_COUNT_LIMIT } from '@union/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let adminToken: string;
const MANY = USER_SEARCH_COUNT_LIMIT + 5;

const search = (payload: object) =>
  t.call({ method: 'POST', url: '/api/user/search', token: adminToken, payload });

beforeAll(async () => {
  t = await createTestContext();
  await createUser(t.db, {
    identifiant: 'admin',
    habilitations: ['USER', 'ADMIN'],
    nom: 'Zola',
    prenom: 'Émile',
  });
  await t.handle.exec(`
    INSERT INTO users (identifiant, nom, prenom, email)
      SELECT 'adherent' || i, 'Adhérent ' || i, 'Prénom', 'adherent' || i || '@grande-loge.fr'
      FROM generate_series(1, ${MANY}) i`);
  adminToken = await t.signIn('admin');
});
afterAll(() => t.close());

it('counts a text that matches too many accounts up to the limit, and still sends the sorted page', async () => {
  const body = (await search({ texte: 'grande-loge', taille: 3 })).json();
  expect(body).toMatchObject({ total: USER_SEARCH_COUNT_LIMIT, totalAuMoins: true, page: 1, taille: 3 });
  // The French order: « Adhérent 1 », « Adhérent 10 », « Adhérent 100 » (text, accents ignored).
  expect(body.lignes.map((l: { nom: string }) => l.nom)).toEqual([
    'Adhérent 1',
    'Adhérent 10',
    'Adhérent 100',
  ]);
});

it('counts exactly a text that matches up to the limit', async () => {
  const exactly = (await search({ texte: 'adherent1' })).json();
  // adherent1, 10-19, 100-199, 1000-1005: 1 + 10 + 100 + 6.
  expect(exactly).toMatchObject({ total: 117, totalAuMoins: false });
  expect(exactly.lignes).toHaveLength(20);
  // A page past the end still says how many there are.
  expect((await search({ texte: 'adherent1', page: 7 })).json()).toMatchObject({ total: 117, lignes: [] });
  expect((await search({ texte: 'adherent1', page: 6 })).json().lignes).toHaveLength(17);
});

it('keeps the exact total of the list without text', async () => {
  expect((await search({})).json()).toMatchObject({ total: MANY + 1, totalAuMoins: false });
});
