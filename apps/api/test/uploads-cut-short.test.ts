/**
 * An upload whose body stops before its closing boundary (a dropped connection, a probe) gets a 412 at
 * once on both multipart routes, whatever the server was doing when the parser found the cut: checking the
 * fields against the database, or not yet reading the file. The fuzzing once found POST /api/document
 * waiting forever on such a body.
 */
import { API, HABILITATION_CODES } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from './documents-helpers';
import { createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let admin: string;
let lodge: number;

beforeAll(async () => {
  t = await createTestContext();
  lodge = (await createEntity(t.db, { code: 'LCR' })).id;
  await createUser(t.db, { identifiant: 'admin', habilitations: [...HABILITATION_CODES] });
  admin = await t.signIn('admin');
});
afterAll(() => t?.close());

/** A multipart body of the given fields and file, stopped before the file's end and its closing boundary. */
function cutShort(fields: Record<string, string>, file: Buffer) {
  const boundary = '----cutshort';
  const head = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(
        `${head.join('')}--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="a.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file.subarray(0, Math.floor(file.length / 2)),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Fails the test with a clear reason rather than letting it sit until the runner's timeout. */
async function answeredWithin<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('an upload cut short', () => {
  it.each([
    ['with no fields', {}],
    ['with wrong fields', { type: 'Z', titre: '' }],
    [
      'with valid fields',
      { type: 'C', titre: 'Compte rendu', date: '2026-11-02', idEntite: 'LODGE', audience: 'E' },
    ],
  ])('POST /api/document %s: 412 at once, nothing stored', async (_what, fields) => {
    const before = await t.call({ method: 'GET', url: API.documents.all, token: admin });
    const body = cutShort(
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'LODGE' ? String(lodge) : v])),
      await pdfWith('Texte du document coupé'),
    );
    const res = await answeredWithin(
      t.call({ method: 'POST', url: API.documents.document, token: admin, ...body }),
    );
    expect(res.statusCode).toBe(412);
    const after = await t.call({ method: 'GET', url: API.documents.all, token: admin });
    expect(after.body).toBe(before.body);
  });

  it('the member import: 412 at once', async () => {
    const body = cutShort({}, Buffer.from('Nom;Prénom;E-mail\nDurand;Paul;paul@exemple.fr\n'.repeat(50)));
    const res = await answeredWithin(
      t.call({
        method: 'POST',
        url: `${API.imports.userImport}?idEntite=${lodge}&dryRun=true`,
        token: admin,
        ...body,
      }),
    );
    expect(res.statusCode).toBe(412);
  });
});
