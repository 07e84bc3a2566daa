/**
 * The lodge officers' and the administrators' dashboards (issue 33) through the HTTP API, on rows seeded
 * directly: every figure checked exactly (the account's balance and next due date, the sessions ahead
 * with their agapes' covers, the members' and the lodge's cards; sign-ins per Paris day, second factors
 * by group, the outbox, the last backup), another lodge refused, and each dashboard to its readers only.
 */
import type { AdminDashboard, LodgeDashboard } from '@union/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountingOrders,
  backups,
  cardMovements,
  cards,
  emailOutbox,
  mealOrders,
  meals,
  passkeys,
  reservations,
  signInAttempts,
  totpFactors,
} from '../src/db/schema';
import { builders, type Builders, type Lodge, type Person } from './builders';
import {
  addMembership,
  createEntity,
  createRoom,
  createUser,
  createTestContext,
  movableClock,
  type TestContext,
} from './helpers';

// Today is Monday 23 November 2026 in Paris; the window of thirty days starts on 25 October.
const clock = movableClock('2026-11-23T10:00:00Z');
let t: TestContext;
let b: Builders;
let concorde: Lodge;
let amis: Lodge;
let tresorierLoge: Person;
let admin: Person;
let comptable: Person;

const get = (who: Person, url: string) => t.call({ method: 'GET', url, token: who.token });
async function read<T>(who: Person, url: string): Promise<T> {
  const response = await get(who, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const lodgeUrl = (id: number) => `/api/loge/${id}/tableau-de-bord`;

async function card(owner: { userId: number } | { entityId: number }, ...amounts: number[]) {
  const [row] = await t.db.insert(cards).values(owner).returning();
  await t.db.insert(cardMovements).values(
    amounts.map((montant) => ({
      cardId: row!.id,
      type: montant > 0 ? ('J' as const) : ('P' as const),
      montant,
      libelle: 'Mouvement',
    })),
  );
}

let roomId: number;
async function session(entityId: number, jour: string, etat: 'DC' | 'CR' | 'DS' | 'SU', libelle = 'Tenue') {
  const [row] = await t.db
    .insert(reservations)
    .values({ roomId, entityId, jour, debut: 1140, fin: 1260, type: 'TC', libelle, etat })
    .returning();
  return row!.id;
}
async function meal(jour: string, reservationId: number, orders: { userId: number; invites: number }[]) {
  const [row] = await t.db
    .insert(meals)
    .values({
      jour,
      type: 'S',
      titre: 'Agapes',
      places: 40,
      limite: new Date(`${jour}T09:00:00Z`),
      reservationId,
    })
    .returning();
  if (orders.length)
    await t.db.insert(mealOrders).values(orders.map((o) => ({ ...o, mealId: row!.id, montant: 1800 })));
  return row!.id;
}

let agapesId: number;
let sessions: Record<string, number>;

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  comptable = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  concorde = await b.aLodgeWithMembers({ nom: 'La Concorde', managers: 1, members: 3 });
  amis = await b.aLodgeWithMembers({ nom: 'Les Amis réunis', managers: 1 });
  tresorierLoge = await b.aMember(concorde.id, {
    habilitations: ['USER', 'LOGE'],
    flags: { carteLoge: true },
  });

  // Two invoices of 6 000 cents; the first is made due on 1 November (overdue), the other on 23 December.
  const late = await b.anOrder({ by: comptable, entity: concorde.id, issued: true });
  await b.anOrder({ by: comptable, entity: concorde.id, issued: true });
  await b.anOrder({ by: comptable, entity: amis.id, issued: true });
  await t.db
    .update(accountingOrders)
    .set({ dateEcheance: '2026-11-01' })
    .where(eq(accountingOrders.id, late.id));

  // Cards: three current members' (3 800 + 2 000 + 700), a former member's, the lodges' own.
  const [m1, m2] = concorde.members;
  await card({ userId: m1!.id }, 5000, -1200);
  await card({ userId: m2!.id }, 2000);
  await card({ userId: tresorierLoge.id }, 700);
  const former = await createUser(t.db, { identifiant: 'ancien' });
  await addMembership(t.db, {
    userId: former.id,
    entityId: concorde.id,
    debut: '2020-01-01',
    fin: '2026-10-31',
  });
  await card({ userId: former.id }, 9999);
  await card({ userId: amis.member.id }, 4444);
  await card({ entityId: concorde.id }, 15000, -2500);
  await card({ entityId: amis.id }, 3000);

  // Sessions: past, today (agapes: two orders, four covers), requested (its meal does not count yet),
  // withdrawn, another lodge's, one whose meal is on another day, then nine in January (past the ten).
  roomId = (await createRoom(t.db, { nom: 'Temple Hiram' })).id;
  sessions = {
    past: await session(concorde.id, '2026-11-20', 'CR'),
    today: await session(concorde.id, '2026-11-23', 'CR', 'Tenue au 1er degré'),
    asked: await session(concorde.id, '2026-11-30', 'DC'),
    withdrawn: await session(concorde.id, '2026-12-07', 'SU'),
    other: await session(amis.id, '2026-11-25', 'CR'),
    moved: await session(concorde.id, '2026-12-14', 'DS'),
  };
  for (let day = 4; day <= 12; day++)
    await session(concorde.id, `2027-01-${String(day).padStart(2, '0')}`, 'CR');
  agapesId = await meal('2026-11-23', sessions.today!, [
    { userId: m1!.id, invites: 0 },
    { userId: m2!.id, invites: 2 },
  ]);
  await meal('2026-11-30', sessions.asked!, [{ userId: m1!.id, invites: 0 }]);
  await meal('2026-12-15', sessions.moved!, [{ userId: m1!.id, invites: 0 }]);
  await meal('2026-11-25', sessions.other!, [{ userId: amis.member.id, invites: 5 }]);
});
afterAll(() => t.close());

describe('the lodge’s dashboard', () => {
  it('gives the account, the cards and the sessions ahead with their agapes, exactly', async () => {
    const d = await read<LodgeDashboard>(concorde.manager, lodgeUrl(concorde.id));
    expect(d.entite).toEqual({ id: concorde.id, code: concorde.code, nom: 'La Concorde' });
    expect(d.date).toBe('2026-11-23');
    expect(d.compte).toEqual({
      du: 12000,
      credit: 0,
      solde: 12000,
      prochaineEcheance: {
        date: '2026-11-01',
        numeroFacture: expect.any(String),
        reste: 6000,
        enRetard: true,
      },
    });
    expect(d.carteLoge).toBe(12500);
    // Manager, three members, the lodge's treasurer: five members today, three cards, 6 500 cents.
    expect(d.cartesMembres).toEqual({ total: 6500, porteurs: 3, membres: 5 });
    expect(d.seances).toHaveLength(10);
    expect(d.seances.slice(0, 3)).toEqual([
      {
        id: sessions.today,
        jour: '2026-11-23',
        debut: 1140,
        fin: 1260,
        libelle: 'Tenue au 1er degré',
        salle: 'Temple Hiram',
        etat: 'CR',
        agapes: { idRepas: agapesId, titre: 'Agapes', commandes: 2, couverts: 4, places: 40 },
      },
      expect.objectContaining({ id: sessions.asked, etat: 'DC', agapes: null }),
      expect.objectContaining({ id: sessions.moved, etat: 'DS', agapes: null }),
    ]);
    expect(d.seances.slice(3).map((s) => s.jour)).toEqual([
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
      '2027-01-10',
    ]);
  });

  it('is read by the lodge’s treasurer (carteLoge) too, with nothing due for the other lodge', async () => {
    expect((await read<LodgeDashboard>(tresorierLoge, lodgeUrl(concorde.id))).carteLoge).toBe(12500);
    const other = await read<LodgeDashboard>(amis.manager, lodgeUrl(amis.id));
    expect(other.compte.prochaineEcheance).toEqual(
      expect.objectContaining({ date: '2026-12-23', enRetard: false }),
    );
    expect(other.cartesMembres).toEqual({ total: 4444, porteurs: 1, membres: 2 });
    expect(other.seances.map((s) => s.agapes?.couverts)).toEqual([6]);
  });

  it.each([
    ['another lodge’s officer', () => amis.manager],
    ['a plain member', () => concorde.members[2]!],
    ['the Union’s accountant', () => comptable],
    ['an administrator', () => admin],
  ])('refuses %s with 403', async (_, who) => {
    expect((await get(who(), lodgeUrl(concorde.id))).statusCode).toBe(403);
  });

  it('refuses an entity the officer does not run, existing or not, and a malformed id', async () => {
    expect((await get(concorde.manager, lodgeUrl(999_999))).statusCode).toBe(403);
    expect((await get(concorde.manager, '/api/loge/abc/tableau-de-bord')).statusCode).toBe(412);
  });
});

describe('the administration’s dashboard', () => {
  const url = '/api/admin/tableau-de-bord';

  it('counts sign-ins per Paris day over thirty days, zeros included', async () => {
    await t.db.delete(signInAttempts);
    const attempt = (at: string, success: boolean, outcome: string) => ({
      identifiant: 'x',
      ip: '192.0.2.1',
      success,
      outcome,
      createdAt: new Date(at),
    });
    await t.db.insert(signInAttempts).values([
      attempt('2026-10-24T21:30:00Z', true, 'ok'), // 24 October 23:30 in Paris: before the window
      attempt('2026-10-24T22:30:00Z', true, 'ok'), // 25 October 00:30 in Paris: its first day
      attempt('2026-11-21T23:30:00Z', true, 'ok'), // 22 November in Paris
      attempt('2026-11-23T08:00:00Z', true, 'ok'),
      attempt('2026-11-23T08:01:00Z', true, 'ok'),
      attempt('2026-11-23T08:02:00Z', false, 'bad_password'),
      attempt('2026-11-23T08:03:00Z', false, 'bad_code'),
      attempt('2026-11-23T08:04:00Z', false, 'second_factor_asked'),
      attempt('2026-11-23T08:05:00Z', false, 'pending'),
    ]);
    const d = await read<AdminDashboard>(admin, url);
    expect(d.connexions).toHaveLength(30);
    const nonZero = d.connexions.filter((c) => c.reussies + c.echouees > 0);
    expect(nonZero).toEqual([
      { jour: '2026-10-25', reussies: 1, echouees: 0 },
      { jour: '2026-11-22', reussies: 1, echouees: 0 },
      { jour: '2026-11-23', reussies: 2, echouees: 2 },
    ]);
    expect(d.connexions[0]!.jour).toBe('2026-10-25');
    expect(d.connexions[29]!.jour).toBe('2026-11-23');
  });

  it('counts active accounts with and without a second factor, officers first', async () => {
    const before = (await read<AdminDashboard>(admin, url)).secondFacteur;
    expect(before.map((g) => g.groupe)).toEqual(['officiers', 'autres']);
    const person = (identifiant: string, etat: 'A' | 'I' = 'A') => createUser(t.db, { identifiant, etat });
    const lodge = await createEntity(t.db, { code: 'OFFICIERS' });
    const officer = async (identifiant: string, flags: { gestion?: boolean; carteLoge?: boolean }) => {
      const u = await person(identifiant);
      await addMembership(t.db, { userId: u.id, entityId: lodge.id, ...flags });
      return u;
    };
    const withCode = await officer('off-code', { gestion: true });
    const withKey = await officer('off-cle', { carteLoge: true });
    await officer('off-rien', { gestion: true });
    const unconfirmed = await officer('off-non-confirme', { gestion: true });
    const other = await person('autre-code');
    const inactive = await person('inactif-code', 'I');
    const totp = (userId: number, confirmed: boolean) => ({
      userId,
      secretSealed: 'scellé',
      confirmedAt: confirmed ? new Date('2026-11-01T10:00:00Z') : null,
    });
    await t.db
      .insert(totpFactors)
      .values([
        totp(withCode.id, true),
        totp(unconfirmed.id, false),
        totp(other.id, true),
        totp(inactive.id, true),
      ]);
    await t.db
      .insert(passkeys)
      .values({ userId: withKey.id, credentialId: 'cred-1', publicKey: 'pk', name: 'Clé' });
    const after = (await read<AdminDashboard>(admin, url)).secondFacteur;
    expect(after).toEqual([
      { groupe: 'officiers', avec: before[0]!.avec + 2, sans: before[0]!.sans + 2 },
      { groupe: 'autres', avec: before[1]!.avec + 1, sans: before[1]!.sans },
    ]);
  });

  it('counts the outbox’s failures and its days', async () => {
    await t.db.delete(emailOutbox);
    const mail = (
      statut: 'P' | 'E' | 'X' | 'A',
      createdAt: string,
      sentAt: string | null = null,
      tentatives = 0,
    ) => ({
      destinataire: 'a@exemple.fr',
      sujet: 'Sujet',
      texte: 'Texte',
      statut,
      tentatives,
      createdAt: new Date(createdAt),
      sentAt: sentAt ? new Date(sentAt) : null,
    });
    await t.db.insert(emailOutbox).values([
      mail('E', '2026-11-23T08:00:00Z', '2026-11-23T08:01:00Z'),
      mail('E', '2026-11-22T22:30:00Z', '2026-11-23T09:00:00Z'),
      mail('E', '2026-10-01T08:00:00Z', '2026-11-01T08:00:00Z'),
      mail('X', '2026-11-22T10:00:00Z', null, 5),
      mail('X', '2026-09-01T10:00:00Z', null, 5), // before the window: in the total only
      mail('P', '2026-11-23T07:00:00Z', null, 2),
      mail('P', '2026-11-23T07:00:00Z'),
      mail('P', '2026-11-23T07:00:00Z'),
      mail('A', '2026-11-23T07:00:00Z'),
    ]);
    const { envois } = await read<AdminDashboard>(admin, url);
    expect({ ...envois, jours: undefined }).toEqual({
      echecs: 2,
      enReprise: 1,
      enAttente: 3,
      jours: undefined,
    });
    expect(envois.jours).toHaveLength(30);
    expect(envois.jours.filter((j) => j.envoyes + j.echecs > 0)).toEqual([
      { jour: '2026-11-01', envoyes: 1, echecs: 0 },
      { jour: '2026-11-22', envoyes: 0, echecs: 1 },
      { jour: '2026-11-23', envoyes: 2, echecs: 0 },
    ]);
  });

  it('gives the last good backup’s age, and says when the last one failed', async () => {
    await t.db.delete(backups);
    expect((await read<AdminDashboard>(admin, url)).sauvegarde).toEqual({
      derniereReussie: null,
      ageHeures: null,
      enRetard: true,
      derniereEchouee: false,
    });
    const backup = (fin: string, reussie: boolean) => ({
      origine: 'quotidienne' as const,
      debut: new Date(fin),
      fin: new Date(fin),
      reussie,
      chiffree: false,
    });
    await t.db
      .insert(backups)
      .values([backup('2026-11-22T04:00:00Z', true), backup('2026-11-23T04:00:00Z', false)]);
    expect((await read<AdminDashboard>(admin, url)).sauvegarde).toEqual({
      derniereReussie: '2026-11-22T04:00:00.000Z',
      ageHeures: 30,
      enRetard: false,
      derniereEchouee: true,
    });
    await t.db.delete(backups).where(inArray(backups.reussie, [false]));
    await t.db.update(backups).set({ fin: new Date('2026-11-21T09:59:00Z') });
    expect((await read<AdminDashboard>(admin, url)).sauvegarde).toEqual(
      expect.objectContaining({ ageHeures: 48, enRetard: true, derniereEchouee: false }),
    );
  });

  it.each([
    ['a lodge officer', () => concorde.manager],
    ['the Union’s accountant', () => comptable],
  ])('refuses %s with 403', async (_, who) => {
    expect((await get(who(), url)).statusCode).toBe(403);
  });
});
