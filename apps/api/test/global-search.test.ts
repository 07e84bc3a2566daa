/**
 * The header's search (issue 33): GET /api/recherche?q=… finds people, documents, invoices and quotes,
 * and reservations, each section within the caller's rights (as its own screen would show them), a few
 * lines each, accents and case ignored, at least 2 characters.
 */
import { API, GLOBAL_SEARCH_LINES, pathTo, type GlobalSearchResult } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let lodge: Lodge;
let other: Lodge;
let admin: Person;
let treasurer: Person;

const search = (token: string, q: string) =>
  t.call({ method: 'GET', url: pathTo(API.search.search, {}, { q }), token });
const found = async (token: string, q: string) => {
  const response = await search(token, q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GlobalSearchResult>();
};
const ids = (section: { lignes: { id: number }[] }) => section.lignes.map((l) => l.id);

const READER = ['USER', 'PLANNING', 'DOCUMENTS_LECTURE'] as const;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    members: [{ prenom: 'Élodie', nom: 'Pérignon', habilitations: [...READER] }],
    managers: [
      { habilitations: ['USER', 'LOGE', 'PLANNING', 'DOCUMENTS_LECTURE'], flags: { reservation: true } },
    ],
  });
  other = await b.aLodgeWithMembers({
    nom: 'Tolérance et Progrès',
    members: [{ prenom: 'Élodie', nom: 'Péricard', habilitations: [...READER] }],
    managers: [{ habilitations: ['USER', 'LOGE', 'PLANNING'], flags: { reservation: true } }],
  });
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  treasurer = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  await t.db.update(users).set({ telephone: '06 12 34 56 78' }).where(eq(users.id, lodge.member.id));
});
afterAll(() => t.close());

describe('GET /api/recherche', () => {
  it('401 without a token; 412 in French under 2 characters or over 100', async () => {
    expect((await t.call({ method: 'GET', url: `${API.search.search}?q=ab` })).statusCode).toBe(401);
    for (const q of ['', 'a', ' é ', 'x'.repeat(101)]) {
      const response = await search(lodge.member.token, q);
      expect(response.statusCode, q).toBe(412);
      expect(response.body).toMatch(/caractères/);
    }
  });

  it('an administrator finds anyone, accents and case ignored, with the telephone', async () => {
    const result = await found(admin.token, 'ELODIE peri');
    expect(ids(result.personnes).sort()).toEqual([lodge.member.id, other.member.id].sort());
    const line = result.personnes.lignes.find((l) => l.id === lodge.member.id)!;
    expect(line).toMatchObject({
      titre: 'Élodie Pérignon',
      lien: `/app/admin/utilisateurs/${lodge.member.id}`,
    });
    expect(line.detail).toContain('06 12 34 56 78');
  });

  it('a lodge manager finds their members only, without the telephone; a member finds nobody', async () => {
    const result = await found(lodge.manager.token, 'élodie');
    expect(ids(result.personnes)).toEqual([lodge.member.id]);
    expect(result.personnes.lignes[0]!.detail).not.toContain('06');
    // Not even by the exact e-mail the member picker accepts: the header browses no one from elsewhere.
    const byEmail = await found(lodge.manager.token, other.member.email);
    expect(byEmail.personnes.lignes).toEqual([]);
    expect((await found(lodge.member.token, 'élodie')).personnes.lignes).toEqual([]);
  });

  it('invoices: the treasurer finds every one; an officer their lodge’s issued ones; a member none', async () => {
    const mine = await b.anOrder({ by: treasurer, entity: lodge.id, issued: true, objet: 'Agapes de mars' });
    const theirs = await b.anOrder({
      by: treasurer,
      entity: other.id,
      issued: true,
      objet: 'Agapes de mars',
    });
    const draft = await b.anOrder({ by: treasurer, entity: lodge.id, objet: 'Agapes de mars' });
    expect(ids((await found(treasurer.token, 'agapes MARS')).pieces).sort()).toEqual(
      [mine.id, theirs.id, draft.id].sort(),
    );
    const officer = await found(lodge.manager.token, 'agapes');
    expect(ids(officer.pieces)).toEqual([mine.id]);
    expect(officer.pieces.lignes[0]!.lien).toBe(`/app/loge?entite=${lodge.id}&onglet=compte`);
    // By its number, and by the lodge's name typed without accents.
    expect(ids((await found(lodge.manager.token, mine.numeroFacture!)).pieces)).toEqual([mine.id]);
    expect(ids((await found(lodge.manager.token, theirs.numeroFacture!)).pieces)).toEqual([]);
    expect(ids((await found(treasurer.token, 'tolerance agapes')).pieces)).toEqual([theirs.id]);
    expect((await found(treasurer.token, 'agapes')).pieces.lignes[0]!.lien).toMatch(
      /^\/app\/compta\/commandes\/\d+$/,
    );
    expect((await found(lodge.member.token, 'agapes')).pieces.lignes).toEqual([]);
  });

  it('reservations: members find their lodge’s, never another lodge’s label; staff find every one', async () => {
    const mine = await b.aReservation({
      entity: lodge,
      by: lodge.manager,
      state: 'CR',
      libelle: 'Tenue solsticiale',
    });
    const theirs = await b.aReservation({
      entity: other,
      by: other.manager,
      state: 'DC',
      libelle: 'Tenue solsticiale',
    });
    await b.aReservation({ entity: lodge, by: lodge.manager, state: 'SU', libelle: 'Tenue solsticiale' });
    const member = await found(lodge.member.token, 'solsticiale');
    expect(ids(member.reservations)).toEqual([mine.id]);
    expect(member.reservations.lignes[0]!.lien).toBe(`/app/reservations/planning?date=${mine.date}&vue=jour`);
    const { member: staff } = await b.theUnion();
    expect(ids((await found(staff.token, 'SOLSTICIALE')).reservations).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
  });

  it('documents: what the caller reads, by the words of the title', async () => {
    const mine = await b.aDocument({ by: lodge.manager, entity: lodge.id, titre: 'Planche équinoxiale' });
    await b.aDocument({ by: other.manager, entity: other.id, titre: 'Planche équinoxiale voisine' });
    const result = await found(lodge.member.token, 'equinoxiale');
    expect(ids(result.documents)).toEqual([mine.id]);
    expect(result.documents.lignes[0]!.lien).toBe(`/app/doc/${mine.id}`);
  });

  it(`a few lines per section, « plus » when more matched; % and _ are plain characters`, async () => {
    for (let i = 0; i <= GLOBAL_SEARCH_LINES; i++) await b.aMember(lodge.id, { nom: `Multiple${i}` });
    const many = await found(admin.token, 'multiple');
    expect(many.personnes.lignes).toHaveLength(GLOBAL_SEARCH_LINES);
    expect(many.personnes.plus).toBe(true);
    const literal = await found(admin.token, '%%');
    expect(literal.personnes.lignes).toEqual([]);
    expect((await found(treasurer.token, '__')).pieces.lignes).toEqual([]);
  });

  it('hostile texts: never a 500, a 200 or a French 412 (tsquery and LIKE syntax, quotes, emoji); NUL 400', async () => {
    const hostile = [
      "'; DROP TABLE users; --",
      '!(a & b) | c:*',
      '\\\\',
      '%_%_',
      '"unclosed',
      '🏛️🏛️',
      '   ',
      'é'.repeat(100),
      '<script>alert(1)</script>',
      '((((((((((',
      '日本語テキスト',
      ' '.repeat(50) + 'ab',
    ];
    for (const q of hostile) {
      const response = await search(admin.token, q);
      expect([200, 412], q).toContain(response.statusCode);
      if (response.statusCode === 412)
        expect(response.json<{ message: string }>().message).toMatch(/caractères/);
    }
    // A NUL character is refused before any schema, like everywhere (test/hostile-requests.test.ts).
    expect((await search(admin.token, 'a\u0000b')).statusCode).toBe(400);
  });
});
