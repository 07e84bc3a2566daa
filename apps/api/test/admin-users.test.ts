/** Administration of users: search, infos, create (+ invitation), edit, state, anonymise, GDPR export. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, signInAttempts, users, userTokens } from '../src/db/schema';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let adminToken: string;
let lodgeToken: string;
let memberToken: string;
let adminId: number;
let lodgeId: number;
let entityId: number;
let helene: { id: number };

const search = (token: string | undefined, payload: unknown) =>
  t.call({ method: 'POST', url: '/api/user/search', token, payload });

beforeAll(async () => {
  t = await createTestContext();
  adminId = (
    await createUser(t.db, {
      identifiant: 'admin',
      habilitations: ['USER', 'ADMIN'],
      nom: 'Zola',
      prenom: 'Émile',
    })
  ).id;
  lodgeId = (
    await createUser(t.db, {
      identifiant: 'venerable',
      habilitations: ['USER', 'LOGE'],
      nom: 'Vénérable',
      prenom: 'Victor',
    })
  ).id;
  await createUser(t.db, { identifiant: 'membre', nom: 'Membre', prenom: 'Marie' });
  helene = await createUser(t.db, {
    identifiant: 'hlefevre',
    nom: 'Lefèvre',
    prenom: 'Hélène',
    email: 'helene.lefevre@exemple.fr',
  });
  await createUser(t.db, { identifiant: 'hlefort', nom: 'LEFORT', prenom: 'Henri', etat: 'I' });
  const entity = await createEntity(t.db, { code: 'CHEV', nom: 'Les Chevaliers du Rhône' });
  entityId = entity.id;
  await addMembership(t.db, { userId: lodgeId, entityId, gestion: true, fonction: 'Vénérable Maître' });
  await addMembership(t.db, { userId: helene.id, entityId, fonction: 'Secrétaire' });
  adminToken = await t.signIn('admin');
  lodgeToken = await t.signIn('venerable');
  memberToken = await t.signIn('membre');
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
    for (const texte of ['helene', 'LEFÈVRE', 'hélène lef', 'helene.lefevre@']) {
      const body = (await search(adminToken, { texte })).json();
      expect(body.lignes.map((l: { identifiant: string }) => l.identifiant)).toEqual(['hlefevre']);
      expect(body.total).toBe(1);
    }
    expect((await search(adminToken, { texte: 'lef' })).json().total).toBe(2);
    expect((await search(adminToken, { texte: '100%' })).json().total).toBe(0);
  });

  it('filters by entity, habilitation and state, sorts and pages with a total', async () => {
    const byEntity = (await search(adminToken, { entiteId: entityId })).json();
    expect(byEntity.lignes.map((l: { identifiant: string }) => l.identifiant)).toEqual([
      'hlefevre',
      'venerable',
    ]);
    const admins = (await search(adminToken, { habilitation: 'ADMIN' })).json();
    expect(admins.lignes.map((l: { identifiant: string }) => l.identifiant)).toEqual(['admin']);
    expect((await search(adminToken, { etat: 'I' })).json().total).toBe(1);
    const page = (await search(adminToken, { tri: 'identifiant', sens: 'desc', taille: 2, page: 2 })).json();
    expect(page).toMatchObject({ total: 5, page: 2, taille: 2 });
    expect(page.lignes.map((l: { identifiant: string }) => l.identifiant)).toEqual(['hlefort', 'hlefevre']);
  });

  it('lets a lodge manager find active members of their entities only', async () => {
    const body = (await search(lodgeToken, { texte: 'lef', etat: 'I' })).json();
    expect(body.lignes.map((l: { email: string }) => l.email)).toEqual(['helene.lefevre@exemple.fr']);
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
    const response = await create(adminToken, valid);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ identifiant: 'pierre.curie', etat: 'A', motDePasseDefini: false });
    expect(user.actions).toContain('INVITE');

    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ destinataire: 'pierre.curie@exemple.fr', statut: 'P' });
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
    const second = await create(adminToken, { ...valid, email: 'p.curie@exemple.fr' });
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
  let target: { id: number };
  const fields = () => ({
    id: target.id,
    identifiant: 'cible',
    nom: 'Cible',
    prenom: 'Claire',
    email: 'cible@exemple.fr',
    telephone: '04 78 00 00 01',
    habilitations: ['USER', 'RESTAURATION'],
    etat: 'A',
  });

  beforeAll(async () => {
    target = await createUser(t.db, {
      identifiant: 'cible',
      nom: 'Cible',
      prenom: 'Claire',
      habilitations: ['USER', 'RESTAURATION'],
    });
  });

  it('answers 401 without a session', async () => {
    expect((await put(undefined, fields())).statusCode).toBe(401);
  });

  it('answers 412 for invalid fields, a taken e-mail or identifiant, and self-lockout', async () => {
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
    const self = {
      id: adminId,
      identifiant: 'admin',
      nom: 'Zola',
      prenom: 'Émile',
      email: 'admin@exemple.fr',
      habilitations: ['USER', 'ADMIN'],
    };
    expect((await put(adminToken, { ...self, etat: 'I' })).json().message).toMatch(/propre compte/);
    expect((await put(adminToken, { ...self, etat: 'A', habilitations: ['USER'] })).json().message).toMatch(
      /propre compte/,
    );
  });

  it('answers 412 naming the field when another request takes the identifiant or the address meanwhile', async () => {
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
    expect(kept).toMatchObject({ identifiant: 'cible', email: 'cible@exemple.fr' });
  });

  it('answers 403 without ADMIN and 404 for an unknown user', async () => {
    expect((await put(lodgeToken, fields())).statusCode).toBe(403);
    expect((await put(adminToken, { ...fields(), id: 99999 })).statusCode).toBe(404);
  });

  it('edits identity and habilitations, and records what changed', async () => {
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
    const token = await t.signIn('cible');
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
    const response = await put(adminToken, { ...fields(), etat: 'I' });
    expect(response.json()).toMatchObject({
      etat: 'I',
      actions: ['EDIT', 'ACTIVATE', 'DELETE', 'ADD_MEMBERSHIP'],
    });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(401);
    await expect(t.signIn('cible')).rejects.toThrow();
    await put(adminToken, { ...fields(), etat: 'A' });
    const again = await t.signIn('cible');
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
    const user = await createUser(t.db, {
      identifiant: 'partant',
      nom: 'Partant',
      prenom: 'Paul',
      email: 'partant@exemple.fr',
    });
    await addMembership(t.db, { userId: user.id, entityId, fonction: 'Orateur' });
    const url = `/api/user/${user.id}/anonymiser`;
    expect((await t.call({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url, token: lodgeToken })).statusCode).toBe(403);
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
        identifiant: 'partant',
        nom: 'Partant',
        prenom: 'Paul',
        email: 'partant@exemple.fr',
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
      await t.call({ method: 'GET', url: `/api/entite/${entityId}/appartenances`, token: adminToken })
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
  async function importRow(row: string) {
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
    const report = await importRow('Secretnom-Bis;Sophie;sophie.cachee@exemple.fr;04 99 88 77 66;Oratrice');
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
    const response = await t.call({
      method: 'GET',
      url: '/api/user/donnees-personnelles',
      token: lodgeToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="mes-donnees/);
    const body = response.json();
    expect(body.compte).toMatchObject({ identifiant: 'venerable', prenom: 'Victor' });
    expect(body.appartenances).toEqual([
      expect.objectContaining({
        entite: 'Les Chevaliers du Rhône',
        fonction: 'Vénérable Maître',
        gestion: true,
      }),
    ]);
    expect(body.connexions[0]).toMatchObject({ resultat: 'ok' });
    expect(body.compte).not.toHaveProperty('passwordHash');
  });
});
