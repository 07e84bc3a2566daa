/**
 * Names of users' files that lie about themselves (issue 17, part 4): a right-to-left override, a
 * zero-width space or a soft hyphen in a file's name is not stored, not shown in a history and not sent
 * back in Content-Disposition, through the real upload routes.
 */
import { API, pathTo, type DocumentDetail, type ImportReport } from '@union/contract';
import { parse } from 'content-disposition';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentFiles, documents } from '../src/db/schema';
import { builders, type Builders } from './builders';
import { multipartBody, pdfWith } from './documents-helpers';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
});
afterAll(() => t.close());

/** U+202E RIGHT-TO-LEFT OVERRIDE: « facture‮fdp.exe.pdf » is drawn « facturefdp.exe.pdf » backwards. */
const RLO = '\u202e';
/** Anything a name may hold that draws nothing, once each. */
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

async function publish(fileName: string) {
  const lodge = await b.aLodgeWithMembers({ managers: 1 });
  const body = multipartBody(
    { type: 'V', titre: 'Convocation', date: '2026-03-03', idEntite: lodge.id, audience: 'ENTITE' },
    { name: fileName, content: await pdfWith('Convocation') },
  );
  const response = await t.call({
    method: 'POST',
    url: API.documents.document,
    token: lodge.manager.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { doc: response.json<DocumentDetail>(), manager: lodge.manager };
}

const download = (id: number, token: string) =>
  t.call({ method: 'GET', url: pathTo(API.documents.file, { id }), token });

describe('a published document’s file name', () => {
  it('is stored and sent back without its bidirectional controls and invisible characters', async () => {
    const { doc, manager } = await publish(`facture${RLO}fdp.exe\u200b\u00ad.pdf`);
    expect(doc.nomFichier).toBe('facturefdp.exe.pdf');
    const [file] = await t.db
      .select({ nom: documentFiles.nom })
      .from(documents)
      .innerJoin(documentFiles, eq(documentFiles.id, documents.fileId))
      .where(eq(documents.id, doc.id));
    expect(file!.nom).toBe('facturefdp.exe.pdf');
    const sent = await download(doc.id, manager.token);
    // A plain ASCII name needs no UTF-8 form (RFC 6266 as `content-disposition` writes it).
    expect(sent.headers['content-disposition']).toBe('inline; filename=facturefdp.exe.pdf');
  });

  it('keeps its accents, in NFC, and its other scripts', async () => {
    const { doc } = await publish('Proce\u0300s-verbal d’e\u0301te\u0301 \u2067ישיבה\u2069.pdf');
    expect(doc.nomFichier).toBe('Procès-verbal d’été ישיבה.pdf');
  });

  it('a name stored before the cleaning is sent without its invisible characters', async () => {
    const { doc, manager } = await publish('avant.pdf');
    const [row] = await t.db
      .select({ fileId: documents.fileId })
      .from(documents)
      .where(eq(documents.id, doc.id));
    await t.db
      .update(documentFiles)
      .set({ nom: `avant${RLO}fdp.exe.pdf` })
      .where(eq(documentFiles.id, row!.fileId));
    const header = (await download(doc.id, manager.token)).headers['content-disposition'] as string;
    expect(parse(header).parameters.filename).toBe('avantfdp.exe.pdf');
    expect(header).not.toMatch(/%E2%80%AE|\u202e/i);
  });
});

describe('the member import’s file name', () => {
  it('is kept in the report and the history without its invisible characters', async () => {
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    const lodge = await b.aLodgeWithMembers({ members: [] });
    const boundary = '----unionInvisible';
    const csv = 'Nom;Prénom;E-mail\nDurand;Claire;claire.durand.invisible@exemple.fr\n';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="membres${RLO}vsc.exe\u200b.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.call({
      method: 'POST',
      url: `${API.imports.userImport}?idEntite=${lodge.id}&dryRun=false`,
      token: admin.token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportReport>().fichier.nom).toBe('membresvsc.exe.csv');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, 'entity'),
          eq(auditLog.recordId, lodge.id),
          eq(auditLog.action, 'members_imported'),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.details).toMatchObject({ fichier: 'membresvsc.exe.csv' });
    expect(JSON.stringify(entry!.details)).not.toMatch(INVISIBLE);
  });
});
