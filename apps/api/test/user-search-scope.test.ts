/**
 * POST /api/user/search outside ADMIN: a lodge manager finds the members of the entities they manage,
 * or one account by its exact e-mail, with only the fields the picker shows; never every account.
 */
import { addDays } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let adminToken: string;
let lodgeToken: string;
let idleLodgeToken: string;
let memberToken: string;
let mine: number;
let theirs: number;

// One world built once: every test below only searches it, none changes it.
beforeAll(async () => {
  t = await createTestContext();
  const b = builders(t);
  adminToken = (await b.aUser({ identifiant: 'admin', habilitations: ['USER', 'ADMIN'], nom: 'Zola' })).token;
  idleLodgeToken = (
    await b.aUser({ identifiant: 'sansloge', habilitations: ['USER', 'LOGE'], nom: 'Sansloge' })
  ).token;
  await b.aUser({ identifiant: 'seul', nom: 'Personne', prenom: 'Sans', email: 'seul@exemple.fr' });
  const chevaliers = await b.aLodgeWithMembers({
    code: 'CHEV',
    // « maitre » sorts before « marie » while Vénérable sorts after Lefèvre: sorting by identifiant
    // would not give the order by name the manager gets.
    managers: [{ identifiant: 'maitre', nom: 'Vénérable', prenom: 'Victor' }],
    members: [
      { identifiant: 'marie', nom: 'Lefèvre', prenom: 'Marie', email: 'marie.lefevre@exemple.fr' },
      // Added by the operator (an administrator): a lodge manager could not add an inactive account.
      { identifiant: 'inactif', nom: 'Lefebvre', prenom: 'Inès', etat: 'I', email: 'ines@exemple.fr' },
      {
        identifiant: 'ancien',
        nom: 'Lefranc',
        prenom: 'Ancien',
        debut: '2020-01-01',
        fin: addDays(t.clock.today(), -1),
      },
    ],
  });
  const tolerance = await b.aLodgeWithMembers({
    code: 'TOL',
    members: [{ identifiant: 'paul', nom: 'Lefort', prenom: 'Paul', email: 'paul.lefort@ailleurs.fr' }],
  });
  const telephone = await t.call({
    method: 'PATCH',
    url: '/api/user/telephone',
    token: tolerance.member.token,
    payload: { data: '06 00 00 00 00' },
  });
  expect(telephone.statusCode).toBe(200);
  mine = chevaliers.id;
  theirs = tolerance.id;
  lodgeToken = chevaliers.manager.token;
  memberToken = chevaliers.member.token;
});
afterAll(() => t.close());

const search = (token: string, payload: unknown) =>
  t.call({ method: 'POST', url: '/api/user/search', token, payload });

const names = (body: { lignes: { prenom: string; nom: string }[] }) =>
  body.lignes.map((l) => `${l.prenom} ${l.nom}`);

describe('a lodge manager', () => {
  it('without any filter sees the active current members of their entities only, never every account', async () => {
    const response = await search(lodgeToken, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual(['Marie Lefèvre', 'Victor Vénérable']);
    expect(body.total).toBe(2);
  });

  it('gets only what the picker shows: no identifiant, telephone, state or habilitations', async () => {
    const body = (await search(lodgeToken, { texte: 'marie' })).json();
    expect(body.lignes).toEqual([
      { id: expect.any(Number), nom: 'Lefèvre', prenom: 'Marie', email: 'marie.lefevre@exemple.fr' },
    ]);
  });

  it('does not find members of other entities, former members or inactive accounts by name', async () => {
    expect(names((await search(lodgeToken, { texte: 'lef' })).json())).toEqual(['Marie Lefèvre']);
    expect((await search(lodgeToken, { texte: 'ailleurs.fr' })).json().total).toBe(0);
    expect((await search(lodgeToken, { texte: 'paul.lefort@ailleurs' })).json().total).toBe(0);
    expect((await search(lodgeToken, { texte: 'seul' })).json().total).toBe(0);
  });

  it('finds an active account elsewhere by its exact e-mail, whatever the case', async () => {
    const body = (await search(lodgeToken, { texte: 'Paul.Lefort@Ailleurs.fr' })).json();
    expect(body.lignes).toEqual([
      { id: expect.any(Number), nom: 'Lefort', prenom: 'Paul', email: 'paul.lefort@ailleurs.fr' },
    ]);
    expect(names((await search(lodgeToken, { texte: 'seul@exemple.fr' })).json())).toEqual(['Sans Personne']);
    // Not an inactive one (the manager could not add it).
    expect((await search(lodgeToken, { texte: 'ines@exemple.fr' })).json().total).toBe(0);
  });

  it('may filter on an entity they manage, not on another one nor on a habilitation', async () => {
    expect(names((await search(lodgeToken, { entiteId: mine })).json())).toEqual([
      'Marie Lefèvre',
      'Victor Vénérable',
    ]);
    expect((await search(lodgeToken, { entiteId: theirs })).statusCode).toBe(403);
    expect((await search(lodgeToken, { habilitation: 'ADMIN' })).statusCode).toBe(403);
  });

  it('cannot see inactive accounts nor sort by what the rows do not show', async () => {
    expect((await search(lodgeToken, { etat: 'I' })).json().total).toBe(2);
    expect(names((await search(lodgeToken, { etat: 'I' })).json())).not.toContain('Inès Lefebvre');
    const sorted = (await search(lodgeToken, { tri: 'identifiant', sens: 'desc' })).json();
    expect(names(sorted)).toEqual(['Victor Vénérable', 'Marie Lefèvre']);
  });

  it('who manages no entity finds nobody, not even by e-mail', async () => {
    expect((await search(idleLodgeToken, {})).json().total).toBe(0);
    expect((await search(idleLodgeToken, { texte: 'seul@exemple.fr' })).json().total).toBe(0);
  });
});

describe('other callers', () => {
  it('without ADMIN nor LOGE get 403', async () => {
    expect((await search(memberToken, {})).statusCode).toBe(403);
    expect((await search(memberToken, { texte: 'seul@exemple.fr' })).statusCode).toBe(403);
  });

  it('an administrator still searches every account with every field', async () => {
    const body = (await search(adminToken, { texte: 'lef' })).json();
    expect(body.total).toBe(4);
    const paul = body.lignes.find((l: { identifiant: string }) => l.identifiant === 'paul');
    expect(paul).toMatchObject({
      identifiant: 'paul',
      email: 'paul.lefort@ailleurs.fr',
      telephone: '06 00 00 00 00',
      etat: 'A',
      habilitations: ['USER'],
    });
  });
});
