/**
 * Documents (DECISIONS §6) through the API, in the order 401 → 412 → 403 → 404 → success: uploads
 * checked by their content and size (nothing left behind when refused), the read rule on every call
 * (the file included), search in the titles and in the PDFs' text, edit, delete, the app's own files.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, pathTo, type DocumentDetail, type DocumentList } from '@union/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentFileChunks, documentFiles, documents, entities, users } from '../src/db/schema';
import { unsubscribeToken } from '../src/modules/documents/mails';
import { builders, type Builders, type Person } from './builders';
import { executable, multipartBody, pdfWith } from './documents-helpers';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
/** Read only, shared by the tests: the Union's staff (who publish for every entity) and a reader of all. */
let staff: Person;
let reader: Person;

/** This file's own temporary folder: another test file uploading meanwhile cannot blur the count. */
const uploadDir = mkdtempSync(join(tmpdir(), 'union-test-uploads-'));
const uploadsLeft = () => readdirSync(uploadDir);

const tableCounts = async () => ({
  documents: (await t.db.select({ n: count() }).from(documents))[0]!.n,
  files: (await t.db.select({ n: count() }).from(documentFiles))[0]!.n,
  chunks: (await t.db.select({ n: count() }).from(documentFileChunks))[0]!.n,
});

const READS = ['USER', 'DOCUMENTS_LECTURE'] as const;

/**
 * Each test's own lodge: its manager (LOGE) who publishes, a member who reads, a member without
 * DOCUMENTS_LECTURE; and a reader in another lodge. `upload`, `list` and `meta` act for this lodge.
 */
async function aLodgeWithReaders() {
  const lodge = await b.aLodgeWithMembers({
    nom: `Les Chevaliers du Rhône ${b.unique()}`,
    managers: [{ habilitations: ['USER', 'LOGE', 'DOCUMENTS_LECTURE'] }],
    members: [{ habilitations: [...READS] }, { habilitations: ['USER'] }],
  });
  const other = await b.aLodgeWithMembers({ members: [{ habilitations: [...READS] }] });
  const [member, withoutRight] = lodge.members;
  const meta = (over: Record<string, string | number> = {}) => ({
    type: 'V',
    titre: 'Convocation à la tenue du 3 mars',
    date: '2026-03-03',
    idEntite: lodge.id,
    audience: 'ENTITE',
    ...over,
  });
  return {
    lodge,
    other,
    manager: lodge.manager,
    member: member!,
    withoutRight: withoutRight!,
    outsider: other.member,
    meta,
    upload: (
      by: Person,
      fields: Record<string, string | number>,
      file?: { name: string; content: Buffer; type?: string },
    ) => {
      const body = multipartBody(fields, file);
      return t.call({
        method: 'POST',
        url: API.documents.document,
        token: by.token,
        payload: body.payload,
        headers: body.headers,
      });
    },
  };
}

const list = async (who: Person, query = '') =>
  (
    await t.call({ method: 'GET', url: `${API.documents.all}${query}`, token: who.token })
  ).json<DocumentList>();
const idsOf = (found: DocumentList) => found.documents.map((d) => d.id);

beforeAll(async () => {
  t = await createTestContext({ UPLOAD_MAX_MB: '20', UPLOAD_TMP_DIR: uploadDir });
  b = builders(t);
  staff = (await b.theUnion({ members: [{ habilitations: [...READS], flags: { gestion: true } }] })).member;
  reader = await b.aUser({ habilitations: ['USER', 'DOCUMENTS_LECTURE_ALL'] });
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('401: every call needs a session', () => {
  it.each([
    ['GET', API.documents.all],
    ['GET', pathTo(API.documents.infos, { id: 1 })],
    ['POST', API.documents.document],
    ['PUT', API.documents.document],
    ['DELETE', pathTo(API.documents.remove, { id: 1 })],
    ['POST', pathTo(API.documents.distribution, { id: 1 })],
    ['DELETE', pathTo(API.documents.distribution, { id: 1 })],
    ['GET', pathTo(API.documents.file, { id: 1 })],
    ['GET', pathTo(API.documents.produced, { name: 'modele-import-membres.csv' })],
  ] as const)('%s %s', async (method, url) => {
    expect((await t.call({ method, url })).statusCode).toBe(401);
  });
});

describe('publishing (POST /api/document, multipart)', () => {
  it('412: no multipart body, no file, a missing title, type B for a lodge, a session on a non-convocation', async () => {
    const { manager, upload, meta } = await aLodgeWithReaders();
    const before = await tableCounts();
    const json = await t.call({
      method: 'POST',
      url: API.documents.document,
      token: manager.token,
      payload: {},
    });
    expect(json.statusCode).toBe(412);
    const noFile = await upload(manager, meta());
    expect(noFile.statusCode).toBe(412);
    expect(noFile.json().message).toContain('Fichier');
    const pdf = { name: 'c.pdf', content: await pdfWith('x') };
    const noTitle = await upload(manager, meta({ titre: '  ' }), pdf);
    expect(noTitle.statusCode).toBe(412);
    expect(noTitle.json().message).toBe('Titre : indiquez le titre du document.');
    const typeB = await upload(manager, meta({ type: 'B' }), pdf);
    expect(typeB.json()).toMatchObject({ status: 412, error: 'document_type_b' });
    const session = await upload(manager, meta({ type: 'N', idReservation: 1 }), pdf);
    expect(session.json()).toMatchObject({ status: 412, error: 'document_session_type' });
    expect(await tableCounts()).toEqual(before);
  });

  it('412: a renamed executable is refused by its content, and nothing is left behind', async () => {
    const { manager, upload, meta } = await aLodgeWithReaders();
    const before = await tableCounts();
    const response = await upload(manager, meta(), {
      name: 'convocation.pdf',
      content: executable(),
      type: 'application/pdf',
    });
    expect(response.json()).toMatchObject({ status: 412, error: 'file_type' });
    expect(response.json().message).toContain('convocation.pdf');
    expect(await tableCounts()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
  });

  it('412: a 21 MB file is refused (UPLOAD_MAX_MB = 20), and nothing is left behind', async () => {
    const { manager, upload, meta } = await aLodgeWithReaders();
    const before = await tableCounts();
    const big = Buffer.concat([await pdfWith('gros'), Buffer.alloc(21 * 1024 * 1024)]);
    const response = await upload(manager, meta(), { name: 'gros.pdf', content: big });
    expect(response.json()).toMatchObject({ status: 412, error: 'file_too_large' });
    expect(response.json().message).toContain('20 Mo');
    expect(await tableCounts()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
  });

  it('403: a member does not publish; a lodge manager publishes only for their lodge', async () => {
    const { manager, member, other, upload, meta } = await aLodgeWithReaders();
    const association = await b.aLodgeWithMembers({ type: 'AFM' });
    const pdf = { name: 'c.pdf', content: await pdfWith('x') };
    expect((await upload(member, meta(), pdf)).statusCode).toBe(403);
    expect((await upload(manager, meta({ idEntite: other.id }), pdf)).statusCode).toBe(403);
    expect((await upload(staff, meta({ type: 'B', idEntite: association.id }), pdf)).statusCode).toBe(201);
  });

  it('201: the PDF is stored with its real name and type, and its text is searchable', async () => {
    const { manager, member, upload, meta } = await aLodgeWithReaders();
    const content = await pdfWith('Ordre du jour', 'Tenue solsticiale au temple Hiram, fraternellement.');
    const response = await upload(manager, meta(), {
      name: "C:\\Mes documents\\Convocation d'été.pdf",
      content,
    });
    expect(response.statusCode).toBe(201);
    const doc = response.json<DocumentDetail>();
    expect(doc).toMatchObject({
      type: 'V',
      titre: 'Convocation à la tenue du 3 mars',
      nomFichier: "Convocation d'été.pdf",
      typeFichier: 'application/pdf',
      taille: content.length,
      diffusion: 'N',
      compteurs: { envoyes: 0, enAttente: 0, echecs: 0, annules: 0 },
    });
    expect(doc.actions).toEqual(['READ', 'EDIT', 'DELETE', 'DISTRIBUTE']);

    const file = await t.call({
      method: 'GET',
      url: pathTo(API.documents.file, { id: doc.id }),
      token: member.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Convocation d'ete.pdf"; filename*=UTF-8''Convocation%20d%27%C3%A9t%C3%A9.pdf`,
    );
    expect(Buffer.compare(file.rawPayload, content)).toBe(0);
    // The temporary copy is gone once the file is in the database.
    expect(uploadsLeft()).toEqual([]);

    // A word of the second page, without its accents, in another case: found. The member reads their
    // lodge's documents only, so what the other tests publish elsewhere never shows here.
    const found = await list(member, '?q=SOLSTICIALE%20hiram');
    expect(idsOf(found)).toEqual([doc.id]);
    expect(found.documents[0]!.actions).toEqual(['READ']);
    expect((await list(member, '?q=fraternel')).total).toBe(1);
    expect((await list(member, '?q=introuvable')).total).toBe(0);
    // The title is searched too.
    expect((await list(member, '?q=convocation')).total).toBe(1);
  });

  it('201: an image and an office document; a big file over several chunks comes back whole', async () => {
    const { manager, upload, meta } = await aLodgeWithReaders();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await upload(manager, meta({ type: 'I', titre: 'Plan' }), {
      name: 'plan',
      content: png,
    });
    expect(image.json()).toMatchObject({ nomFichier: 'plan.png', typeFichier: 'image/png' });
    const big = Buffer.concat([await pdfWith('volumineux'), Buffer.alloc(3 * 1024 * 1024 + 17, 7)]);
    const response = await upload(manager, meta({ type: 'D', titre: 'Annexes' }), {
      name: 'annexes.pdf',
      content: big,
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<DocumentDetail>().id;
    const file = await t.call({
      method: 'GET',
      url: pathTo(API.documents.file, { id }),
      token: manager.token,
    });
    expect(Buffer.compare(file.rawPayload, big)).toBe(0);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
    const chunks = await t.db
      .select({ n: count() })
      .from(documentFileChunks)
      .where(eq(documentFileChunks.fileId, row!.fileId));
    expect(chunks[0]!.n).toBe(4);
  });
});

describe('the read rule', () => {
  it('a member of another lodge never sees the lodge document: not listed, not found, 403 on every call', async () => {
    const { lodge, manager, withoutRight, outsider, meta } = await aLodgeWithReaders();
    const { id } = await b.aDocument({
      by: manager,
      entity: lodge.id,
      text: 'Tenue solsticiale au temple Hiram',
    });
    expect(idsOf(await list(outsider))).not.toContain(id);
    expect(idsOf(await list(outsider, '?q=solsticiale'))).not.toContain(id);
    for (const call of [
      { method: 'GET', url: pathTo(API.documents.infos, { id }) },
      { method: 'GET', url: pathTo(API.documents.file, { id }) },
      { method: 'PUT', url: API.documents.document, payload: { ...meta(), id } },
      { method: 'DELETE', url: pathTo(API.documents.remove, { id }) },
      { method: 'POST', url: pathTo(API.documents.distribution, { id }) },
      { method: 'DELETE', url: pathTo(API.documents.distribution, { id }) },
    ] as const) {
      const response = await t.call({ ...call, token: outsider.token });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.body).not.toContain('solsticiale');
    }
    // Without DOCUMENTS_LECTURE, a member of the lodge reads nothing either.
    expect((await list(withoutRight)).total).toBe(0);
    expect(
      (await t.call({ method: 'GET', url: pathTo(API.documents.file, { id }), token: withoutRight.token }))
        .statusCode,
    ).toBe(403);
  });

  it('404 for a document that does not exist', async () => {
    const { manager } = await aLodgeWithReaders();
    for (const call of [
      { method: 'GET', url: pathTo(API.documents.infos, { id: 999_999 }) },
      { method: 'GET', url: pathTo(API.documents.file, { id: 999_999 }) },
      { method: 'DELETE', url: pathTo(API.documents.remove, { id: 999_999 }) },
      { method: 'POST', url: pathTo(API.documents.distribution, { id: 999_999 }) },
    ] as const) {
      expect((await t.call({ ...call, token: manager.token })).statusCode).toBe(404);
    }
  });

  it('DOCUMENTS_LECTURE_ALL reads every document; a document for everyone reaches other lodges', async () => {
    const { lodge, manager, outsider, upload, meta } = await aLodgeWithReaders();
    const lodgeOnly = await b.aDocument({ by: manager, entity: lodge.id, text: 'Tenue solsticiale' });
    expect(idsOf(await list(reader, '?q=solsticiale'))).toContain(lodgeOnly.id);
    const pdf = { name: 'lettre.pdf', content: await pdfWith('Lettre de printemps') };
    const open = await upload(manager, meta({ type: 'N', titre: 'Lettre', audience: 'TOUS' }), pdf);
    expect(open.statusCode).toBe(201);
    expect(idsOf(await list(outsider, '?q=printemps'))).toContain(open.json().id);
  });

  it('filters by type, entity and year', async () => {
    // An association of its own: its documents are only this test's.
    const association = await b.aLodgeWithMembers({ type: 'AFM' });
    const publish = (type: string, date: string) =>
      b.aDocument({ by: staff, entity: association.id, type, date });
    await publish('B', '2026-03-03');
    await publish('V', '2026-05-12');
    await publish('V', '2025-06-01');
    const of = `?idEntite=${association.id}`;
    expect((await list(reader, of)).total).toBe(3);
    const convocations = await list(reader, `${of}&type=V`);
    expect(convocations.total).toBe(2);
    expect(convocations.documents.every((d) => d.type === 'V')).toBe(true);
    expect((await list(reader, `${of}&annee=2026`)).total).toBe(2);
    expect((await list(reader, `${of}&annee=2025`)).total).toBe(1);
    expect((await list(reader, `${of}&annee=2024`)).total).toBe(0);
    const bad = await t.call({ method: 'GET', url: `${API.documents.all}?type=Z`, token: reader.token });
    expect(bad.statusCode).toBe(412);
  });

  it('the publish list names the entities the caller may publish for', async () => {
    const { lodge, manager, member } = await aLodgeWithReaders();
    expect((await list(manager)).publication).toEqual([{ id: lodge.id, nom: lodge.nom, bureau: false }]);
    expect((await list(member)).publication).toEqual([]);
    // The Union's staff publish for every active entity.
    const active = await t.db.select({ id: entities.id }).from(entities).where(eq(entities.etat, 'A'));
    expect((await list(staff)).publication.map((e) => e.id).sort((x, y) => x - y)).toEqual(
      active.map((e) => e.id).sort((x, y) => x - y),
    );
    expect((await list(member)).tailleMax).toBe(20 * 1024 * 1024);
  });
});

describe('edit and delete', () => {
  it('PUT: 412 on a bad field, 403 for a reader, 200 for the manager', async () => {
    const { lodge, manager, member, meta } = await aLodgeWithReaders();
    const { id } = await b.aDocument({ by: manager, entity: lodge.id });
    const bad = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token: manager.token,
      payload: { ...meta({ date: '2026-02-30' }), id },
    });
    expect(bad.statusCode).toBe(412);
    const byReader = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token: member.token,
      payload: { ...meta(), id },
    });
    expect(byReader.statusCode).toBe(403);
    const ok = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token: manager.token,
      payload: { ...meta({ titre: 'Convocation modifiée' }), id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().titre).toBe('Convocation modifiée');
    expect(idsOf(await list(member, '?q=modifiee'))).toEqual([id]);
  });

  it('DELETE: 403 for a reader; the manager deletes the document and its file', async () => {
    const { lodge, manager, member } = await aLodgeWithReaders();
    const { id } = await b.aDocument({ by: manager, entity: lodge.id, text: 'à supprimer' });
    expect(
      (await t.call({ method: 'DELETE', url: pathTo(API.documents.remove, { id }), token: member.token }))
        .statusCode,
    ).toBe(403);
    const before = await tableCounts();
    expect(
      (await t.call({ method: 'DELETE', url: pathTo(API.documents.remove, { id }), token: manager.token }))
        .statusCode,
    ).toBe(204);
    expect(await tableCounts()).toEqual({
      documents: before.documents - 1,
      files: before.files - 1,
      chunks: before.chunks - 1,
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DOCUMENT_DELETE'), eq(auditLog.recordId, id)));
    expect(entries).toEqual([expect.objectContaining({ actorId: manager.id })]);
  });
});

describe('GET /api/files/{name}: the files the app produces', () => {
  it('404 for a name outside the catalogue (a path included), 403 without the right, 200 with it', async () => {
    const { manager, member } = await aLodgeWithReaders();
    for (const name of ['inconnu.pdf', '..%2F..%2Fpackage.json', 'constructor']) {
      const response = await t.call({ method: 'GET', url: `/api/files/${name}`, token: manager.token });
      expect(response.statusCode, name).toBe(404);
    }
    const url = pathTo(API.documents.produced, { name: 'modele-import-membres.csv' });
    expect((await t.call({ method: 'GET', url, token: member.token })).statusCode).toBe(403);
    const ok = await t.call({ method: 'GET', url, token: manager.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Nom;Prénom;E-mail');
    expect(ok.headers['content-disposition']).toContain('attachment');
  });
});

describe('unsubscribe (public)', () => {
  it('412 for a forged token; the signed one turns the documents notification off', async () => {
    const { member, outsider } = await aLodgeWithReaders();
    await t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, member.id));
    const forged = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${member.id}.${'A'.repeat(43)}`,
      noXsrf: true,
    });
    expect(forged.json(), forged.body).toMatchObject({ status: 412, error: 'unsubscribe_token' });
    const token = await unsubscribeToken(t.db, member.id);
    // Another person's id with this signature: refused.
    const swapped = await t.call({
      method: 'POST',
      url: API.documents.unsubscribe,
      payload: { jeton: token.replace(/^\d+/, String(outsider.id)) },
      noXsrf: true,
    });
    expect(swapped.statusCode).toBe(412);
    const ok = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${token}`,
      noXsrf: true,
    });
    expect(ok.statusCode).toBe(204);
    const [user] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(user!.notificationDocuments).toBe(false);
  });
});
