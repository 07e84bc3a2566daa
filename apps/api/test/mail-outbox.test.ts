/** GET /api/admin/emails filtered on the server: recipient, state, Paris days; bad criteria answer 412. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestContext();
  await createUser(t.db, { identifiant: 'chef', habilitations: ['USER', 'ADMIN'] });
  await createUser(t.db, { identifiant: 'simple', habilitations: ['USER'] });
  admin = await t.signIn('chef');
  member = await t.signIn('simple');
  await t.db.delete(emailOutbox);
  await t.db.insert(emailOutbox).values([
    // 23:30 UTC on 1 March is already 2 March in Lyon.
    {
      destinataire: 'elodie.martin@exemple.fr',
      sujet: 'A',
      texte: 'a',
      createdAt: new Date('2026-03-01T23:30:00Z'),
    },
    {
      destinataire: 'Nathalie.Durand@exemple.fr',
      sujet: 'B',
      texte: 'b',
      statut: 'E',
      createdAt: new Date('2026-03-01T10:00:00Z'),
    },
    {
      destinataire: 'paul_x@exemple.fr',
      sujet: 'C',
      texte: 'c',
      statut: 'X',
      createdAt: new Date('2026-03-05T10:00:00Z'),
    },
    {
      destinataire: 'paulox@exemple.fr',
      sujet: 'D',
      texte: 'd',
      createdAt: new Date('2026-03-05T11:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

async function list(query: string, token = admin) {
  const response = await t.call({ method: 'GET', url: `/api/admin/emails${query}`, token });
  return response;
}
const subjects = async (query: string) => (await list(query)).json<{ sujet: string }[]>().map((e) => e.sujet);

describe('the outbox filters', () => {
  it('lists everything, newest first, without criteria', async () => {
    expect(await subjects('')).toEqual(['D', 'C', 'B', 'A']);
  });

  it('finds a recipient by part of the address, ignoring case and accents', async () => {
    expect(await subjects('?destinataire=%C3%89LODIE')).toEqual(['A']);
    expect(await subjects('?destinataire=durand')).toEqual(['B']);
    // "_" is a letter here, not LIKE's wildcard.
    expect(await subjects('?destinataire=paul_')).toEqual(['C']);
  });

  it('filters by state', async () => {
    expect(await subjects('?statut=X')).toEqual(['C']);
    expect(await subjects('?statut=P')).toEqual(['D', 'A']);
  });

  it('filters by creation day in Paris time, both days included', async () => {
    expect(await subjects('?du=2026-03-02&au=2026-03-02')).toEqual(['A']);
    expect(await subjects('?au=2026-03-01')).toEqual(['B']);
    expect(await subjects('?du=2026-03-02')).toEqual(['D', 'C', 'A']);
    expect(await subjects('?du=2026-03-01&au=2026-03-05&statut=P&destinataire=exemple')).toEqual(['D', 'A']);
  });

  it.each([
    ['?statut=Z', /état/],
    ['?du=2026-02-30', /date de début/],
    ['?au=hier', /date de fin/],
    ['?du=2026-03-05&au=2026-03-01', /précéder/],
    [`?destinataire=${'x'.repeat(201)}`, /trop long/],
  ])('refuses %s with a French message (412)', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(message);
  });

  it('stays closed to non-administrators', async () => {
    expect((await list('?statut=P', member)).statusCode).toBe(403);
  });
});
