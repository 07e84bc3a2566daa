/**
 * The users' list acting on a selection (issue 33): the rows carry the towns of the person's entities;
 * the selected accounts download as a real workbook; habilitations change on all of them in one
 * transaction, one refused refusing them all with a French 412 naming who. PostgreSQL: two bulk edits
 * over the same accounts at once both apply, one after the other (rows locked in id order).
 */
import { API, type UserBulkResult, type UserSearchResult } from '@union/contract';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { onEngine } from './engine';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let lodge: Lodge;
let admin: Person;

const bulk = (token: string, payload: object) =>
  t.call({ method: 'PUT', url: API.users.bulkHabilitations, token, payload });
const habilitationsOf = async (ids: number[]) =>
  Object.fromEntries(
    (await t.db.select().from(users).where(inArray(users.id, ids))).map((u) => [
      u.id,
      [...u.habilitations].sort(),
    ]),
  );

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  lodge = await b.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', ville: 'Lyon', members: 3 });
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  await t.db.update(users).set({ telephone: '04 78 00 00 00' }).where(eq(users.id, lodge.members[0]!.id));
});
afterAll(() => t.close());

describe('the users’ list rows', () => {
  it('show the towns of the person’s entities and the telephone to administrators', async () => {
    const response = await t.call({
      method: 'POST',
      url: API.users.search,
      token: admin.token,
      payload: { texte: lodge.members[0]!.nom },
    });
    const row = response.json<UserSearchResult>().lignes[0]!;
    expect(row).toMatchObject({ villes: 'Lyon', telephone: '04 78 00 00 00' });
  });
});

describe('POST /api/user/selection/excel', () => {
  it('writes the selected accounts to a workbook, read back', async () => {
    const ids = lodge.members.map((m) => m.id);
    const file = await t.call({
      method: 'POST',
      url: API.users.selectionExcel,
      token: admin.token,
      payload: { ids },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.getWorksheet('Utilisateurs')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Nom',
      'Prénom',
      'Identifiant',
      'E-mail',
      'Téléphone',
      'Ville',
      'État',
      'Habilitations',
    ]);
    expect(sheet.rowCount).toBe(4);
    const emails = [2, 3, 4].map((r) => sheet.getRow(r).getCell(4).value);
    expect(emails.sort()).toEqual(lodge.members.map((m) => m.email).sort());
    const first = [2, 3, 4]
      .map((r) => sheet.getRow(r))
      .find((r) => r.getCell(4).value === lodge.members[0]!.email)!;
    expect(first.getCell(5).value).toBe('04 78 00 00 00');
    expect(first.getCell(6).value).toBe('Lyon');
    expect(first.getCell(7).value).toBe('Actif');
  });

  it('refuses an empty selection and one naming a missing account, in French', async () => {
    const empty = await t.call({
      method: 'POST',
      url: API.users.selectionExcel,
      token: admin.token,
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(412);
    expect(empty.body).toContain('Sélectionnez au moins un utilisateur');
    const missing = await t.call({
      method: 'POST',
      url: API.users.selectionExcel,
      token: admin.token,
      payload: { ids: [lodge.member.id, 999_999] },
    });
    expect(missing.statusCode).toBe(412);
    expect(missing.json<{ error: string }>().error).toBe('selection_changed');
  });
});

describe('PUT /api/user/habilitations', () => {
  it('adds and removes on every account, audited each, in one call', async () => {
    // Tests run in a random order: each acts on accounts of its own.
    const ids = (await b.aLodgeWithMembers({ members: 3 })).members.map((m) => m.id);
    const response = await bulk(admin.token, { ids, ajouter: ['PLANNING'], retirer: ['USER'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserBulkResult>().modifies).toBe(3);
    for (const list of Object.values(await habilitationsOf(ids))) {
      expect(list).toContain('PLANNING');
      expect(list).not.toContain('USER');
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user_habilitations_changed'));
    expect(entries.filter((e) => ids.includes(e.recordId!))).toHaveLength(3);
    // Asking again changes nothing and says so.
    expect((await bulk(admin.token, { ids, ajouter: ['PLANNING'] })).json<UserBulkResult>().modifies).toBe(0);
  });

  it('one account refused refuses all, naming who: one’s own ADMIN, an anonymised account', async () => {
    const own = await b.aLodgeWithMembers({ members: 3 });
    const ids = [...own.members.map((m) => m.id), admin.id];
    const before = await habilitationsOf(ids);
    const response = await bulk(admin.token, { ids, ajouter: ['MENUS'], retirer: ['ADMIN'] });
    expect(response.statusCode).toBe(412);
    expect(response.json<{ error: string }>().error).toBe('selection_refused');
    expect(response.json<{ message: string }>().message).toContain(
      `(${admin.identifiant}) : vous ne pouvez pas retirer l'habilitation Administration`,
    );
    expect(await habilitationsOf(ids)).toEqual(before);

    const gone = await b.aUser({ habilitations: ['USER'] });
    await t.db.update(users).set({ etat: 'S', anonymizedAt: new Date() }).where(eq(users.id, gone.id));
    const anonymised = await bulk(admin.token, { ids: [own.member.id, gone.id], ajouter: ['MENUS'] });
    expect(anonymised.statusCode).toBe(412);
    expect(anonymised.body).toContain('ce compte a été anonymisé');
    expect((await habilitationsOf([own.member.id]))[own.member.id]).not.toContain('MENUS');
  });

  it('refuses what makes no sense in French: nothing asked, one code both added and removed', async () => {
    for (const payload of [
      { ids: [lodge.member.id] },
      { ids: [lodge.member.id], ajouter: ['MENUS'], retirer: ['MENUS'] },
      { ids: [lodge.member.id], ajouter: ['NIMPORTE'] },
    ]) {
      const response = await bulk(admin.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(412);
    }
    expect((await bulk(lodge.member.token, { ids: [lodge.member.id], ajouter: ['ADMIN'] })).statusCode).toBe(
      403,
    );
  });

  onEngine('postgres', () =>
    it('two administrators editing overlapping selections at once: both apply, none lost', async () => {
      const other = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
      const ids = (await b.aLodgeWithMembers({ members: 3 })).members.map((m) => m.id);
      const [one, two] = await Promise.all([
        bulk(admin.token, { ids, ajouter: ['DIFFUSION'] }),
        bulk(other.token, { ids: [...ids].reverse(), ajouter: ['MENUS'] }),
      ]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      for (const list of Object.values(await habilitationsOf(ids)))
        expect(list).toEqual(expect.arrayContaining(['DIFFUSION', 'MENUS']));
    }),
  );
});
