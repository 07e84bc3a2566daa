/**
 * POST /api/user/search outside ADMIN: a lodge manager finds the members of the entities they manage,
 * or one account by its exact e-mail, with only the fields the picker shows; never every account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';
import { eq } from 'drizzle-orm';

let t: TestContext;
let adminToken: string;
let lodgeToken: string;
let idleLodgeToken: string;
let memberToken: string;
let mine: number;
let theirs: number;

const yesterday = () => {
  const d = new Date(`${parisDay()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestContext();
  await createUser(t.db, { identifiant: 'admin', habilitations: ['USER', 'ADMIN'], nom: 'Zola' });
  const venerable = await createUser(t.db, {
    identifiant: 'venerable',
    habilitations: ['USER', 'LOGE'],
    nom: 'Vénérable',
    prenom: 'Victor',
  });
  await createUser(t.db, { identifiant: 'sansloge', habilitations: ['USER', 'LOGE'], nom: 'Sansloge' });
  const marie = await createUser(t.db, {
    identifiant: 'marie',
    nom: 'Lefèvre',
    prenom: 'Marie',
    email: 'marie.lefevre@exemple.fr',
  });
  const paul = await createUser(t.db, {
    identifiant: 'paul',
    nom: 'Lefort',
    prenom: 'Paul',
    email: 'paul.lefort@ailleurs.fr',
  });
  const ancien = await createUser(t.db, { identifiant: 'ancien', nom: 'Lefranc', prenom: 'Ancien' });
  const inactif = await createUser(t.db, {
    identifiant: 'inactif',
    nom: 'Lefebvre',
    prenom: 'Inès',
    etat: 'I',
    email: 'ines@exemple.fr',
  });
  await createUser(t.db, { identifiant: 'seul', nom: 'Personne', prenom: 'Sans', email: 'seul@exemple.fr' });
  await t.db.update(users).set({ telephone: '06 00 00 00 00' }).where(eq(users.id, paul.id));
  mine = (await createEntity(t.db, { code: 'CHEV' })).id;
  theirs = (await createEntity(t.db, { code: 'TOL' })).id;
  await addMembership(t.db, { userId: venerable.id, entityId: mine, gestion: true });
  await addMembership(t.db, { userId: marie.id, entityId: mine });
  await addMembership(t.db, { userId: inactif.id, entityId: mine });
  await addMembership(t.db, { userId: ancien.id, entityId: mine, debut: '2020-01-01', fin: yesterday() });
  await addMembership(t.db, { userId: paul.id, entityId: theirs });
  adminToken = await t.signIn('admin');
  lodgeToken = await t.signIn('venerable');
  idleLodgeToken = await t.signIn('sansloge');
  memberToken = await t.signIn('marie');
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
