/**
 * Documents (DECISIONS §6) through the API, in the order 401 → 412 → 403 → 404 → success: uploads
 * checked by their content and size (nothing left behind when refused), the read rule on every call
 * (the file included), search in the titles and in the PDFs' text, edit, delete, the app's own files.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, pathTo, type DocumentDetail, type DocumentList } from '@union/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentFileChunks, documentFiles, documents, users } from '../src/db/schema';
import { unsubscribeToken } from '../src/modules/documents/mails';
import { executable, multipartBody, pdfWith } from './documents-helpers';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let lodge: number;
let otherLodge: number;
let association: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const meta = (over: Record<string, string | number> = {}) => ({
  type: 'V',
  titre: 'Convocation à la tenue du 3 mars',
  date: '2026-03-03',
  idEntite: lodge,
  audience: 'ENTITE',
  ...over,
});

async function upload(
  who: string,
  fields: Record<string, string | number>,
  file?: { name: string; content: Buffer; type?: string },
) {
  const body = multipartBody(fields, file);
  return t.call({
    method: 'POST',
    url: API.documents.document,
    token: tokens[who],
    payload: body.payload,
    headers: body.headers,
  });
}

const list = async (who: string, query = '') =>
  (
    await t.call({ method: 'GET', url: `${API.documents.all}${query}`, token: tokens[who] })
  ).json<DocumentList>();

/** This file's own temporary folder: another test file uploading meanwhile cannot blur the count. */
const uploadDir = mkdtempSync(join(tmpdir(), 'union-test-uploads-'));
const uploadsLeft = () => readdirSync(uploadDir);

const tableCounts = async () => ({
  documents: (await t.db.select({ n: count() }).from(documents))[0]!.n,
  files: (await t.db.select({ n: count() }).from(documentFiles))[0]!.n,
  chunks: (await t.db.select({ n: count() }).from(documentFileChunks))[0]!.n,
});

beforeAll(async () => {
  t = await createTestContext({ UPLOAD_MAX_MB: '20', UPLOAD_TMP_DIR: uploadDir });
  const union = await createEntity(t.db, { code: 'UNION', type: 'UN' });
  lodge = (await createEntity(t.db, { code: 'LCR', nom: 'Les Chevaliers du Rhône' })).id;
  otherLodge = (await createEntity(t.db, { code: 'TP', nom: 'Tolérance et Progrès' })).id;
  association = (await createEntity(t.db, { code: 'AFM', type: 'AFM' })).id;
  const people: [string, Parameters<typeof createUser>[1]['habilitations'], number | null, boolean][] = [
    ['staff', ['USER', 'DOCUMENTS_LECTURE'], union.id, true],
    ['venerable', ['USER', 'LOGE', 'DOCUMENTS_LECTURE'], lodge, true],
    ['membre', ['USER', 'DOCUMENTS_LECTURE'], lodge, false],
    ['autre', ['USER', 'DOCUMENTS_LECTURE'], otherLodge, false],
    ['lecteur', ['USER', 'DOCUMENTS_LECTURE_ALL'], null, false],
    ['sansdroit', ['USER'], lodge, false],
  ];
  for (const [identifiant, habilitations, entityId, gestion] of people) {
    const user = await createUser(t.db, { identifiant, habilitations });
    ids[identifiant] = user.id;
    if (entityId) await addMembership(t.db, { userId: user.id, entityId, gestion, debut: '2020-01-01' });
    tokens[identifiant] = await t.signIn(identifiant);
  }
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
    const json = await t.call({
      method: 'POST',
      url: API.documents.document,
      token: tokens.venerable,
      payload: {},
    });
    expect(json.statusCode).toBe(412);
    const noFile = await upload('venerable', meta());
    expect(noFile.statusCode).toBe(412);
    expect(noFile.json().message).toContain('Fichier');
    const pdf = { name: 'c.pdf', content: await pdfWith('x') };
    const noTitle = await upload('venerable', meta({ titre: '  ' }), pdf);
    expect(noTitle.statusCode).toBe(412);
    expect(noTitle.json().message).toBe('Titre : indiquez le titre du document.');
    const typeB = await upload('venerable', meta({ type: 'B' }), pdf);
    expect(typeB.json()).toMatchObject({ status: 412, error: 'document_type_b' });
    const session = await upload('venerable', meta({ type: 'N', idReservation: 1 }), pdf);
    expect(session.json()).toMatchObject({ status: 412, error: 'document_session_type' });
    expect(await tableCounts()).toEqual({ documents: 0, files: 0, chunks: 0 });
  });

  it('412: a renamed executable is refused by its content, and nothing is left behind', async () => {
    const response = await upload('venerable', meta(), {
      name: 'convocation.pdf',
      content: executable(),
      type: 'application/pdf',
    });
    expect(response.json()).toMatchObject({ status: 412, error: 'file_type' });
    expect(response.json().message).toContain('convocation.pdf');
    expect(await tableCounts()).toEqual({ documents: 0, files: 0, chunks: 0 });
    expect(uploadsLeft()).toEqual([]);
  });

  it('412: a 21 MB file is refused (UPLOAD_MAX_MB = 20), and nothing is left behind', async () => {
    const big = Buffer.concat([await pdfWith('gros'), Buffer.alloc(21 * 1024 * 1024)]);
    const response = await upload('venerable', meta(), { name: 'gros.pdf', content: big });
    expect(response.json()).toMatchObject({ status: 412, error: 'file_too_large' });
    expect(response.json().message).toContain('20 Mo');
    expect(await tableCounts()).toEqual({ documents: 0, files: 0, chunks: 0 });
    expect(uploadsLeft()).toEqual([]);
  });

  it('403: a member does not publish; a lodge manager publishes only for their lodge', async () => {
    const pdf = { name: 'c.pdf', content: await pdfWith('x') };
    expect((await upload('membre', meta(), pdf)).statusCode).toBe(403);
    expect((await upload('venerable', meta({ idEntite: otherLodge }), pdf)).statusCode).toBe(403);
    expect((await upload('staff', meta({ type: 'B', idEntite: association }), pdf)).statusCode).toBe(201);
  });

  it('201: the PDF is stored with its real name and type, and its text is searchable', async () => {
    const content = await pdfWith('Ordre du jour', 'Tenue solsticiale au temple Hiram, fraternellement.');
    const response = await upload('venerable', meta(), {
      name: "C:\\Mes documents\\Convocation d'été.pdf",
      content,
    });
    expect(response.statusCode).toBe(201);
    const doc = response.json<DocumentDetail>();
    ids.convocation = doc.id;
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
      token: tokens.membre,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Convocation d'ete.pdf"; filename*=UTF-8''Convocation%20d%27%C3%A9t%C3%A9.pdf`,
    );
    expect(Buffer.compare(file.rawPayload, content)).toBe(0);
    // The temporary copy is gone once the file is in the database.
    expect(uploadsLeft()).toEqual([]);

    // A word of the second page, without its accents, in another case: found.
    const found = await list('membre', '?q=SOLSTICIALE%20hiram');
    expect(found.documents.map((d) => d.id)).toEqual([doc.id]);
    expect(found.documents[0]!.actions).toEqual(['READ']);
    expect((await list('membre', '?q=fraternel')).total).toBe(1);
    expect((await list('membre', '?q=introuvable')).total).toBe(0);
    // The title is searched too.
    expect((await list('membre', '?q=convocation')).total).toBe(1);
  });

  it('201: an image and an office document; a big file over several chunks comes back whole', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await upload('venerable', meta({ type: 'I', titre: 'Plan' }), {
      name: 'plan',
      content: png,
    });
    expect(image.json()).toMatchObject({ nomFichier: 'plan.png', typeFichier: 'image/png' });
    const big = Buffer.concat([await pdfWith('volumineux'), Buffer.alloc(3 * 1024 * 1024 + 17, 7)]);
    const response = await upload('venerable', meta({ type: 'D', titre: 'Annexes' }), {
      name: 'annexes.pdf',
      content: big,
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<DocumentDetail>().id;
    const file = await t.call({
      method: 'GET',
      url: pathTo(API.documents.file, { id }),
      token: tokens.venerable,
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
    const id = ids.convocation!;
    expect((await list('autre')).documents.map((d) => d.id)).not.toContain(id);
    expect((await list('autre', '?q=solsticiale')).total).toBe(0);
    for (const call of [
      { method: 'GET', url: pathTo(API.documents.infos, { id }) },
      { method: 'GET', url: pathTo(API.documents.file, { id }) },
      { method: 'PUT', url: API.documents.document, payload: { ...meta(), id } },
      { method: 'DELETE', url: pathTo(API.documents.remove, { id }) },
      { method: 'POST', url: pathTo(API.documents.distribution, { id }) },
      { method: 'DELETE', url: pathTo(API.documents.distribution, { id }) },
    ] as const) {
      const response = await t.call({ ...call, token: tokens.autre });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.body).not.toContain('solsticiale');
    }
    // Without DOCUMENTS_LECTURE, a member of the lodge reads nothing either.
    expect((await list('sansdroit')).total).toBe(0);
    expect(
      (await t.call({ method: 'GET', url: pathTo(API.documents.file, { id }), token: tokens.sansdroit }))
        .statusCode,
    ).toBe(403);
  });

  it('404 for a document that does not exist', async () => {
    for (const call of [
      { method: 'GET', url: pathTo(API.documents.infos, { id: 999_999 }) },
      { method: 'GET', url: pathTo(API.documents.file, { id: 999_999 }) },
      { method: 'DELETE', url: pathTo(API.documents.remove, { id: 999_999 }) },
      { method: 'POST', url: pathTo(API.documents.distribution, { id: 999_999 }) },
    ] as const) {
      expect((await t.call({ ...call, token: tokens.venerable })).statusCode).toBe(404);
    }
  });

  it('DOCUMENTS_LECTURE_ALL reads every document; a document for everyone reaches other lodges', async () => {
    expect((await list('lecteur', '?q=solsticiale')).total).toBe(1);
    const pdf = { name: 'lettre.pdf', content: await pdfWith('Lettre de printemps') };
    const open = await upload('venerable', meta({ type: 'N', titre: 'Lettre', audience: 'TOUS' }), pdf);
    expect((await list('autre', '?q=printemps')).documents.map((d) => d.id)).toEqual([open.json().id]);
  });

  it('filters by type, entity and year', async () => {
    const all = await list('lecteur');
    expect(all.total).toBe(5);
    expect((await list('lecteur', '?type=V')).documents.every((d) => d.type === 'V')).toBe(true);
    expect((await list('lecteur', `?idEntite=${association}`)).total).toBe(1);
    expect((await list('lecteur', '?annee=2026')).total).toBe(5);
    expect((await list('lecteur', '?annee=2025')).total).toBe(0);
    const bad = await t.call({ method: 'GET', url: `${API.documents.all}?type=Z`, token: tokens.lecteur });
    expect(bad.statusCode).toBe(412);
  });

  it('the publish list names the entities the caller may publish for', async () => {
    expect((await list('venerable')).publication).toEqual([
      { id: lodge, nom: 'Les Chevaliers du Rhône', bureau: false },
    ]);
    expect((await list('membre')).publication).toEqual([]);
    expect((await list('staff')).publication.length).toBe(4);
    expect((await list('membre')).tailleMax).toBe(20 * 1024 * 1024);
  });
});

describe('edit and delete', () => {
  it('PUT: 412 on a bad field, 403 for a reader, 200 for the manager', async () => {
    const id = ids.convocation!;
    const bad = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token: tokens.venerable,
      payload: { ...meta({ date: '2026-02-30' }), id },
    });
    expect(bad.statusCode).toBe(412);
    const reader = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token: tokens.membre,
      payload: { ...meta(), id },
    });
    expect(reader.statusCode).toBe(403);
    const ok = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token: tokens.venerable,
      payload: { ...meta({ titre: 'Convocation modifiée' }), id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().titre).toBe('Convocation modifiée');
    expect((await list('membre', '?q=modifiee')).total).toBe(1);
  });

  it('DELETE: 403 for a reader; the manager deletes the document and its file', async () => {
    const pdf = { name: 'x.pdf', content: await pdfWith('à supprimer') };
    const id = (await upload('venerable', meta({ titre: 'Brouillon' }), pdf)).json().id as number;
    expect(
      (await t.call({ method: 'DELETE', url: pathTo(API.documents.remove, { id }), token: tokens.membre }))
        .statusCode,
    ).toBe(403);
    const before = await tableCounts();
    expect(
      (await t.call({ method: 'DELETE', url: pathTo(API.documents.remove, { id }), token: tokens.venerable }))
        .statusCode,
    ).toBe(204);
    expect(await tableCounts()).toEqual({
      documents: before.documents - 1,
      files: before.files - 1,
      chunks: before.chunks - 1,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'DOCUMENT_DELETE'));
    expect(entry).toMatchObject({ recordId: id, actorId: ids.venerable });
  });
});

describe('GET /api/files/{name}: the files the app produces', () => {
  it('404 for a name outside the catalogue (a path included), 403 without the right, 200 with it', async () => {
    for (const name of ['inconnu.pdf', '..%2F..%2Fpackage.json', 'constructor']) {
      const response = await t.call({ method: 'GET', url: `/api/files/${name}`, token: tokens.venerable });
      expect(response.statusCode, name).toBe(404);
    }
    const url = pathTo(API.documents.produced, { name: 'modele-import-membres.csv' });
    expect((await t.call({ method: 'GET', url, token: tokens.membre })).statusCode).toBe(403);
    const ok = await t.call({ method: 'GET', url, token: tokens.venerable });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Nom;Prénom;E-mail');
    expect(ok.headers['content-disposition']).toContain('attachment');
  });
});

describe('unsubscribe (public)', () => {
  it('412 for a forged token; the signed one turns the documents notification off', async () => {
    await t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, ids.membre!));
    const forged = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${ids.membre}.${'A'.repeat(43)}`,
      noXsrf: true,
    });
    expect(forged.json(), forged.body).toMatchObject({ status: 412, error: 'unsubscribe_token' });
    const token = await unsubscribeToken(t.db, ids.membre!);
    // Another person's id with this signature: refused.
    const swapped = await t.call({
      method: 'POST',
      url: API.documents.unsubscribe,
      payload: { jeton: token.replace(/^\d+/, String(ids.autre)) },
      noXsrf: true,
    });
    expect(swapped.statusCode).toBe(412);
    const ok = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${token}`,
      noXsrf: true,
    });
    expect(ok.statusCode).toBe(204);
    const [user] = await t.db.select().from(users).where(eq(users.id, ids.membre!));
    expect(user!.notificationDocuments).toBe(false);
  });
});
