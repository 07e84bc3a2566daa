/** Entities and memberships: one policy, ADMIN everywhere, LOGE only where they manage. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, entities, memberships, users } from '../src/db/schema';
import { databaseErrorCode } from '../src/lib/constraints';
import { builders, type Builders, type Lodge, type Member, type Person } from './builders';
import { addMembership, createTestContext, onItsOwnDatabase, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let adminToken: string;

/** The day before the app's today. */
const yesterday = ({ clock }: TestContext = t) => {
  const d = new Date(`${clock.today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * What each test starts from, built for it alone: « Les Chevaliers du Rhône » managed by its
 * Vénérable Maître, « Tolérance et Progrès » where Marie is a member (and where the Vénérable's
 * gestion ended yesterday: he manages nothing there any more), and Paul, who belongs nowhere.
 */
interface Scene {
  mine: Lodge;
  other: Lodge;
  /** The Vénérable Maître of mine (LOGE), and his token. */
  manager: Member;
  lodgeToken: string;
  /** Marie, a member of the other lodge only, and her token. */
  marie: Member;
  memberToken: string;
  paul: Person;
}

async function aScene(on: Builders = b, codes: { mine?: string; other?: string } = {}): Promise<Scene> {
  const mine = await on.aLodgeWithMembers({
    code: codes.mine,
    nom: 'Les Chevaliers du Rhône',
    members: 0,
    managers: [{ habilitations: ['USER', 'LOGE'], fonction: 'Vénérable Maître' }],
  });
  const other = await on.aLodgeWithMembers({
    code: codes.other,
    nom: 'Tolérance et Progrès',
    type: 'DH',
    members: [{ prenom: 'Marie', nom: 'Membre', fonction: 'Membre' }],
  });
  await on.aMembership(other.id, mine.manager, { flags: { gestion: true }, fin: yesterday() });
  const paul = await on.aUser({ prenom: 'Paul', nom: 'Durand' });
  return {
    mine,
    other,
    manager: mine.manager,
    lodgeToken: mine.manager.token,
    marie: other.member,
    memberToken: other.member.token,
    paul,
  };
}

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  await b.theUnion();
  adminToken = (await b.aUser({ habilitations: ['USER', 'ADMIN'], nom: 'Zola', prenom: 'Émile' })).token;
});
afterAll(() => t.close());

describe('GET /api/entite/all', () => {
  it('answers 401 without a session, and every entity with its member count to anyone signed in', () =>
    // Every entity of the database: on one of its own, where no other test adds any.
    onItsOwnDatabase(async (own) => {
      const ownBuilders = builders(own);
      await ownBuilders.theUnion();
      const { memberToken } = await aScene(ownBuilders, { mine: 'CHEV', other: 'TOL' });
      expect((await own.call({ method: 'GET', url: '/api/entite/all' })).statusCode).toBe(401);
      const response = await own.call({ method: 'GET', url: '/api/entite/all', token: memberToken });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.map((e: { code: string }) => e.code)).toEqual(['UNION', 'CHEV', 'TOL']);
      expect(body.find((e: { code: string }) => e.code === 'TOL').nbMembres).toBe(1);
    }));
});

describe('POST /api/entite and PUT /api/entite', () => {
  const valid = { code: 'HELV', nom: 'Helvétie Lyonnaise', type: 'GOS', numero: '77', ville: 'Lyon' };

  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/entite', payload: valid })).statusCode).toBe(401);
  });

  it.each([
    [{ ...valid, code: 'minuscules' }, /majuscules/],
    [{ ...valid, type: 'XX' }, /type/],
    [{ ...valid, nom: '' }, /nom est obligatoire/],
    [{ ...valid, emailFacturation: 'faux' }, /e-mail est invalide/],
    [{ ...valid, type: 'UN' }, /L'Union existe déjà/],
  ])('answers 412 for %o', async (payload, message) => {
    const response = await t.call({ method: 'POST', url: '/api/entite', token: adminToken, payload });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(message);
  });

  it('answers 412 for a code already taken, naming the entity', async () => {
    const { mine } = await aScene();
    const payload = { ...valid, code: mine.code };
    const response = await t.call({ method: 'POST', url: '/api/entite', token: adminToken, payload });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/déjà utilisé par l'entité « Les Chevaliers du Rhône »/);
  });

  it('answers a taken code with its own error code', async () => {
    const { mine } = await aScene();
    const response = await t.call({
      method: 'POST',
      url: '/api/entite',
      token: adminToken,
      payload: { ...valid, code: mine.code },
    });
    expect(response.json()).toMatchObject({ status: 412, error: 'entity_code_taken' });
  });

  it('answers 403 without ADMIN', async () => {
    const { lodgeToken } = await aScene();
    expect(
      (await t.call({ method: 'POST', url: '/api/entite', token: lodgeToken, payload: valid })).statusCode,
    ).toBe(403);
  });

  it('PUT answers 401 without a session and 412 for each invalid field or a taken code', async () => {
    const { mine, other } = await aScene();
    const edit = { ...valid, id: mine.id, code: mine.code, nom: 'Les Chevaliers du Rhône', etat: 'A' };
    expect((await t.call({ method: 'PUT', url: '/api/entite', payload: edit })).statusCode).toBe(401);
    for (const [payload, message] of [
      [{ ...edit, id: 'x' }, /id/],
      [{ ...edit, code: 'minuscules' }, /majuscules/],
      [{ ...edit, type: 'XX' }, /type/],
      [{ ...edit, nom: ' ' }, /nom est obligatoire/],
      [{ ...edit, etat: 'I' }, /etat/],
      [{ ...edit, emailFacturation: 'faux' }, /e-mail est invalide/],
      [{ ...edit, code: other.code }, /déjà utilisé par l'entité « Tolérance et Progrès »/],
      [{ ...edit, type: 'UN' }, /L'Union existe déjà/],
    ] as const) {
      const response = await t.call({ method: 'PUT', url: '/api/entite', token: adminToken, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(412);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    const [kept] = await t.db.select().from(entities).where(eq(entities.id, mine.id));
    expect(kept).toMatchObject({ code: mine.code, type: 'GODF', etat: 'A' });
  });

  it('creates, then edits and deletes an entity, with its history', async () => {
    const { lodgeToken } = await aScene();
    // A code of its own, so that no other test meets it taken.
    const code = `HELV-${b.unique()}`;
    const created = await t.call({
      method: 'POST',
      url: '/api/entite',
      token: adminToken,
      payload: { ...valid, code, emailFacturation: '', adresseFacturation: '8 rue Garibaldi\n69006 Lyon' },
    });
    expect(created.statusCode).toBe(201);
    const entity = created.json();
    expect(entity).toMatchObject({ code, etat: 'A', emailFacturation: null, nbMembres: 0 });
    expect(entity.actions).toEqual(['EDIT', 'MEMBERS', 'HISTORY', 'ADD_MEMBER']);

    const put = (payload: unknown, token = adminToken) =>
      t.call({ method: 'PUT', url: '/api/entite', token, payload });
    const edit = {
      ...valid,
      code,
      id: entity.id,
      etat: 'S',
      ville: 'Lyon 6e',
      emailFacturation: 'tresor@helvetie.fr',
      adresseFacturation: '8 rue Garibaldi\n69006 Lyon',
    };
    expect((await put(edit, lodgeToken)).statusCode).toBe(403);
    expect((await put({ ...edit, id: 99999 })).statusCode).toBe(404);
    const updated = await put(edit);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      etat: 'S',
      ville: 'Lyon 6e',
      emailFacturation: 'tresor@helvetie.fr',
    });
    // A deleted entity keeps its members and history, and takes no new member.
    expect(updated.json().actions).toEqual(['EDIT', 'MEMBERS', 'HISTORY']);
    const history = (
      await t.call({ method: 'GET', url: `/api/entite/${entity.id}/historique`, token: adminToken })
    ).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['entity_updated', 'entity_created']);
    expect(history[0].resume).toMatch(/ville, e-mail de facturation, état/);
  });

  it('keeps the Union: no type change, no deletion', async () => {
    const all = (await t.call({ method: 'GET', url: '/api/entite/all', token: adminToken })).json();
    const union = all.find((e: { type: string }) => e.type === 'UN');
    const response = await t.call({
      method: 'PUT',
      url: '/api/entite',
      token: adminToken,
      payload: { id: union.id, code: 'UNION', nom: "L'Union", type: 'UN', etat: 'S' },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/L'Union ne peut ni changer de type ni être supprimée/);
  });
});

describe('GET /api/entite/{id}/infos and /historique', () => {
  it('answers 401, 412, 403 (not managed), 404, then the entity', async () => {
    const { mine, other, lodgeToken, memberToken } = await aScene();
    expect((await t.call({ method: 'GET', url: `/api/entite/${mine.id}/infos` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/entite/x/infos', token: adminToken })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/entite/${other.id}/infos`, token: lodgeToken })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/entite/${other.id}/historique`, token: lodgeToken }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/entite/${mine.id}/infos`, token: memberToken })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/entite/99999/infos', token: adminToken })).statusCode,
    ).toBe(404);
    const response = await t.call({ method: 'GET', url: `/api/entite/${mine.id}/infos`, token: lodgeToken });
    expect(response.json()).toMatchObject({
      code: mine.code,
      nbMembres: 1,
      actions: ['MEMBERS', 'HISTORY', 'ADD_MEMBER'],
    });
  });
  it('historique answers 401, 412, 403 (not managed), 404, then the history', async () => {
    const { mine, lodgeToken, memberToken } = await aScene();
    const url = (id: number | string) => `/api/entite/${id}/historique`;
    expect((await t.call({ method: 'GET', url: url(mine.id) })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: url('x'), token: adminToken })).statusCode).toBe(412);
    expect((await t.call({ method: 'GET', url: url(0), token: adminToken })).statusCode).toBe(412);
    expect((await t.call({ method: 'GET', url: url(mine.id), token: memberToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url(99999), token: lodgeToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url(99999), token: adminToken })).statusCode).toBe(404);
    const response = await t.call({ method: 'GET', url: url(mine.id), token: lodgeToken });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});

describe('memberships seen from the entity', () => {
  const url = (id: number) => `/api/entite/${id}/appartenances`;

  it('GET answers 401, 403 to a manager of another entity, 404, then the members', async () => {
    const { mine, other, manager, lodgeToken } = await aScene();
    expect((await t.call({ method: 'GET', url: url(mine.id) })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: url(other.id), token: lodgeToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url(99999), token: adminToken })).statusCode).toBe(404);
    const members = (await t.call({ method: 'GET', url: url(mine.id), token: lodgeToken })).json();
    expect(members).toEqual([
      expect.objectContaining({
        fonction: 'Vénérable Maître',
        gestion: true,
        actuelle: true,
        actions: ['EDIT', 'END'],
        utilisateur: expect.objectContaining({ identifiant: manager.identifiant }),
        entite: { code: mine.code, nom: 'Les Chevaliers du Rhône', type: 'GODF' },
      }),
    ]);
  });

  it('POST answers 401 and 412 for invalid bodies', async () => {
    const { mine, marie, paul, lodgeToken } = await aScene();
    expect(
      (await t.call({ method: 'POST', url: url(mine.id), payload: { userId: paul.id } })).statusCode,
    ).toBe(401);
    for (const [payload, message] of [
      [{}, /un seul des deux/],
      [{ userId: paul.id, nouveau: { nom: 'A', prenom: 'B', email: 'a@b.fr' } }, /un seul des deux/],
      [{ userId: paul.id, email: paul.email, debut: '2026-13-01' }, /aaaa-mm-jj/],
      [{ userId: paul.id, email: 'paul' }, /format de l'e-mail/],
      [{ userId: paul.id, email: paul.email, debut: '2026-03-01', fin: '2026-02-01' }, /date de fin/],
      [{ nouveau: { nom: 'A', prenom: 'B', email: marie.email } }, /déjà utilisée/],
    ] as const) {
      const response = await t.call({ method: 'POST', url: url(mine.id), token: lodgeToken, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(412);
      expect(response.json().message).toMatch(message);
    }
  });

  it('POST answers 403 on an entity the manager does not manage, whatever the body says', async () => {
    const { mine, other, paul, lodgeToken, memberToken } = await aScene();
    const response = await t.call({
      method: 'POST',
      url: url(other.id),
      token: lodgeToken,
      payload: { userId: paul.id },
    });
    expect(response.statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: url(mine.id), token: memberToken, payload: { userId: paul.id } }))
        .statusCode,
    ).toBe(403);
  });

  it('POST answers 404 for an unknown user or entity', async () => {
    const { mine, paul, lodgeToken } = await aScene();
    expect(
      (await t.call({ method: 'POST', url: url(mine.id), token: lodgeToken, payload: { userId: 99999 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: url(99999), token: adminToken, payload: { userId: paul.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('lets a lodge manager name only the people of their entities, or someone by their exact e-mail', async () => {
    const { mine, marie, paul, lodgeToken } = await aScene();
    const admin = await b.aUser({ prenom: 'Alice', nom: 'Admin', habilitations: ['USER', 'ADMIN'] });
    for (const [path, payload] of [
      [url(mine.id), { userId: admin.id }],
      [url(mine.id), { userId: paul.id, email: marie.email }],
      [`/api/user/${paul.id}/appartenances`, { entiteId: mine.id }],
      [`/api/user/${marie.id}/appartenances`, { entiteId: mine.id, email: 'marie@ailleurs.fr' }],
    ] as const) {
      const response = await t.call({ method: 'POST', url: path, token: lodgeToken, payload });
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(404);
      expect(response.json().message).toBe(
        "Personne de ce numéro parmi les membres de vos entités : pour ajouter quelqu'un d'ailleurs, saisissez son adresse e-mail exacte.",
      );
      expect(response.body).not.toMatch(/Durand|Marie|Alice/);
    }
    expect(await t.db.select().from(memberships).where(eq(memberships.entityId, mine.id))).toHaveLength(1);
    // The exact address, whatever its case, names the person; a former member needs none.
    const added = await t.call({
      method: 'POST',
      url: url(mine.id),
      token: lodgeToken,
      payload: { userId: paul.id, email: paul.email.toUpperCase(), debut: '2020-01-01', fin: '2020-12-31' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const again = await t.call({
      method: 'POST',
      url: `/api/user/${paul.id}/appartenances`,
      token: lodgeToken,
      payload: { entiteId: mine.id, debut: '2024-01-01' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('POST adds an existing user, and refuses a second overlapping membership', async () => {
    const { mine, paul, lodgeToken } = await aScene();
    const payload = {
      userId: paul.id,
      email: paul.email,
      fonction: 'Orateur',
      debut: '2024-09-01',
      reservation: true,
    };
    const response = await t.call({ method: 'POST', url: url(mine.id), token: lodgeToken, payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userId: paul.id,
      fonction: 'Orateur',
      reservation: true,
      gestion: false,
      actuelle: true,
    });
    const again = await t.call({
      method: 'POST',
      url: url(mine.id),
      token: lodgeToken,
      payload: { userId: paul.id },
    });
    // Paul is now a member of the lodge: his manager names him without his e-mail.
    expect(again.statusCode).toBe(412);
    expect(again.json().message).toBe(
      'Paul Durand est déjà membre de « Les Chevaliers du Rhône » sur cette période.',
    );
    const history = (
      await t.call({ method: 'GET', url: `/api/entite/${mine.id}/historique`, token: lodgeToken })
    ).json();
    expect(history[0]).toMatchObject({
      action: 'membership_added',
      resume: `Membre : Paul Durand (${paul.identifiant}) ; Fonction : Orateur`,
    });
  });

  it('POST creates a new member with the Membre profile and an invitation', async () => {
    const { mine, lodgeToken } = await aScene();
    const response = await t.call({
      method: 'POST',
      url: url(mine.id),
      token: lodgeToken,
      payload: { nouveau: { nom: 'Nouveau', prenom: 'Noé', email: 'noe@exemple.fr' }, fonction: 'Apprenti' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().utilisateur).toMatchObject({ identifiant: 'noe.nouveau', etat: 'A' });
    const [created] = await t.db.select().from(users).where(eq(users.email, 'noe@exemple.fr'));
    expect(created!.habilitations).toEqual(['USER', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT']);
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail!.destinataire).toBe('noe@exemple.fr');
  });

  it('PUT edits a membership of the entity only (404 otherwise), and only for its managers (403)', async () => {
    const { mine, other, paul, lodgeToken, memberToken } = await aScene();
    await b.aMembership(mine.id, paul, {
      fonction: 'Orateur',
      debut: '2024-09-01',
      flags: { reservation: true },
    });
    const members = (await t.call({ method: 'GET', url: url(mine.id), token: lodgeToken })).json();
    const pauls = members.find((m: { userId: number }) => m.userId === paul.id);
    const edit = {
      id: pauls.id,
      fonction: 'Secrétaire',
      debut: '2024-09-01',
      gestion: true,
      carteLoge: true,
    };
    expect((await t.call({ method: 'PUT', url: url(mine.id), payload: edit })).statusCode).toBe(401);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: url(mine.id),
          token: lodgeToken,
          payload: { ...edit, fin: '2020-01-01' },
        })
      ).statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'PUT', url: url(mine.id), token: memberToken, payload: edit })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url: url(other.id), token: adminToken, payload: edit })).statusCode,
    ).toBe(404);
    const response = await t.call({ method: 'PUT', url: url(mine.id), token: lodgeToken, payload: edit });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fonction: 'Secrétaire',
      gestion: true,
      carteLoge: true,
      reservation: false,
    });
  });
});

describe('memberships seen from the user', () => {
  const url = (id: number) => `/api/user/${id}/appartenances`;

  it('GET: ADMIN sees all, a lodge manager only those of their entities', async () => {
    const { mine, other, manager, marie, lodgeToken, memberToken } = await aScene();
    const lodgeId = manager.id;
    expect((await t.call({ method: 'GET', url: url(marie.id) })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: url(marie.id), token: memberToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url(99999), token: adminToken })).statusCode).toBe(404);
    const all = (await t.call({ method: 'GET', url: url(lodgeId), token: adminToken })).json();
    expect(all.map((m: { entite: { code: string } }) => m.entite.code)).toEqual([mine.code, other.code]);
    const seen = (await t.call({ method: 'GET', url: url(lodgeId), token: lodgeToken })).json();
    expect(seen.map((m: { entite: { code: string } }) => m.entite.code)).toEqual([mine.code]);
  });

  it('POST adds the user to the entity of the body, checked against that entity', async () => {
    const { mine, other, marie, lodgeToken } = await aScene();
    expect(
      (await t.call({ method: 'POST', url: url(marie.id), payload: { entiteId: mine.id } })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: url(marie.id), token: adminToken, payload: { entiteId: 'x' } }))
        .statusCode,
    ).toBe(412);
    expect(
      (
        await t.call({
          method: 'POST',
          url: url(marie.id),
          token: lodgeToken,
          payload: { entiteId: other.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: url(99999), token: adminToken, payload: { entiteId: mine.id } }))
        .statusCode,
    ).toBe(404);
    const response = await t.call({
      method: 'POST',
      url: url(marie.id),
      token: lodgeToken,
      payload: { entiteId: mine.id, email: marie.email, fonction: 'Hospitalière', restauration: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ entiteId: mine.id, restauration: true });
  });

  it('POST refuses a deleted entity', async () => {
    const { paul } = await aScene();
    const gone = await b.aLodgeWithMembers({ members: 0, etat: 'S' });
    const response = await t.call({
      method: 'POST',
      url: url(paul.id),
      token: adminToken,
      payload: { entiteId: gone.id },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/supprimée/);
  });

  it('PUT edits one of the user’s memberships (404 for another user’s)', async () => {
    const { marie, paul, lodgeToken } = await aScene();
    const [m] = await t.db.select().from(memberships).where(eq(memberships.userId, marie.id));
    expect(
      (await t.call({ method: 'PUT', url: url(marie.id), payload: { id: m!.id, fonction: 'X' } })).statusCode,
    ).toBe(401);
    for (const [payload, message] of [
      [{ fonction: 'Trésorière' }, /id/],
      [{ id: 'x' }, /id/],
      [{ id: m!.id, debut: '2026-02-30' }, /aaaa-mm-jj/],
      [{ id: m!.id, debut: '2026-03-01', fin: '2026-02-01' }, /date de fin/],
      [{ id: m!.id, fonction: 'F'.repeat(101) }, /100 caractères/],
      [{ id: m!.id, gestion: 'oui' }, /gestion/],
    ] as const) {
      const response = await t.call({ method: 'PUT', url: url(marie.id), token: adminToken, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(412);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(
      (await t.call({ method: 'PUT', url: url(paul.id), token: adminToken, payload: { id: m!.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url: url(marie.id), token: lodgeToken, payload: { id: m!.id } }))
        .statusCode,
    ).toBe(403);
    const response = await t.call({
      method: 'PUT',
      url: url(marie.id),
      token: adminToken,
      payload: { id: m!.id, fonction: 'Trésorière' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fonction).toBe('Trésorière');
  });

  it('DELETE ends a membership yesterday, removes one not started, and refuses one already ended', async () => {
    const { mine, other, marie, paul, lodgeToken } = await aScene();
    await b.aMembership(mine.id, marie, { fonction: 'Hospitalière', flags: { restauration: true } });
    const mineOfMarie = (await t.call({ method: 'GET', url: url(marie.id), token: lodgeToken })).json()[0];
    const del = (userId: number, id: number, token?: string) =>
      t.call({ method: 'DELETE', url: `/api/user/${userId}/appartenances/${id}`, token });
    expect((await del(marie.id, mineOfMarie.id)).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/user/${marie.id}/appartenances/x`, token: adminToken }))
        .statusCode,
    ).toBe(412);
    const [tol] = await t.db.select().from(memberships).where(eq(memberships.userId, marie.id));
    expect((await del(marie.id, tol!.id, lodgeToken)).statusCode).toBe(403);
    expect((await del(paul.id, mineOfMarie.id, lodgeToken)).statusCode).toBe(404);
    expect((await del(marie.id, 99999, lodgeToken)).statusCode).toBe(403);
    expect((await del(marie.id, 99999, adminToken)).statusCode).toBe(404);

    expect((await del(marie.id, mineOfMarie.id, lodgeToken)).statusCode).toBe(204);
    const ended = (await t.call({ method: 'GET', url: url(marie.id), token: adminToken })).json();
    expect(ended.find((m: { id: number }) => m.id === mineOfMarie.id)).toMatchObject({
      fin: yesterday(),
      actuelle: false,
      actions: ['EDIT'],
    });
    const twice = await del(marie.id, mineOfMarie.id, lodgeToken);
    expect(twice.statusCode).toBe(412);
    expect(twice.json().message).toBe('Cette appartenance est déjà terminée.');

    const future = await b.aMembership(other.id, paul, { debut: '2099-01-01' });
    expect((await del(paul.id, future.membershipId, adminToken)).statusCode).toBe(204);
    expect(await t.db.select().from(memberships).where(eq(memberships.id, future.membershipId))).toEqual([]);
    const history = (
      await t.call({ method: 'GET', url: `/api/user/${paul.id}/historique`, token: adminToken })
    ).json();
    expect(history[0]).toMatchObject({
      action: 'membership_removed',
      resume: 'Entité : Tolérance et Progrès',
    });
  });
});

describe('a lodge manager on an entity they do not manage', () => {
  it('is refused (403) by every membership call, whatever membership id the request names', async () => {
    const { mine, other, paul, lodgeToken } = await aScene();
    const theirs = await addMembership(t.db, { userId: paul.id, entityId: other.id, fonction: 'Orateur' });
    const mineRow = (await t.db.select().from(memberships).where(eq(memberships.entityId, mine.id)))[0]!;
    for (const id of [theirs.id, mineRow.id, 99999]) {
      const edit = { id, fonction: 'Trésorier' };
      for (const url of [`/api/entite/${other.id}/appartenances`, `/api/user/${paul.id}/appartenances`]) {
        const response = await t.call({ method: 'PUT', url, token: lodgeToken, payload: edit });
        expect(response.statusCode, `PUT ${url} #${id}`).toBe(
          id === mineRow.id && url.includes('/user/') ? 404 : 403,
        );
      }
    }
    const calls = [
      { method: 'GET', url: `/api/entite/${other.id}/appartenances` },
      { method: 'POST', url: `/api/entite/${other.id}/appartenances`, payload: { userId: paul.id } },
      { method: 'POST', url: `/api/user/${paul.id}/appartenances`, payload: { entiteId: other.id } },
      { method: 'DELETE', url: `/api/user/${paul.id}/appartenances/${theirs.id}` },
      { method: 'GET', url: `/api/entite/${other.id}/membres/excel` },
      { method: 'GET', url: `/api/entite/${other.id}/infos` },
      { method: 'GET', url: `/api/entite/${other.id}/historique` },
    ] as const;
    for (const call of calls) {
      expect((await t.call({ ...call, token: lodgeToken })).statusCode, `${call.method} ${call.url}`).toBe(
        403,
      );
    }
    const [kept] = await t.db.select().from(memberships).where(eq(memberships.id, theirs.id));
    expect(kept).toMatchObject({ fonction: 'Orateur', fin: null });
  });

  it("does not learn whether an account exists from a user's memberships", async () => {
    const { lodgeToken } = await aScene();
    const unknown = await t.call({ method: 'GET', url: '/api/user/99999/appartenances', token: lodgeToken });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/99999/appartenances', token: adminToken })).statusCode,
    ).toBe(404);
  });

  it('cannot add a deactivated account to their own lodge; an administrator can', async () => {
    const { mine, lodgeToken } = await aScene();
    const dormant = await b.aUser({ etat: 'I', nom: 'Dormant', prenom: 'Denis' });
    const byManager = await t.call({
      method: 'POST',
      url: `/api/entite/${mine.id}/appartenances`,
      token: lodgeToken,
      payload: { userId: dormant.id, email: dormant.email },
    });
    expect(byManager.statusCode).toBe(412);
    expect(byManager.json().message).toBe(
      "Ce compte est désactivé : demandez à un administrateur de le réactiver avant de l'ajouter à votre entité.",
    );
    const fromUser = await t.call({
      method: 'POST',
      url: `/api/user/${dormant.id}/appartenances`,
      token: lodgeToken,
      payload: { entiteId: mine.id, email: dormant.email },
    });
    expect(fromUser.statusCode).toBe(412);
    expect(fromUser.json().message).toMatch(/Ce compte est désactivé/);
    const byAdmin = await t.call({
      method: 'POST',
      url: `/api/entite/${mine.id}/appartenances`,
      token: adminToken,
      payload: { userId: dormant.id },
    });
    expect(byAdmin.statusCode).toBe(201);
  });

  it('cannot add a deleted account, from the entity nor from the user', async () => {
    const { mine, lodgeToken } = await aScene();
    const gone = await b.aUser({ etat: 'S', nom: 'Parti', prenom: 'Pierre' });
    for (const [url, payload] of [
      [`/api/entite/${mine.id}/appartenances`, { userId: gone.id, email: gone.email }],
      [`/api/user/${gone.id}/appartenances`, { entiteId: mine.id, email: gone.email }],
    ] as const) {
      const response = await t.call({ method: 'POST', url, token: lodgeToken, payload });
      expect(response.statusCode, url).toBe(412);
      expect(response.json().message).toMatch(/Ce compte est supprimé/);
    }
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, gone.id))).toEqual([]);
  });
});

describe('memberships of one person in one entity never overlap', () => {
  it('is a rule of the database: an overlapping row is refused, a following one accepted', async () => {
    const { mine, other } = await aScene();
    const person = await b.aUser({ nom: 'Règle', prenom: 'Rémi' });
    await addMembership(t.db, {
      userId: person.id,
      entityId: other.id,
      debut: '2020-01-01',
      fin: '2020-12-31',
    });
    await expect(
      addMembership(t.db, { userId: person.id, entityId: other.id, debut: '2020-12-31' }),
    ).rejects.toSatisfy((error) => databaseErrorCode(error) === '23P01');
    await expect(
      addMembership(t.db, { userId: person.id, entityId: other.id, debut: null, fin: '2020-06-01' }),
    ).rejects.toSatisfy((error) => databaseErrorCode(error) === '23P01');
    // The next day, another entity, or another person: no overlap.
    await addMembership(t.db, { userId: person.id, entityId: other.id, debut: '2021-01-01' });
    await addMembership(t.db, { userId: person.id, entityId: mine.id, debut: '2020-06-01' });
    const neighbour = await b.aUser();
    await addMembership(t.db, {
      userId: neighbour.id,
      entityId: other.id,
      debut: '2019-01-01',
      fin: '2020-06-30',
    });
  });

  it('answers 412 naming the person and the entity when another request added one meanwhile', async () => {
    const { mine, lodgeToken } = await aScene();
    const person = await b.aUser({ nom: 'Course', prenom: 'Camille' });
    // A trigger stands for a request that commits an overlapping membership between the service's
    // check and its write: the exclusion constraint refuses the write, as on PostgreSQL under load.
    await t.handle.exec(`
      CREATE FUNCTION memberships_test_race() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.fonction = 'Course' THEN
          INSERT INTO memberships (user_id, entity_id, debut) VALUES (NEW.user_id, NEW.entity_id, '2000-01-01');
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER memberships_test_race BEFORE INSERT OR UPDATE ON memberships
        FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION memberships_test_race();`);
    try {
      const added = await t.call({
        method: 'POST',
        url: `/api/entite/${mine.id}/appartenances`,
        token: lodgeToken,
        payload: { userId: person.id, email: person.email, fonction: 'Course' },
      });
      expect(added.statusCode, added.body).toBe(412);
      expect(added.json().error).toBe('already_member');
      expect(added.json().message).toBe(
        'Camille Course est déjà membre de « Les Chevaliers du Rhône » sur cette période.',
      );
      const created = await t.call({
        method: 'POST',
        url: `/api/entite/${mine.id}/appartenances`,
        token: lodgeToken,
        payload: {
          userId: person.id,
          email: person.email,
          fonction: 'Membre',
          debut: '1990-01-01',
          fin: '1990-12-31',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const edited = await t.call({
        method: 'PUT',
        url: `/api/entite/${mine.id}/appartenances`,
        token: lodgeToken,
        payload: { id: created.json().id, fonction: 'Course', debut: '1990-01-01', fin: null },
      });
      expect(edited.statusCode, edited.body).toBe(412);
      expect(edited.json().message).toMatch(/Camille Course est déjà membre de « Les Chevaliers du Rhône »/);
    } finally {
      await t.handle.exec(
        'DROP TRIGGER memberships_test_race ON memberships; DROP FUNCTION memberships_test_race();',
      );
    }
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, person.id));
    expect(rows.map((r) => [r.fonction, r.debut])).toEqual([['Membre', '1990-01-01']]);
  });
});
