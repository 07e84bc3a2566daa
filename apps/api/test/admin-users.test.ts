/** Administration of users: search, infos, create (+ invitation), edit, state, anonymise, GDPR export. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, signInAttempts, users, userTokens } from '../src/db/schema';
import { builders, type Builders, type Member } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
/**
 * The people only read (tokens to call with, accounts that must exist): the administrator the history
 * names as author, a lodge manager of Hélène's lodge (who still may not administer her), a plain member.
 * Whatever a test edits, counts or lists is built inside it.
 */
let adminToken: string;
let lodgeToken: string;
let memberToken: string;
let helene: Member;

const search = (token: string | undefined, payload: unknown) =>
  t.call({ method: 'POST', url: '/api/user/search', token, payload });

const identifiants = (body: { lignes: { identifiant: string }[] }) => body.lignes.map((l) => l.identifiant);

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  adminToken = (
    await b.aUser({ identifiant: 'admin', habilitations: ['USER', 'ADMIN'], nom: 'Zola', prenom: 'Émile' })
  ).token;
  memberToken = (await b.aUser({ identifiant: 'membre', nom: 'Membre', prenom: 'Marie' })).token;
  const chevaliers = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    managers: [
      { identifiant: 'venerable', nom: 'Vénérable', prenom: 'Victor', fonction: 'Vénérable Maître' },
    ],
    members: [
      {
        identifiant: 'hlefevre',
        nom: 'Lefèvre',
        prenom: 'Hélène',
        email: 'helene.lefevre@exemple.fr',
        fonction: 'Secrétaire',
      },
    ],
  });
  lodgeToken = chevaliers.manager.token;
  helene = chevaliers.member;
});
afterAll(() => t.close());

describe('POST /api/user/search', () => {
  it('answers 401 without a session', async () => {
    expect((await search(undefined, {})).statusCode).toBe(401);
  });

  it.each([
    [{ taille: 1000 }, /taille/],
    [{ etat: 'X' }, /etat/],
    [{ tri: 'motDePasse' }, /tri/],
    [{ page: 0 }, /page/],
  ])('answers 412 for %o', async (payload, field) => {
    const response = await search(adminToken, payload);
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(field);
  });

  it('answers 403 to a user without ADMIN nor LOGE', async () => {
    expect((await search(memberToken, {})).statusCode).toBe(403);
  });

  it('finds words in any field, whatever the accents and the case', async () => {
    // The people searched for, in a lodge of their own: the searches filter on it, so nobody another
    // test created can match.
    const u = b.unique();
    const lodge = await b.aLodgeWithMembers({
      members: [
        {
          identifiant: `hlefevre-${u}`,
          nom: 'Lefèvre',
          prenom: 'Hélène',
          email: `helene.lefevre@loge${u}.exemple.fr`,
        },
        { identifiant: `hlefort-${u}`, nom: 'LEFORT', prenom: 'Henri', etat: 'I' },
        // Its identifiant holds « 100 »: a « % » taken as a wildcard would find it.
        { identifiant: `chambre100-${u}`, nom: 'Cent', prenom: 'Chambre' },
      ],
    });
    const within = async (texte: string) => (await search(adminToken, { texte, entiteId: lodge.id })).json();
    for (const texte of ['helene', 'LEFÈVRE', 'hélène lef', 'helene.lefevre@']) {
      const body = await within(texte);
      expect(identifiants(body)).toEqual([`hlefevre-${u}`]);
      expect(body.total).toBe(1);
    }
    expect((await within('lef')).total).toBe(2);
    expect((await within('100')).total).toBe(1);
    expect((await within('100%')).total).toBe(0);
  });

  it('filters by entity, habilitation and state, sorts and pages with a total', async () => {
    // Five people whose identifiants all hold a tag of this test's: a search for it finds them only.
    const tag = `zq${b.unique()}q`;
    const id = (name: string) => `${name}.${tag}`;
    const lodge = await b.aLodgeWithMembers({
      managers: [{ identifiant: id('venerable'), nom: 'Vénérable', prenom: 'Victor' }],
      members: [{ identifiant: id('hlefevre'), nom: 'Lefèvre', prenom: 'Hélène' }],
    });
    await b.aUser({
      identifiant: id('admin'),
      habilitations: ['USER', 'ADMIN'],
      nom: 'Zola',
      prenom: 'Émile',
    });
    await b.aUser({ identifiant: id('membre'), nom: 'Membre', prenom: 'Marie' });
    await b.aUser({ identifiant: id('hlefort'), nom: 'LEFORT', prenom: 'Henri', etat: 'I' });

    const byEntity = (await search(adminToken, { entiteId: lodge.id })).json();
    expect(identifiants(byEntity)).toEqual([id('hlefevre'), id('venerable')]);
    const admins = (await search(adminToken, { texte: tag, habilitation: 'ADMIN' })).json();
    expect(identifiants(admins)).toEqual([id('admin')]);
    expect((await search(adminToken, { texte: tag, etat: 'I' })).json().total).toBe(1);
    const page = (
      await search(adminToken, { texte: tag, tri: 'identifiant', sens: 'desc', taille: 2, page: 2 })
    ).json();
    expect(page).toMatchObject({ total: 5, page: 2, taille: 2 });
    expect(identifiants(page)).toEqual([id('hlefort'), id('hlefevre')]);
  });

  it('lets a lodge manager find active members of their entities only', async () => {
    const u = b.unique();
    const lodge = await b.aLodgeWithMembers({
      managers: 1,
      members: [
        { nom: 'Lefèvre', prenom: 'Hélène', email: `helene.lefevre@loge${u}.exemple.fr` },
        { nom: 'LEFORT', prenom: 'Henri', etat: 'I' },
      ],
    });
    // Active, but a member of no entity the manager manages.
    await b.aUser({ nom: 'Lefranc', prenom: 'Louis' });
    const body = (await search(lodge.manager.token, { texte: 'lef', etat: 'I' })).json();
    expect(body.lignes.map((l: { email: string }) => l.email)).toEqual([
      `helene.lefevre@loge${u}.exemple.fr`,
    ]);
  });
});

describe('GET /api/user/{id}/infos', () => {
  it('answers 401, 412, 403, 404, then the user with the actions allowed', async () => {
    expect((await t.call({ method: 'GET', url: `/api/user/${helene.id}/infos` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user/abc/infos', token: adminToken })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/user/${helene.id}/infos`, token: lodgeToken })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/99999/infos', token: adminToken })).statusCode,
    ).toBe(404);
    const response = await t.call({ method: 'GET', url: `/api/user/${helene.id}/infos`, token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      identifiant: 'hlefevre',
      prenom: 'Hélène',
      etat: 'A',
      motDePasseDefini: true,
      actions: ['EDIT', 'DEACTIVATE', 'DELETE', 'ADD_MEMBERSHIP'],
    });
  });
});

describe('POST /api/user (create)', () => {
  const create = (token: string | undefined, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user', token, payload });
  const valid = {
    nom: 'Curie',
    prenom: 'Pierre',
    email: 'pierre.curie@exemple.fr',
    habilitations: ['USER', 'PLANNING'],
  };

  it('answers 401 without a session', async () => {
    expect((await create(undefined, valid)).statusCode).toBe(401);
  });

  it.each([
    [{ ...valid, email: 'pas-une-adresse' }, /e-mail est invalide/],
    [{ ...valid, nom: '  ' }, /nom est obligatoire/],
    [{ ...valid, prenom: undefined }, /prenom/],
    [{ ...valid, prenom: ' ' }, /prénom est obligatoire/],
    [{ ...valid, prenom: 'P'.repeat(101) }, /prénom ne doit pas dépasser 100 caractères/],
    [{ ...valid, nom: 'N'.repeat(101) }, /nom ne doit pas dépasser 100 caractères/],
    [{ ...valid, identifiant: 'avec espace' }, /identifiant ne peut contenir/],
    [{ ...valid, telephone: 'abc' }, /téléphone est invalide/],
    [{ ...valid, habilitations: ['ROOT'] }, /habilitations/],
    [{ ...valid, identifiant: 'ADMIN' }, /identifiant « ADMIN » est déjà pris/],
    [{ ...valid, email: 'HELENE.Lefevre@exemple.fr' }, /déjà utilisée/],
  ])('answers 412 for %o', async (payload, message) => {
    const response = await create(adminToken, payload);
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(message);
  });

  it.each([
    [{ identifiant: 'ADMIN' }, 'identifiant_taken'],
    [{ email: 'HELENE.Lefevre@exemple.fr' }, 'email_taken'],
  ])('answers a taken %o with its own code', async (taken, code) => {
    expect((await create(adminToken, { ...valid, ...taken })).json().error).toBe(code);
  });

  it('answers 403 without ADMIN, lodge managers included', async () => {
    expect((await create(lodgeToken, valid)).statusCode).toBe(403);
  });

  it('creates the user, derives the identifiant and e-mails a 7-day invitation that lets them sign in', async () => {
    // Addresses of its own: `valid`'s stays free, so each refusal above fails on the field it tests.
    const email = `pierre.curie.${b.unique()}@exemple.fr`;
    const response = await create(adminToken, { ...valid, email });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ identifiant: 'pierre.curie', etat: 'A', motDePasseDefini: false });
    expect(user.actions).toContain('INVITE');

    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, email));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({ destinataire: email, statut: 'P' });
    expect(mail!.texte).toContain('pierre.curie');
    const jeton = decodeURIComponent(/reinitialiser-mdp\?jeton=(\S+)/.exec(mail!.texte)![1]!);
    const [link] = await t.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(link!.purpose).toBe('invitation');
    const days = (link!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const set = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'Un-premier-mot-de-passe' },
    });
    expect(set.statusCode).toBe(204);
    await expect(t.signIn('pierre.curie', 'Un-premier-mot-de-passe')).resolves.toBeTruthy();

    // A homonym gets the next free identifiant.
    const second = await create(adminToken, { ...valid, email: `p.curie.${b.unique()}@exemple.fr` });
    expect(second.json().identifiant).toBe('pierre.curie2');
  });

  it('derives an identifiant that fits 60 characters from the longest names, and saves it back unchanged', async () => {
    const names = {
      nom: 'De La Tour du Pin '.repeat(5).trim(),
      prenom: 'Marie-Bernadette '.repeat(5).trim(),
    };
    const identifiants: string[] = [];
    for (const email of ['longue1@exemple.fr', 'longue2@exemple.fr']) {
      const response = await create(adminToken, { ...names, email });
      expect(response.statusCode, response.body).toBe(201);
      const user = response.json();
      expect(user.identifiant.length).toBeLessThanOrEqual(60);
      identifiants.push(user.identifiant);
      const saved = await t.call({ method: 'PUT', url: '/api/user', token: adminToken, payload: user });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect(identifiants[0]).toMatch(/^marie-bernadette-marie.*\.de-la-tour-du-pin/);
    expect(identifiants[1]).toBe(`${identifiants[0]}2`);
  });
});

describe('PUT /api/user (edit, habilitations, state)', () => {
  const put = (token: string | undefined, payload: unknown) =>
    t.call({ method: 'PUT', url: '/api/user', token, payload });
  /** Claire Cible, the account a test edits: each test has its own, with no history yet. */
  async function aTarget() {
    const identifiant = `cible-${b.unique()}`;
    const target = await b.aUser({
      identifiant,
      nom: 'Cible',
      prenom: 'Claire',
      habilitations: ['USER', 'RESTAURATION'],
    });
    const fields = () => ({
      id: target.id,
      identifiant,
      nom: 'Cible',
      prenom: 'Claire',
      email: target.email,
      telephone: '04 78 00 00 01',
      habilitations: ['USER', 'RESTAURATION'],
      etat: 'A',
    });
    return { ...target, fields };
  }

  it('answers 401 without a session', async () => {
    const { fields } = await aTarget();
    expect((await put(undefined, fields())).statusCode).toBe(401);
  });

  it('answers 412 for invalid fields, a taken e-mail or identifiant, and self-lockout', async () => {
    const { fields } = await aTarget();
    expect((await put(adminToken, { ...fields(), etat: 'Z' })).statusCode).toBe(412);
    expect((await put(adminToken, { ...fields(), email: 'x' })).statusCode).toBe(412);
    const taken = await put(adminToken, { ...fields(), email: 'MEMBRE@exemple.fr' });
    expect(taken.statusCode).toBe(412);
    expect(taken.json()).toMatchObject({
      error: 'email_taken',
      message: expect.stringMatching(/déjà utilisée/),
    });
    expect((await put(adminToken, { ...fields(), identifiant: 'Membre' })).json()).toMatchObject({
      error: 'identifiant_taken',
      message: expect.stringMatching(/déjà pris/),
    });
    // An administrator of this test's own, editing their own account.
    const me = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    const self = {
      id: me.id,
      identifiant: me.identifiant,
      nom: me.nom,
      prenom: me.prenom,
      email: me.email,
      habilitations: ['USER', 'ADMIN'],
    };
    expect((await put(me.token, { ...self, etat: 'I' })).json().message).toMatch(/propre compte/);
    expect((await put(me.token, { ...self, etat: 'A', habilitations: ['USER'] })).json().message).toMatch(
      /propre compte/,
    );
  });

  it('answers 412 naming the field when another request takes the identifiant or the address meanwhile', async () => {
    const target = await aTarget();
    const { fields } = target;
    // A trigger stands for a request that commits the same identifiant or address between the
    // service's check and its write: the unique index refuses the write, as on PostgreSQL under load.
    await t.handle.exec(`
      CREATE FUNCTION users_test_race() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.identifiant = 'course.prise' THEN
          INSERT INTO users (identifiant, nom, prenom, email)
          VALUES ('course.prise', 'Autre', 'Requête', 'autre.course@exemple.fr');
        ELSIF NEW.email = 'course@exemple.fr' THEN
          INSERT INTO users (identifiant, nom, prenom, email)
          VALUES ('autre.course', 'Autre', 'Requête', 'course@exemple.fr');
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER users_test_race BEFORE UPDATE ON users
        FOR EACH ROW EXECUTE FUNCTION users_test_race();`);
    try {
      const identifiant = await put(adminToken, { ...fields(), identifiant: 'course.prise' });
      expect(identifiant.statusCode, identifiant.body).toBe(412);
      expect(identifiant.json().error).toBe('identifiant_taken');
      expect(identifiant.json().message).toBe(
        "L'identifiant « course.prise » vient d'être pris par un autre compte : choisissez-en un autre.",
      );
      const email = await put(adminToken, { ...fields(), email: 'course@exemple.fr' });
      expect(email.statusCode, email.body).toBe(412);
      expect(email.json().error).toBe('email_taken');
      expect(email.json().message).toBe(
        "L'adresse e-mail course@exemple.fr vient d'être prise par un autre compte.",
      );
    } finally {
      await t.handle.exec('DROP TRIGGER users_test_race ON users; DROP FUNCTION users_test_race();');
    }
    const [kept] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(kept).toMatchObject({ identifiant: target.identifiant, email: target.email });
  });

  it('answers 403 without ADMIN and 404 for an unknown user', async () => {
    const { fields } = await aTarget();
    expect((await put(lodgeToken, fields())).statusCode).toBe(403);
    expect((await put(adminToken, { ...fields(), id: 99999 })).statusCode).toBe(404);
  });

  it('edits identity and habilitations, and records what changed', async () => {
    const target = await aTarget();
    const { fields } = target;
    const response = await put(adminToken, {
      ...fields(),
      nom: 'Cibleau',
      habilitations: ['USER', 'PLANNING'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nom: 'Cibleau',
      habilitations: ['USER', 'PLANNING'],
      telephone: '04 78 00 00 01',
    });
    const history = (
      await t.call({ method: 'GET', url: `/api/user/${target.id}/historique`, token: adminToken })
    ).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'user_habilitations_changed',
      'user_updated',
    ]);
    expect(history[0].resume).toMatch(/ajoutées : Planning ; Habilitations retirées : Restauration/);
    expect(history[1].resume).toMatch(/nom, téléphone/);
    expect(history[0].auteur).toBe('Émile Zola');
  });

  it('deactivating revokes the user’s tokens at once, and reactivating lets them sign in again', async () => {
    const target = await aTarget();
    const { fields } = target;
    const token = await t.signIn(target.identifiant);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
    const response = await put(adminToken, { ...fields(), etat: 'I' });
    expect(response.json()).toMatchObject({
      etat: 'I',
      actions: ['EDIT', 'ACTIVATE', 'DELETE', 'ADD_MEMBERSHIP'],
    });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
    await expect(t.signIn(target.identifiant)).rejects.toThrow();
    await put(adminToken, { ...fields(), etat: 'A' });
    const again = await t.signIn(target.identifiant);
    await put(adminToken, { ...fields(), etat: 'S' });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: again })).statusCode).toBe(401);
    const history = (
      await t.call({ method: 'GET', url: `/api/user/${target.id}/historique`, token: adminToken })
    ).json();
    expect(history[0]).toMatchObject({ action: 'user_state_changed', resume: 'Actif → Supprimé' });
  });
});

describe('POST /api/user/{id}/anonymiser (GDPR)', () => {
  it('answers 401, 403, 404, 412 unless deleted, then erases the identity and keeps the history', async () => {
    // Paul Partant, a member of a lodge whose manager may still not anonymise him.
    const lodge = await b.aLodgeWithMembers({
      managers: 1,
      members: [{ nom: 'Partant', prenom: 'Paul', fonction: 'Orateur' }],
    });
    const user = lodge.member;
    const url = `/api/user/${user.id}/anonymiser`;
    expect((await t.call({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url, token: lodge.manager.token })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/user/99999/anonymiser', token: adminToken })).statusCode,
    ).toBe(404);
    const early = await t.call({ method: 'POST', url, token: adminToken });
    expect(early.statusCode).toBe(412);
    expect(early.json().message).toMatch(/Supprimez d'abord/);

    await t.call({
      method: 'PUT',
      url: '/api/user',
      token: adminToken,
      payload: {
        id: user.id,
        identifiant: user.identifiant,
        nom: 'Partant',
        prenom: 'Paul',
        email: user.email,
        habilitations: ['USER'],
        etat: 'S',
      },
    });
    const response = await t.call({ method: 'POST', url, token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      identifiant: `anonyme-${user.id}`,
      nom: 'Anonyme',
      email: `anonyme-${user.id}@anonyme.invalid`,
      telephone: null,
      habilitations: [],
      anonymise: true,
      actions: [],
    });
    expect((await t.call({ method: 'POST', url, token: adminToken })).json().message).toMatch(
      /déjà anonymisé/,
    );
    // The entity still counts the membership, under the anonymous name.
    const members = (
      await t.call({ method: 'GET', url: `/api/entite/${lodge.id}/appartenances`, token: adminToken })
    ).json();
    expect(members.find((m: { userId: number }) => m.userId === user.id).utilisateur.nom).toBe('Anonyme');
    const history = (
      await t.call({ method: 'GET', url: `/api/user/${user.id}/historique`, token: adminToken })
    ).json();
    expect(history[0].action).toBe('user_anonymised');
  });
});

describe('anonymisation and the audit log', () => {
  /** Imports a one-row CSV into the entity as the administrator. */
  async function importRow(entityId: number, row: string) {
    const boundary = '----anonymisation';
    const csv = `Nom;Prénom;E-mail;Téléphone;Fonction\n${row}\n`;
    const response = await t.call({
      method: 'POST',
      url: `/api/user/import?idEntite=${entityId}`,
      token: adminToken,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="liste.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('leaves no trace of any identity the person had, in the history, the audit log, e-mails or sign-ins', async () => {
    const { id: entityId } = await b.aLodgeWithMembers();
    // Created through the API (so a user_created entry holds the identifiant), then invited.
    const created = await t.call({
      method: 'POST',
      url: '/api/user',
      token: adminToken,
      payload: {
        identifiant: 'sophie.secret',
        nom: 'Secretnom',
        prenom: 'Sophie',
        email: 'sophie.secret@exemple.fr',
        telephone: '04 11 22 33 44',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    const [invitation] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.destinataire, 'sophie.secret@exemple.fr'));
    const jeton = decodeURIComponent(/jeton=(\S+)/.exec(invitation!.texte)![1]!);
    await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'Un-mot-de-passe-secret-1' },
    });
    // She signs in and changes her own address (email_changed keeps both addresses)…
    const own = await t.signIn('sophie.secret', 'Un-mot-de-passe-secret-1');
    const moved = await t.call({
      method: 'PATCH',
      url: '/api/user/email',
      token: own,
      payload: { data: 'sophie.cachee@exemple.fr' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // …an administrator renames her…
    const renamed = await t.call({
      method: 'PUT',
      url: '/api/user',
      token: adminToken,
      payload: { ...user, email: 'sophie.cachee@exemple.fr', identifiant: 'sophie.renommee' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.signIn('sophie.renommee', 'Un-mot-de-passe-secret-1');
    // …and an import changes her name and telephone and adds her to the lodge.
    const report = await importRow(
      entityId,
      'Secretnom-Bis;Sophie;sophie.cachee@exemple.fr;04 99 88 77 66;Oratrice',
    );
    expect(report.lignes[0].action).toBe('mise_a_jour');

    const deleted = await t.call({
      method: 'PUT',
      url: '/api/user',
      token: adminToken,
      payload: {
        ...user,
        identifiant: 'sophie.renommee',
        nom: 'Secretnom-Bis',
        email: 'sophie.cachee@exemple.fr',
        telephone: '04 99 88 77 66',
        etat: 'S',
      },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const anonymised = await t.call({
      method: 'POST',
      url: `/api/user/${user.id}/anonymiser`,
      token: adminToken,
    });
    expect(anonymised.statusCode, anonymised.body).toBe(200);

    const history = await t.call({
      method: 'GET',
      url: `/api/user/${user.id}/historique`,
      token: adminToken,
    });
    const actions = history.json().map((h: { action: string }) => h.action);
    expect(actions).toEqual(
      expect.arrayContaining(['user_created', 'email_changed', 'user_updated', 'membership_added']),
    );
    const entityHistory = await t.call({
      method: 'GET',
      url: `/api/entite/${entityId}/historique`,
      token: adminToken,
    });
    const audit = await t.db.select().from(auditLog);
    const mails = await t.db.select().from(emailOutbox);
    const signIns = await t.db.select().from(signInAttempts);
    const traces = {
      history: history.body,
      entityHistory: entityHistory.body,
      audit: JSON.stringify(audit),
      mails: JSON.stringify(mails),
      signIns: JSON.stringify(signIns),
    };
    for (const [where, text] of Object.entries(traces)) {
      expect(text, where).not.toMatch(/sophie|secret|cachee|renommee|04 11 22 33 44|04 99 88 77 66/i);
    }
    // What happened stays readable: the fields changed, the membership, the import.
    expect(history.body).toMatch(/Champs modifiés : nom, téléphone/);
    expect(history.body).toMatch(/Fonction : Oratrice/);
  });
});

describe('POST /api/user/{id}/invitation', () => {
  it('answers 401 without a session, 412 for a bad id and 404 for an unknown user', async () => {
    expect((await t.call({ method: 'POST', url: `/api/user/${helene.id}/invitation` })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/user/abc/invitation', token: adminToken })).statusCode,
    ).toBe(412);
    const unknown = await t.call({ method: 'POST', url: '/api/user/99999/invitation', token: adminToken });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Cet utilisateur n'existe pas.");
  });

  it('refuses a user who already has a password, and sends a new link otherwise', async () => {
    expect(
      (await t.call({ method: 'POST', url: `/api/user/${helene.id}/invitation`, token: adminToken }))
        .statusCode,
    ).toBe(412);
    const created = (
      await t.call({
        method: 'POST',
        url: '/api/user',
        token: adminToken,
        payload: { nom: 'Neuf', prenom: 'Nina', email: 'nina@exemple.fr' },
      })
    ).json();
    expect(
      (await t.call({ method: 'POST', url: `/api/user/${created.id}/invitation`, token: lodgeToken }))
        .statusCode,
    ).toBe(403);
    const again = await t.call({
      method: 'POST',
      url: `/api/user/${created.id}/invitation`,
      token: adminToken,
    });
    expect(again.statusCode).toBe(200);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.destinataire, 'nina@exemple.fr'));
    expect(mails).toHaveLength(2);

    // Only the newest link works; changing the address spends it too.
    const tokenOf = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('jeton')!;
    const [first, second] = [...mails].sort((a, b) => a.id - b.id).map((m) => tokenOf(m.texte));
    const setPassword = (jeton: string) =>
      t.call({
        method: 'POST',
        url: '/api/user/password/reinitialiser',
        payload: { jeton, data: 'Un-nouveau-mot-de-passe-1' },
        noXsrf: true,
      });
    expect((await setPassword(first!)).statusCode).toBe(412);
    const moved = await t.call({
      method: 'PUT',
      url: '/api/user',
      token: adminToken,
      payload: { ...created, habilitations: created.habilitations, email: 'nina.ailleurs@exemple.fr' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await setPassword(second!)).statusCode).toBe(412);
  });
});

describe('GET /api/user/{id}/historique', () => {
  it('answers 401, 412, 403 and 404', async () => {
    expect((await t.call({ method: 'GET', url: `/api/user/${helene.id}/historique` })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/x/historique', token: adminToken })).statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'GET', url: `/api/user/${helene.id}/historique`, token: lodgeToken }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/99999/historique', token: adminToken })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/user/donnees-personnelles (GDPR export)', () => {
  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/donnees-personnelles' })).statusCode).toBe(401);
  });

  it('gives the signed-in user their own data as a JSON download', async () => {
    // A lodge manager of their own: one membership, one sign-in (the builder's).
    const lodge = await b.aLodgeWithMembers({
      managers: [{ nom: 'Vénérable', prenom: 'Victor', fonction: 'Vénérable Maître' }],
    });
    const venerable = lodge.manager;
    const response = await t.call({
      method: 'GET',
      url: '/api/user/donnees-personnelles',
      token: venerable.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename=mes-donnees-intranet-union.json',
    );
    const body = response.json();
    expect(body.compte).toMatchObject({ identifiant: venerable.identifiant, prenom: 'Victor' });
    expect(body.appartenances).toEqual([
      expect.objectContaining({
        entite: lodge.nom,
        fonction: 'Vénérable Maître',
        gestion: true,
      }),
    ]);
    expect(body.connexions[0]).toMatchObject({ resultat: 'ok' });
    expect(body.compte).not.toHaveProperty('passwordHash');
  });
});
