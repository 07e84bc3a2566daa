/**
 * Homonyms created at the same instant: every path that derives an identifiant from the names
 * (POST /api/user, a new member of an entity, the import) must give each one a distinct identifiant,
 * and none a 412. On PGlite the requests run one after the other; on PostgreSQL they truly race, and
 * only the unique index on lower(identifiant) can decide (issue 7).
 */
import { API, type ImportReport } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let adminToken: string;
let lodgeToken: string;
let lodgeId: number;

beforeAll(async () => {
  t = await createTestContext();
  await createUser(t.db, { identifiant: 'admin', habilitations: ['USER', 'ADMIN'] });
  const venerable = await createUser(t.db, { identifiant: 'venerable', habilitations: ['USER', 'LOGE'] });
  lodgeId = (await createEntity(t.db, { code: 'HOMO', nom: 'Loge des Homonymes' })).id;
  await addMembership(t.db, { userId: venerable.id, entityId: lodgeId, gestion: true });
  adminToken = await t.signIn('admin');
  lodgeToken = await t.signIn('venerable');
});
afterAll(() => t.close());

/** The identifiants given to the people named `nom`, in no particular order. */
async function identifiantsOf(nom: string): Promise<string[]> {
  const rows = await t.db.select({ identifiant: users.identifiant }).from(users).where(eq(users.nom, nom));
  return rows.map((r) => r.identifiant);
}

/** `base`, `base2` … `base{n}`, sorted as strings. */
const expected = (base: string, n: number) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? base : `${base}${i + 1}`)).sort();

function importCsv(token: string, csv: string) {
  const boundary = `----union${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="membres.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call({
    method: 'POST',
    url: `${API.imports.userImport}?idEntite=${lodgeId}&dryRun=false`,
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('homonyms created at the same instant', () => {
  it('10 simultaneous POST /api/user for the same name: 10 × 201, 10 distinct identifiants', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/user',
          token: adminToken,
          payload: {
            nom: 'Simultané',
            prenom: 'Jean',
            email: `jean.simultane${i}@exemple.fr`,
            habilitations: ['USER'],
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const answered = responses.map((r) => r.json<{ identifiant: string }>().identifiant);
    expect(new Set(answered).size).toBe(10);
    expect([...answered].sort()).toEqual(expected('jean.simultane', 10));
    expect((await identifiantsOf('Simultané')).sort()).toEqual(expected('jean.simultane', 10));
  });

  it('creations, new members and imports of one name at once all succeed with distinct identifiants', async () => {
    const person = (i: number) => ({ nom: 'Mêlée', prenom: 'Anne', email: `anne.melee${i}@exemple.fr` });
    const responses = await Promise.all([
      ...[0, 1, 2, 3].map((i) =>
        t.call({
          method: 'POST',
          url: '/api/user',
          token: adminToken,
          payload: { ...person(i), habilitations: ['USER'] },
        }),
      ),
      ...[4, 5, 6].map((i) =>
        t.call({
          method: 'POST',
          url: `/api/entite/${lodgeId}/appartenances`,
          token: lodgeToken,
          payload: { nouveau: person(i) },
        }),
      ),
      importCsv(
        adminToken,
        `Nom;Prénom;E-mail\nMêlée;Anne;anne.melee7@exemple.fr\nMêlée;Anne;anne.melee8@exemple.fr\n`,
      ),
      importCsv(lodgeToken, `Nom;Prénom;E-mail\nMêlée;Anne;anne.melee9@exemple.fr\n`),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 201, 200, 200]);
    const answered = [
      ...responses.slice(0, 4).map((r) => r.json<{ identifiant: string }>().identifiant),
      ...responses
        .slice(4, 7)
        .map((r) => r.json<{ utilisateur: { identifiant: string } }>().utilisateur.identifiant),
      ...responses.slice(7).flatMap((r) => r.json<ImportReport>().lignes.map((l) => l.identifiant!)),
    ];
    // What each answer (and so each invitation) says is what was written.
    expect(answered.sort()).toEqual(expected('anne.melee', 10));
    expect((await identifiantsOf('Mêlée')).sort()).toEqual(expected('anne.melee', 10));
  });
});
