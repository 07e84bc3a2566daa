import { API, pathTo, IMPORT_MAX_BYTES, type ImportReport } from '@union/contract';
import { and, count, eq, gt, like, max } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, memberships, userTokens, users } from '../src/db/schema';
import { builders, type Builders, type Member, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { bigWorkbook, zipOf } from './spreadsheets';
import { IMPORT_BUSY_MESSAGE, importSlots } from '../src/modules/imports/slots';

let t: TestContext;
let b: Builders;
/**
 * The people and lodges the tests only read (a token to call with, an entity to be refused on):
 * every import that writes goes to an entity of the test's own.
 */
let admin: Person;
/** LOGE, managing `lodgeId`; their management of `otherLodgeId` has ended. */
let venerable: Member;
/** USER only, yet flagged gestion in `lodgeId`. */
let membre: Member;
let lodgeId: number;
let otherLodgeId: number;
let deletedLodgeId: number;

/** A multipart/form-data body carrying one file, as a browser sends it. */
function multipart(fileName: string, content: Uint8Array, type = 'text/csv') {
  const boundary = `----union${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const utf8 = (s: string) => new TextEncoder().encode(s);
/** Windows-1252 bytes of a Latin-1 string (French accents). */
const cp1252 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Membres');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function upload(opts: {
  token?: string;
  idEntite?: number | string;
  dryRun?: boolean;
  fileName?: string;
  content: Uint8Array;
  type?: string;
}) {
  const query = new URLSearchParams();
  if (opts.idEntite !== undefined) query.set('idEntite', String(opts.idEntite));
  if (opts.dryRun !== undefined) query.set('dryRun', String(opts.dryRun));
  const body = multipart(opts.fileName ?? 'membres.csv', opts.content, opts.type);
  return t.call({
    method: 'POST',
    url: `${API.imports.userImport}?${query}`,
    token: opts.token,
    payload: body.payload,
    headers: body.headers,
  });
}

/**
 * Every row of the table, for "nothing is written": the tests of the file run one after the other, so
 * only the test's own calls can move it between its two readings.
 */
const countOf = async (table: typeof users | typeof emailOutbox | typeof memberships) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

/** An entity of the test's own, with no member unless given (`aLodgeWithMembers` adds one by default). */
const anEntity = (fields: Parameters<Builders['aLodgeWithMembers']>[0] = {}) =>
  b.aLodgeWithMembers({ members: [], ...fields });

/** The last audit entry's id: what a test's calls write afterwards has a greater one. */
async function auditMark(): Promise<number> {
  const [row] = await t.db.select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  const lodge = await b.aLodgeWithMembers({
    managers: [{ fonction: 'Vénérable Maître' }],
    members: [{ habilitations: ['USER'], fonction: 'Membre', flags: { gestion: true } }],
  });
  venerable = lodge.manager;
  membre = lodge.member;
  const other = await anEntity({ nom: 'Une autre loge' });
  // An ended management of the other lodge gives no right on it any more.
  await b.aMembership(other.id, venerable, {
    flags: { gestion: true },
    debut: '2010-01-01',
    fin: '2015-01-01',
  });
  const deleted = await anEntity({ nom: 'Loge en sommeil', etat: 'S' });
  lodgeId = lodge.id;
  otherLodgeId = other.id;
  deletedLodgeId = deleted.id;
});
afterAll(() => t.close());

const SIMPLE = utf8('Nom;Prénom;E-mail\nMartin;Jean;jean.martin@exemple.fr\n');

describe('POST /api/user/import', () => {
  it('answers 401 without a session', async () => {
    const response = await upload({ idEntite: lodgeId, content: SIMPLE });
    expect(response.statusCode).toBe(401);
  });

  describe('412', () => {
    it.each([
      ['no idEntite', undefined, undefined, /entité/],
      ['an idEntite that is not a number', 'abc', undefined, /entité/],
      ['a dryRun that is not true or false', 1, 'peut-etre', /dryRun/],
    ])('%s', async (_case, idEntite, dryRun, message) => {
      const query = new URLSearchParams();
      if (idEntite !== undefined) query.set('idEntite', String(idEntite));
      if (dryRun !== undefined) query.set('dryRun', dryRun);
      const body = multipart('membres.csv', SIMPLE);
      const response = await t.call({
        method: 'POST',
        url: `${API.imports.userImport}?${query}`,
        token: admin.token,
        payload: body.payload,
        headers: body.headers,
      });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(message);
    });

    it('without a file', async () => {
      const response = await t.call({
        method: 'POST',
        url: `${API.imports.userImport}?idEntite=${lodgeId}`,
        token: admin.token,
        payload: { fichier: 'rien' },
      });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(/Joignez le fichier/);
    });

    it.each([
      [
        'wrong columns',
        utf8('Name;Surname;Address\nA;B;a@b.fr\n'),
        /Colonnes manquantes : Nom, Prénom, E-mail/,
      ],
      ['a column given twice', utf8('Nom;Prénom;E-mail;Courriel\nA;B;a@b.fr;c@d.fr\n'), /apparaît deux fois/],
      [
        'a malformed CSV',
        utf8('Nom;Prénom;E-mail\n"Martin;Jean;jean@exemple.fr\n'),
        /guillemet ouvert ligne 2/,
      ],
      ['a header only', utf8('Nom;Prénom;E-mail\n'), /aucun membre/],
      ['a binary file', Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]), /ni un CSV ni un classeur/],
      [
        'a damaged workbook',
        Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]),
        /illisible ou endommagé/,
      ],
    ])('%s, and nothing is written', async (_case, content, message) => {
      const before = await countOf(users);
      const response = await upload({ token: admin.token, idEntite: lodgeId, content });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(message);
      expect(await countOf(users)).toBe(before);
    });

    it('a workbook cut short, and nothing is written', async () => {
      const whole = await xlsx([
        ['Nom', 'Prénom', 'E-mail'],
        ['Martin', 'Jean', 'jean.martin@exemple.fr'],
      ]);
      for (const content of [
        whole.slice(0, Math.floor(whole.length / 2)),
        whole.slice(0, whole.length - 10),
      ]) {
        const before = await countOf(users);
        const response = await upload({
          token: admin.token,
          idEntite: lodgeId,
          content,
          fileName: 'coupe.xlsx',
        });
        expect(response.statusCode).toBe(412);
        expect(response.json().message).toMatch(/illisible ou endommagé/);
        expect(await countOf(users)).toBe(before);
      }
    });

    it('a workbook that would inflate past 50 MB ("zip bomb"), whatever size it declares', async () => {
      const huge = Buffer.alloc(60 * 1024 * 1024, 0x20);
      for (const declared of [huge.length, 1000]) {
        const content = zipOf([
          { name: '[Content_Types].xml', content: Buffer.from('<?xml version="1.0"?><Types/>') },
          { name: 'xl/worksheets/sheet1.xml', content: huge, size: declared },
        ]);
        expect(content.length).toBeLessThan(IMPORT_MAX_BYTES);
        const response = await upload({
          token: admin.token,
          idEntite: lodgeId,
          content,
          fileName: 'bombe.xlsx',
        });
        expect(response.statusCode).toBe(412);
        expect(response.json().message).toMatch(/trop volumineux une fois décompressé \(plus de 50 Mo\)/);
      }
    });

    it('an oversized file', async () => {
      const line = 'Martin;Jean;jean.martin@exemple.fr;04 78 00 00 00;Membre\n';
      const big = utf8(
        'Nom;Prénom;E-mail;Téléphone;Fonction\n' + line.repeat(IMPORT_MAX_BYTES / line.length + 10),
      );
      const response = await upload({ token: admin.token, idEntite: lodgeId, content: big });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(/taille maximale de 5 Mo/);
    });

    it('an entity that is deleted', async () => {
      const response = await upload({ token: admin.token, idEntite: deletedLodgeId, content: SIMPLE });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(/Loge en sommeil » est supprimée/);
    });
  });

  describe('403', () => {
    it('for a user with neither ADMIN nor LOGE, even managing the lodge', async () => {
      const response = await upload({ token: membre.token, idEntite: lodgeId, content: SIMPLE });
      expect(response.statusCode).toBe(403);
    });

    it('for LOGE on a lodge not (or no longer) managed, whatever the file', async () => {
      for (const content of [SIMPLE, utf8('garbage')]) {
        const response = await upload({ token: venerable.token, idEntite: otherLodgeId, content });
        expect(response.statusCode).toBe(403);
      }
    });

    it('for LOGE on an entity that does not exist (its existence is not revealed)', async () => {
      const response = await upload({ token: venerable.token, idEntite: 999_999, content: SIMPLE });
      expect(response.statusCode).toBe(403);
    });
  });

  it('answers 404 for an administrator on an entity that does not exist', async () => {
    const response = await upload({ token: admin.token, idEntite: 999_999, content: SIMPLE });
    expect(response.statusCode).toBe(404);
  });

  describe('success', () => {
    it('previews a UTF-8 semicolon CSV without writing anything, then imports it in one go', async () => {
      const lodge = await anEntity({
        nom: 'Les Chevaliers du Rhône',
        members: [
          {
            identifiant: 'luc.roux',
            email: 'luc.roux@exemple.fr',
            nom: 'Roux',
            prenom: 'Luc',
            fonction: 'Orateur',
          },
        ],
      });
      const known = await b.aUser({
        identifiant: 'paul.durand',
        email: 'paul.durand@exemple.fr',
        nom: 'Durand',
        prenom: 'Paul',
      });
      await b.aUser({ identifiant: 'ancien', email: 'ancien@exemple.fr', etat: 'S' });
      const csv = utf8(
        '\uFEFFNom;Prénom;E-mail;Téléphone;Fonction;Grade\r\n' +
          'Lefèvre;Hélène;Helene.Lefevre@exemple.fr;04 78 12 34 56;Secrétaire;Maître\r\n' +
          'Durand;Paul;paul.durand@exemple.fr;;Trésorier;\r\n' +
          'Roux;Luc;luc.roux@exemple.fr;;Orateur;\r\n' +
          ';Sans;sans.nom@exemple.fr;;;\r\n' +
          'Faux;Courriel;pas-une-adresse;;;\r\n' +
          'Ancien;Compte;ancien@exemple.fr;;;\r\n' +
          'Lefèvre;Hélène;helene.lefevre@exemple.fr;;;\r\n',
      );
      const users0 = await countOf(users);
      const outbox0 = await countOf(emailOutbox);

      const preview = await upload({ token: admin.token, idEntite: lodge.id, dryRun: true, content: csv });
      expect(preview.statusCode).toBe(200);
      const report = preview.json<ImportReport>();
      expect(report).toMatchObject({
        dryRun: true,
        entite: { id: lodge.id, nom: 'Les Chevaliers du Rhône' },
        fichier: { nom: 'membres.csv', format: 'csv', encodage: 'UTF-8', separateur: ';' },
        colonnesIgnorees: ['Grade'],
        total: 7,
        creations: 1,
        misesAJour: 1,
        inchangees: 1,
        rejets: 4,
      });
      expect(report.lignes.map((l) => [l.ligne, l.action, l.motif, l.identifiant])).toEqual([
        [2, 'creation', null, 'helene.lefevre'],
        [3, 'mise_a_jour', "Ajout à l'entité (Trésorier)", 'paul.durand'],
        [4, 'inchangee', null, 'luc.roux'],
        [5, 'rejet', 'Nom manquant.', null],
        [6, 'rejet', 'Adresse e-mail invalide « pas-une-adresse ».', null],
        [7, 'rejet', 'Le compte « ancien » de cette adresse est supprimé.', null],
        [8, 'rejet', 'Adresse e-mail déjà présente ligne 2 du fichier.', null],
      ]);
      expect(await countOf(users)).toBe(users0);
      expect(await countOf(emailOutbox)).toBe(outbox0);

      const run = await upload({ token: admin.token, idEntite: lodge.id, content: csv });
      expect(run.statusCode).toBe(200);
      expect(run.json<ImportReport>()).toMatchObject({
        dryRun: false,
        creations: 1,
        misesAJour: 1,
        rejets: 4,
      });

      const [helene] = await t.db.select().from(users).where(eq(users.email, 'helene.lefevre@exemple.fr'));
      expect(helene).toMatchObject({
        identifiant: 'helene.lefevre',
        nom: 'Lefèvre',
        prenom: 'Hélène',
        telephone: '04 78 12 34 56',
        etat: 'A',
        passwordHash: null,
        habilitations: ['USER', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT'],
      });
      const helenesMemberships = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.userId, helene!.id));
      expect(helenesMemberships).toMatchObject([
        { entityId: lodge.id, fonction: 'Secrétaire', gestion: false },
      ]);
      const paulsMemberships = await t.db.select().from(memberships).where(eq(memberships.userId, known.id));
      expect(paulsMemberships).toMatchObject([{ entityId: lodge.id, fonction: 'Trésorier' }]);

      // The invitation is in the outbox; its link lets the new member choose a password and sign in.
      const [invitation] = await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.destinataire, 'helene.lefevre@exemple.fr'));
      expect(invitation!.sujet).toBe("Votre accès à l'Intranet de l'Union");
      expect(invitation!.texte).toContain('Votre identifiant : helene.lefevre');
      const jeton = decodeURIComponent(/reinitialiser-mdp\?jeton=(\S+)/.exec(invitation!.texte)![1]!);
      const [link] = await t.db.select().from(userTokens).where(eq(userTokens.userId, helene!.id));
      expect(link!.purpose).toBe('invitation');
      expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
      const reset = await t.call({
        method: 'POST',
        url: '/api/user/password/reinitialiser',
        payload: { jeton, data: 'Un-mot-de-passe-solide-42' },
      });
      expect(reset.statusCode).toBe(204);
      expect(await t.signIn('helene.lefevre', 'Un-mot-de-passe-solide-42')).toBeTruthy();
      expect(await countOf(emailOutbox)).toBe(outbox0 + 1);

      // History: each account touched, and the import itself on the entity.
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordType, 'entity'), eq(auditLog.recordId, lodge.id)));
      expect(audit.find((a) => a.action === 'members_imported')).toMatchObject({
        recordId: lodge.id,
        details: { fichier: 'membres.csv', creations: 1, misesAJour: 1, rejets: 4 },
      });
      const userAudit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordType, 'user'), eq(auditLog.recordId, known.id)));
      // Joining the lodge is a membership change, not a change of the account.
      expect(userAudit.map((a) => a.action)).toEqual(['membership_added']);

      // The same file again changes nothing but rejects the same rows.
      const again = await upload({ token: admin.token, idEntite: lodge.id, dryRun: true, content: csv });
      expect(again.json<ImportReport>()).toMatchObject({
        creations: 0,
        misesAJour: 0,
        inchangees: 3,
        rejets: 4,
      });
    });

    it('reads a Windows-1252 CSV with commas and quoted fields', async () => {
      const { id, manager } = await anEntity({ managers: 1 });
      const csv = cp1252(
        'Prénom,Nom,Adresse e-mail,Fonction\r\n' +
          'Élodie,"Bénard, dite Lola",elodie.benard@exemple.fr,Hospitalière\r\n' +
          'François,Garçon,francois.garcon@exemple.fr,"Maître des cérémonies"\r\n',
      );
      const response = await upload({
        token: manager.token,
        idEntite: id,
        content: csv,
        fileName: 'liste.csv',
      });
      expect(response.statusCode).toBe(200);
      const report = response.json<ImportReport>();
      expect(report.fichier).toMatchObject({ encodage: 'Windows-1252', separateur: ',' });
      expect(report.lignes.map((l) => [l.nom, l.prenom, l.fonction, l.identifiant])).toEqual([
        ['Bénard, dite Lola', 'Élodie', 'Hospitalière', 'elodie.benard-dite-lola'],
        ['Garçon', 'François', 'Maître des cérémonies', 'francois.garcon'],
      ]);
      const [row] = await t.db.select().from(users).where(eq(users.email, 'francois.garcon@exemple.fr'));
      expect(row!.nom).toBe('Garçon');
    });

    it.each([
      ['UTF-8', ';'],
      ['UTF-8', ','],
      ['Windows-1252', ';'],
      ['Windows-1252', ','],
    ])('previews a %s CSV separated by « %s »', async (encodage, separateur) => {
      const text =
        ['Nom', 'Prénom', 'E-mail'].join(separateur) +
        '\r\n' +
        ['Garçon', 'Noël', 'noel@exemple.fr'].join(separateur) +
        '\r\n';
      const content = encodage === 'UTF-8' ? utf8(text) : cp1252(text);
      const response = await upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content });
      expect(response.statusCode).toBe(200);
      const report = response.json<ImportReport>();
      expect(report.fichier).toMatchObject({ encodage, separateur });
      expect(report.lignes[0]).toMatchObject({
        nom: 'Garçon',
        prenom: 'Noël',
        action: 'creation',
        identifiant: 'noel.garcon',
      });
    });

    it('imports an XLSX workbook', async () => {
      const lodge = await anEntity();
      const content = await xlsx([
        ['Nom', 'Prénom', 'E-mail', 'Téléphone', 'Fonction'],
        [
          'Moreau',
          'Anne',
          { text: 'anne.moreau@exemple.fr', hyperlink: 'mailto:anne.moreau@exemple.fr' },
          612345678,
          'Orateur',
        ],
        ['Simon', 'Henri', 'henri.simon@exemple.fr', null, null],
      ]);
      const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const preview = await upload({
        token: admin.token,
        idEntite: lodge.id,
        dryRun: true,
        content,
        type,
        fileName: 'membres.xlsx',
      });
      expect(preview.json<ImportReport>()).toMatchObject({
        fichier: { format: 'xlsx' },
        creations: 2,
        rejets: 0,
      });
      const run = await upload({
        token: admin.token,
        idEntite: lodge.id,
        content,
        type,
        fileName: 'membres.xlsx',
      });
      expect(run.statusCode).toBe(200);
      const [anne] = await t.db.select().from(users).where(eq(users.email, 'anne.moreau@exemple.fr'));
      expect(anne!.telephone).toBe('0612345678');
    });

    it('lets a lodge manager add an existing account to the lodge without changing its name', async () => {
      const { id, manager } = await anEntity({ managers: 1 });
      const claire = await b.aUser({ nom: 'Petit', prenom: 'Claire' });
      const csv = utf8(`Nom;Prénom;E-mail;Fonction\nGrand;Claire;${claire.email};Membre\n`);
      const response = await upload({ token: manager.token, idEntite: id, content: csv });
      expect(response.json<ImportReport>().lignes[0]).toMatchObject({
        action: 'mise_a_jour',
        motif: "Ajout à l'entité (Membre)",
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, claire.id));
      expect(row!.nom).toBe('Petit');
    });

    it('writes nothing when a write fails midway, and answers 412 for an account created meanwhile', async () => {
      const lodge = await anEntity();
      // A trigger stands for another request that created the same account during the import: it raises
      // what the users table's unique index would, late in the transaction (at the second invitation).
      await t.handle.exec(`
        CREATE FUNCTION loge_test_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.destinataire = 'concurrent@exemple.fr' THEN
            RAISE EXCEPTION 'duplicate' USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_email_lower_key';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER loge_test_conflict BEFORE INSERT ON email_outbox
          FOR EACH ROW EXECUTE FUNCTION loge_test_conflict();`);
      const users0 = await countOf(users);
      const memberships0 = await countOf(memberships);
      const csv = utf8(
        'Nom;Prénom;E-mail;Fonction\nPremier;Avant;premier.avant@exemple.fr;Membre\nConflit;Concurrent;concurrent@exemple.fr;Membre\n',
      );
      // Dropped whatever happens: left behind, it would fail another test's invitation.
      const response = await upload({ token: admin.token, idEntite: lodge.id, content: csv }).finally(() =>
        t.handle.exec('DROP TRIGGER loge_test_conflict ON email_outbox; DROP FUNCTION loge_test_conflict();'),
      );
      expect(response.statusCode).toBe(412);
      expect(response.json()).toMatchObject({
        error: 'import_conflict',
        message: expect.stringMatching(/Rien n'a été importé/),
      });
      expect(await countOf(users)).toBe(users0);
      expect(await countOf(memberships)).toBe(memberships0);
    });

    it('writes each membership change to the user’s and the entity’s history, with a readable summary', async () => {
      const lodge = await anEntity({
        nom: 'Loge Historique',
        members: [{ nom: 'Reste', prenom: 'Rémi', fonction: 'Membre' }],
      });
      const staying = lodge.member;
      const joining = await b.aUser({ nom: 'Arrive', prenom: 'Anna' });
      // Rémi joined through the API, which wrote its own entries: only those after the mark are the import's.
      const mark = await auditMark();
      const csv = utf8(
        'Nom;Prénom;E-mail;Fonction\n' +
          'Nouveau;Noé;noe.nouveau@exemple.fr;Apprenti\n' +
          `Arrive;Anna;${joining.email};Orateur\n` +
          `Reste;Rémi;${staying.email};Trésorier\n` +
          ';Sans;sans@exemple.fr;\n',
      );
      const run = await upload({
        token: admin.token,
        idEntite: lodge.id,
        content: csv,
        fileName: 'loge.csv',
      });
      expect(run.json<ImportReport>()).toMatchObject({ creations: 1, misesAJour: 2, rejets: 1 });
      const [noe] = await t.db.select().from(users).where(eq(users.email, 'noe.nouveau@exemple.fr'));

      const entriesOf = (recordType: string, recordId: number) =>
        t.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, recordId), gt(auditLog.id, mark)),
          );
      const [noeJoined] = (await entriesOf('user', noe!.id)).filter((a) => a.action === 'membership_added');
      expect(noeJoined!.details).toMatchObject({ entiteId: lodge.id, fonction: 'Apprenti', import: true });
      const annasEntries = await entriesOf('user', joining.id);
      expect(annasEntries.map((a) => a.action)).toEqual(['membership_added']);
      const [annasMembership] = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.userId, joining.id));
      expect(annasEntries[0]!.details).toMatchObject({
        entiteId: lodge.id,
        appartenanceId: annasMembership!.id,
        fonction: 'Orateur',
      });
      expect((await entriesOf('user', staying.id)).map((a) => [a.action, a.details])).toEqual([
        [
          'membership_updated',
          expect.objectContaining({
            appartenanceId: staying.membershipId,
            champs: ['fonction'],
            entiteId: lodge.id,
          }),
        ],
      ]);

      const historyOf = async () =>
        (await t.call({ method: 'GET', url: `/api/entite/${lodge.id}/historique`, token: admin.token }))
          .json<{ id: number; action: string; resume: string | null }[]>()
          .filter((h) => h.id > mark);
      const history = await historyOf();
      const summary = (action: string) => history.filter((h) => h.action === action).map((h) => h.resume);
      expect(summary('members_imported')).toEqual([
        'Fichier « loge.csv » ; 1 compte créé, 2 mises à jour, 1 ligne rejetée',
      ]);
      expect(summary('membership_added').sort()).toEqual([
        `Membre : Anna Arrive (${joining.identifiant}) ; Fonction : Orateur ; Par import du fichier « loge.csv »`,
        'Membre : Noé Nouveau (noe.nouveau) ; Fonction : Apprenti ; Par import du fichier « loge.csv »',
      ]);
      expect(summary('membership_updated')).toEqual([
        `Membre : Rémi Reste (${staying.identifiant}) ; Champs modifiés : fonction ; Par import du fichier « loge.csv »`,
      ]);

      await t.call({
        method: 'GET',
        url: pathTo(API.imports.membersExcel, { id: lodge.id }),
        token: admin.token,
      });
      await t.call({
        method: 'GET',
        url: `${pathTo(API.imports.membersExcel, { id: lodge.id })}?perimetre=tous`,
        token: admin.token,
      });
      const after = await historyOf();
      expect(after.filter((h) => h.action === 'members_exported').map((h) => h.resume)).toEqual([
        '3 membres exportés (actuels et anciens)',
        '3 membres exportés (membres actuels)',
      ]);
    });

    it('never gives a second membership to someone whose membership starts later', async () => {
      const lodge = await anEntity({
        nom: 'Loge Future',
        members: [{ nom: 'Bientôt', prenom: 'Berthe', debut: '2099-01-01' }],
      });
      const later = lodge.member;
      const csv = utf8(`Nom;Prénom;E-mail;Fonction\nBientôt;Berthe;${later.email};Membre\n`);
      const response = await upload({ token: admin.token, idEntite: lodge.id, content: csv });
      expect(response.statusCode).toBe(200);
      expect(response.json<ImportReport>().lignes[0]).toMatchObject({
        action: 'rejet',
        motif:
          "Déjà membre de l'entité à partir du 01/01/2099 : modifiez cette appartenance depuis la fiche du membre.",
      });
      const rows = await t.db.select().from(memberships).where(eq(memberships.userId, later.id));
      expect(rows.map((r) => [r.debut, r.fin])).toEqual([['2099-01-01', null]]);
    });

    it('answers 412 naming the person when another request adds them to the entity during the import', async () => {
      const lodge = await anEntity({ nom: 'Loge de la Course' });
      const pressed = await b.aUser({ nom: 'Pressé', prenom: 'Pierre' });
      // A trigger stands for a request that commits the same membership while the import runs: the
      // database's exclusion constraint refuses the import's row, and nothing of the file is kept.
      await t.handle.exec(`
        CREATE FUNCTION import_test_race() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.fonction = 'Course' THEN
            INSERT INTO memberships (user_id, entity_id, debut) VALUES (NEW.user_id, NEW.entity_id, NEW.debut);
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER import_test_race BEFORE INSERT ON memberships
          FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION import_test_race();`);
      const users0 = await countOf(users);
      const csv = utf8(
        'Nom;Prénom;E-mail;Fonction\nNouvelle;Nina;nina.nouvelle@exemple.fr;Membre\n' +
          `Pressé;Pierre;${pressed.email};Course\n`,
      );
      // Dropped whatever happens: left behind, it would double another test's memberships.
      const response = await upload({ token: admin.token, idEntite: lodge.id, content: csv }).finally(() =>
        t.handle.exec('DROP TRIGGER import_test_race ON memberships; DROP FUNCTION import_test_race();'),
      );
      expect(response.statusCode, response.body).toBe(412);
      expect(response.json().error).toBe('import_conflict');
      expect(response.json().message).toBe(
        "Une autre demande vient d'ajouter Pierre Pressé à « Loge de la Course ». " +
          "Rien n'a été importé : relancez l'aperçu puis l'import.",
      );
      expect(await countOf(users)).toBe(users0);
      expect(await t.db.select().from(memberships).where(eq(memberships.entityId, lodge.id))).toEqual([]);
    });

    it('rejects, row by row, values holding invisible control characters', async () => {
      const csv = utf8(
        'Nom;Prénom;E-mail;Fonction\n' +
          'Net;Nadia;nadia.net@exemple.fr;"Maître des\r\ncérémonies"\n' +
          'Cach\u0001é;Carl;carl@exemple.fr;Membre\n' +
          'Sonne;Sam;sam@exemple.fr;Orateur\u0007\n' +
          'Efface;Eve;eve\u007f@exemple.fr;\n',
      );
      const response = await upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content: csv });
      expect(response.statusCode).toBe(200);
      expect(response.json<ImportReport>().lignes.map((l) => [l.action, l.motif])).toEqual([
        ['creation', null],
        ['rejet', 'Nom : caractère de contrôle invisible interdit.'],
        ['rejet', 'Fonction : caractère de contrôle invisible interdit.'],
        ['rejet', 'Adresse e-mail : caractère de contrôle invisible interdit.'],
      ]);
    });

    it('creates one account when two imports of the same new member race', async () => {
      const { id, manager } = await anEntity({ managers: 1 });
      const csv = utf8('Nom;Prénom;E-mail\nCourse;Rapide;course.rapide@exemple.fr\n');
      const answers = await Promise.all([
        upload({ token: admin.token, idEntite: id, content: csv }),
        upload({ token: manager.token, idEntite: id, content: csv }),
      ]);
      // PGlite runs them one after the other (the second finds the account); PostgreSQL runs them
      // together and the loser is told to start again. Never two accounts, never a 500.
      const statuses = answers.map((a) => a.statusCode).sort();
      expect([
        [200, 200],
        [200, 412],
      ]).toContainEqual(statuses);
      const [created] = await t.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.email, 'course.rapide@exemple.fr'));
      expect(created!.n).toBe(1);
    });

    it('imports 5,000 rows in one transaction, with 5,000 invitations', async () => {
      const lodge = await anEntity();
      const domain = `masse${b.unique()}.exemple.fr`;
      const lines = Array.from(
        { length: 5000 },
        (_, i) =>
          `Nom${i};Prénom${i};membre${i}@${domain};04 78 ${String(i)
            .padStart(6, '0')
            .replace(/(..)(..)(..)/, '$1 $2 $3')};Membre`,
      );
      const csv = utf8('Nom;Prénom;E-mail;Téléphone;Fonction\n' + lines.join('\n') + '\n');
      const preview = await upload({ token: admin.token, idEntite: lodge.id, dryRun: true, content: csv });
      expect(preview.json<ImportReport>()).toMatchObject({ total: 5000, creations: 5000, rejets: 0 });
      const run = await upload({ token: admin.token, idEntite: lodge.id, content: csv });
      expect(run.statusCode).toBe(200);
      expect(run.json<ImportReport>().creations).toBe(5000);
      const [created] = await t.db
        .select({ n: count() })
        .from(users)
        .where(like(users.email, `%@${domain}`));
      expect(created!.n).toBe(5000);
      const [invited] = await t.db
        .select({ n: count() })
        .from(emailOutbox)
        .where(like(emailOutbox.destinataire, `%@${domain}`));
      expect(invited!.n).toBe(5000);
      const [members] = await t.db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.entityId, lodge.id));
      expect(members!.n).toBe(5000);
    }, 60_000);

    it('previews then imports a 5,000-row XLSX workbook', async () => {
      const lodge = await anEntity({ nom: 'Loge Nombreuse' });
      const content = await xlsx([
        ['Nom', 'Prénom', 'E-mail', 'Téléphone', 'Fonction'],
        ...Array.from({ length: 5000 }, (_, i) => [
          `Classeur${i}`,
          `Prénom${i}`,
          `classeur${i}@masse.exemple.fr`,
          600000000 + i,
          i % 10 === 0 ? 'Surveillant' : 'Membre',
        ]),
      ]);
      const options = {
        token: admin.token,
        idEntite: lodge.id,
        content,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName: 'masse.xlsx',
      };
      const users0 = await countOf(users);
      const preview = await upload({ ...options, dryRun: true });
      expect(preview.statusCode).toBe(200);
      expect(preview.json<ImportReport>()).toMatchObject({
        fichier: { format: 'xlsx' },
        total: 5000,
        creations: 5000,
        rejets: 0,
      });
      expect(await countOf(users)).toBe(users0);
      const run = await upload(options);
      expect(run.statusCode).toBe(200);
      expect(run.json<ImportReport>()).toMatchObject({ dryRun: false, creations: 5000 });
      expect(await countOf(users)).toBe(users0 + 5000);
      const [last] = await t.db.select().from(users).where(eq(users.email, 'classeur4999@masse.exemple.fr'));
      expect(last).toMatchObject({ nom: 'Classeur4999', telephone: '0600004999' });
      const [members] = await t.db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.entityId, lodge.id));
      expect(members!.n).toBe(5000);
    }, 90_000);
  });
});

describe('GET /api/entite/{id}/membres/excel', () => {
  const url = (id: number, query = '') => `${pathTo(API.imports.membersExcel, { id })}${query}`;

  async function readBack(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) =>
      rows.push(
        (row.values as unknown[])
          .slice(1)
          .map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? ''))),
      ),
    );
    return rows;
  }

  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: url(lodgeId) })).statusCode).toBe(401);
  });

  it('answers 412 for an unknown perimetre', async () => {
    const response = await t.call({
      method: 'GET',
      url: url(lodgeId, '?perimetre=certains'),
      token: admin.token,
    });
    expect(response.statusCode).toBe(412);
  });

  it('answers 403 to LOGE on a lodge not managed and to a user without LOGE', async () => {
    expect((await t.call({ method: 'GET', url: url(otherLodgeId), token: venerable.token })).statusCode).toBe(
      403,
    );
    expect((await t.call({ method: 'GET', url: url(lodgeId), token: membre.token })).statusCode).toBe(403);
  });

  it('answers 404 to an administrator for an entity that does not exist', async () => {
    expect((await t.call({ method: 'GET', url: url(999_999), token: admin.token })).statusCode).toBe(404);
  });

  it('exports the current members to a workbook that reads back and imports back unchanged', async () => {
    const lodge = await anEntity({
      code: `CHEV-${b.unique()}`,
      managers: [{ fonction: 'Vénérable Maître' }],
    });
    const venerable = lodge.manager;
    // A current member with every column filled, as an import leaves them.
    const imported = await upload({
      token: admin.token,
      idEntite: lodge.id,
      content: utf8(
        'Nom;Prénom;E-mail;Téléphone;Fonction\n' +
          'Mercier;Irène;irene.mercier@exemple.fr;04 78 12 34 56;Secrétaire\n',
      ),
    });
    expect(imported.json<ImportReport>()).toMatchObject({ creations: 1, rejets: 0 });
    const gone = await b.aMember(lodge.id, {
      nom: 'Zzparti',
      fonction: 'Membre',
      debut: '2001-09-01',
      fin: '2019-06-30',
    });

    const response = await t.call({ method: 'GET', url: url(lodge.id), token: venerable.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="?membres-${lodge.code}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"?$`),
    );
    const rows = await readBack(response.rawPayload);
    expect(rows[0]).toEqual([
      'Nom',
      'Prénom',
      'E-mail',
      'Téléphone',
      'Fonction',
      'Identifiant',
      'Début',
      'Fin',
      'Gestion',
      'Réservation',
      'Restauration',
      'Carte loge',
    ]);
    const irene = rows.find((r) => r[2] === 'irene.mercier@exemple.fr');
    expect(irene?.slice(0, 6)).toEqual([
      'Mercier',
      'Irène',
      'irene.mercier@exemple.fr',
      '04 78 12 34 56',
      'Secrétaire',
      'irene.mercier',
    ]);
    expect(rows.find((r) => r[5] === venerable.identifiant)?.[8]).toBe('Oui');
    expect(rows.some((r) => r[5] === gone.identifiant)).toBe(false);

    const all = await t.call({ method: 'GET', url: url(lodge.id, '?perimetre=tous'), token: admin.token });
    expect((await readBack(all.rawPayload)).find((r) => r[5] === gone.identifiant)?.slice(6, 8)).toEqual([
      '2001-09-01',
      '2019-06-30',
    ]);

    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'members_exported'), eq(auditLog.recordId, lodge.id)));
    expect(logged).toBeDefined();

    // The export's first columns are the import's: a lodge manager can edit and re-import it.
    const back = await upload({
      token: venerable.token,
      idEntite: lodge.id,
      dryRun: true,
      content: new Uint8Array(response.rawPayload),
      fileName: 'export.xlsx',
    });
    expect(back.statusCode).toBe(200);
    const report = back.json<ImportReport>();
    expect(report.colonnesIgnorees).toContain('Identifiant');
    expect(report).toMatchObject({ creations: 0, misesAJour: 0, rejets: 0, inchangees: rows.length - 1 });
  });
});

/**
 * Issue 7: a file far past the row limit is refused quickly (the reading stops at the limit; the
 * counter is checked in parse.test.ts), and imports cannot pile up: one per user, two for the server.
 */
describe('POST /api/user/import under load', () => {
  const LIMIT = /Le fichier contient plus de 10000 lignes : importez au plus 10000 membres à la fois/;
  const members = (count: number, domain = 'x.fr') =>
    utf8(
      'Nom;Prénom;E-mail\n' + Array.from({ length: count }, (_, i) => `N;P;${i}@${domain}`).join('\n') + '\n',
    );

  it('refuses a 200,000-row CSV and a 200,000-row XLSX with the limit’s message, and writes nothing', async () => {
    const csv = members(200_000);
    const workbook = bigWorkbook(200_000);
    for (const [content, fileName] of [
      [csv, 'enorme.csv'],
      [workbook, 'enorme.xlsx'],
    ] as const) {
      expect(content.length).toBeLessThan(IMPORT_MAX_BYTES);
      const before = await countOf(users);
      const response = await upload({ token: admin.token, idEntite: lodgeId, content, fileName });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(LIMIT);
      expect(await countOf(users)).toBe(before);
    }
    // The refusals gave their slots back.
    expect(importSlots.running).toBe(0);
  }, 90_000);

  it('answers 412 to a second import of the same user while the first runs', async () => {
    const csv = members(2000);
    let firstAnswered = false;
    const first = upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content: csv }).finally(
      () => {
        firstAnswered = true;
      },
    );
    // The second is sent once the first holds its slot (not at the same instant: on a loaded machine the
    // first could then be over before the second arrives, and nothing would be proven).
    while (importSlots.running === 0 && !firstAnswered) await new Promise((resolve) => setImmediate(resolve));
    expect(firstAnswered, 'the first import was over before it could be seen running').toBe(false);
    const second = await upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content: csv });
    expect(second.statusCode).toBe(412);
    expect(second.json().message).toBe(IMPORT_BUSY_MESSAGE);
    expect((await first).statusCode).toBe(200);
    expect(importSlots.running).toBe(0);
  }, 60_000);

  it('allows one import per user and two for the server, dry runs included', async () => {
    const release = importSlots.take(admin.id);
    try {
      const mine = await upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content: SIMPLE });
      expect(mine.statusCode).toBe(412);
      expect(mine.json().message).toBe('Un import est déjà en cours… réessayez dans un instant.');
      // Another user still has the second slot.
      const other = await upload({
        token: venerable.token,
        idEntite: lodgeId,
        dryRun: true,
        content: SIMPLE,
      });
      expect(other.statusCode).toBe(200);
      // With both slots taken, everyone waits.
      const second = importSlots.take(-1);
      const refused = await upload({
        token: venerable.token,
        idEntite: lodgeId,
        dryRun: true,
        content: SIMPLE,
      });
      expect(refused.statusCode).toBe(412);
      expect(refused.json().message).toBe(IMPORT_BUSY_MESSAGE);
      second();
    } finally {
      release();
    }
    const again = await upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content: SIMPLE });
    expect(again.statusCode).toBe(200);
  });

  it('gives the slot back after an import that fails, whatever the failure', async () => {
    const failures = [
      () => upload({ token: admin.token, idEntite: lodgeId, content: utf8('Nom;Prénom\nA;B\n') }), // unreadable
      () => upload({ token: admin.token, idEntite: deletedLodgeId, content: SIMPLE }), // refused in the transaction
      () =>
        upload({ token: admin.token, idEntite: lodgeId, content: utf8('Nom;Prénom;E-mail\n"A;B;c@d.fr\n') }),
    ];
    for (const failure of failures) {
      const response = await failure();
      expect(response.statusCode).toBe(412);
      expect(response.json().message).not.toBe(IMPORT_BUSY_MESSAGE);
      expect(importSlots.running).toBe(0);
    }
    const ok = await upload({ token: admin.token, idEntite: lodgeId, dryRun: true, content: SIMPLE });
    expect(ok.statusCode).toBe(200);
  });
});
