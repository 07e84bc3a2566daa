/**
 * A distribution under concurrency (run it on PostgreSQL: TEST_DB=postgres): several publishers press
 * « Diffuser » at once; the document's row lock and the unique (document, person) index make every
 * person receive one e-mail, never two.
 */
import { API, pathTo } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentDistributions, emailOutbox, users } from '../src/db/schema';
import { builders } from './builders';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let lodge: number;
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  lodge = (await createEntity(t.db, { code: 'LCR' })).id;
  for (let i = 0; i < 4; i++) {
    const manager = await createUser(t.db, {
      identifiant: `gerant${i}`,
      habilitations: ['USER', 'DOCUMENTS_LECTURE'],
    });
    await addMembership(t.db, { userId: manager.id, entityId: lodge, gestion: true });
    tokens.push(await t.signIn(`gerant${i}`));
  }
  for (let i = 0; i < 20; i++) {
    const reader = await createUser(t.db, {
      identifiant: `lecteur${i}`,
      habilitations: ['USER', 'DOCUMENTS_LECTURE'],
    });
    await addMembership(t.db, { userId: reader.id, entityId: lodge });
  }
  await t.db.update(users).set({ notificationDocuments: true });
});
afterAll(() => t.close());

it('four simultaneous distributions send each of the 24 readers one e-mail', async () => {
  const { id } = await builders(t).aDocument({
    by: { token: tokens[0]! },
    entity: lodge,
    type: 'N',
    titre: 'Lettre',
    date: '2026-03-03',
    fileName: 'lettre.pdf',
  });
  const answers = await Promise.all(
    tokens.map((token) => t.call({ method: 'POST', url: pathTo(API.documents.distribution, { id }), token })),
  );
  expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
  const queued = answers.map((a) => a.json<{ nombre: number }>().nombre).sort((a, b) => b - a);
  expect(queued).toEqual([24, 0, 0, 0]);
  const rows = await t.db
    .select({ destinataire: emailOutbox.destinataire })
    .from(documentDistributions)
    .innerJoin(emailOutbox, eq(emailOutbox.id, documentDistributions.emailId))
    .where(eq(documentDistributions.documentId, id));
  expect(rows.length).toBe(24);
  expect(new Set(rows.map((r) => r.destinataire)).size).toBe(24);
  const outbox = await t.db.select().from(emailOutbox);
  expect(outbox.length).toBe(24);
});
