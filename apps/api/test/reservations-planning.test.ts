/** The annual planning: years, entries, and their generation across a year with closures and conflicts. */
import type {
  PlanningEntry,
  PlanningEntryDetail,
  PlanningSaveResult,
  PlanningYearOpened,
  PlanningYears,
  Reservation,
  ReservationDetail,
} from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, entities, rooms } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { datesOfRule, masonicYearOf } from '../src/modules/reservations/calendar';
import {
  addMembership,
  createEntity,
  createRoom,
  createTestContext,
  createUser,
  type TestContext,
} from './helpers';

let t: TestContext;
const tokens: Record<string, string> = {};
let lodge: number;
let otherLodge: number;
let room: number;
let otherRoom: number;
let inactiveRoom: number;
const current = masonicYearOf(parisDay());
/** The next masonic year: every one of its dates is in the future. */
const next = current + 1;
const SECOND_TUESDAYS = datesOfRule(next, { jourSemaine: 2, rang: 2 }, [9, 10, 11, 12, 1, 2, 3, 4, 5, 6]);

beforeAll(async () => {
  t = await createTestContext();
  const union = await createEntity(t.db, { code: 'UNION', nom: 'Union', type: 'UN' });
  lodge = (await createEntity(t.db, { code: 'CHEV', nom: 'Les Chevaliers du Rhône' })).id;
  otherLodge = (await createEntity(t.db, { code: 'TOL', nom: 'Tolérance et Progrès' })).id;
  room = (await createRoom(t.db, { nom: 'Temple Hiram' })).id;
  otherRoom = (await createRoom(t.db, { nom: 'Temple Salomon' })).id;
  inactiveRoom = (await createRoom(t.db, { nom: 'Ancienne salle', active: false })).id;
  const staff = await createUser(t.db, { identifiant: 'staff', habilitations: ['USER', 'PLANNING'] });
  await addMembership(t.db, { userId: staff.id, entityId: union.id, gestion: true });
  const req = await createUser(t.db, { identifiant: 'req', habilitations: ['USER', 'PLANNING'] });
  await addMembership(t.db, { userId: req.id, entityId: lodge, reservation: true });
  await createUser(t.db, { identifiant: 'membre', habilitations: ['USER'] });
  for (const who of ['staff', 'req', 'membre']) tokens[who] = await t.signIn(who);
});
afterAll(() => t.close());

const entryInput = (over: Record<string, unknown> = {}) => ({
  annee: next,
  idEntite: lodge,
  idSalle: room,
  type: 'TC',
  libelle: 'Tenue régulière',
  heureDebut: '19:30',
  heureFin: '23:00',
  regle: { jourSemaine: 2, rang: 2 },
  mois: [9, 10, 11, 12, 1, 2, 3, 4, 5, 6],
  ...over,
});

const post = (who: string | undefined, payload: unknown) =>
  t.call({ method: 'POST', url: '/api/planning', token: who && tokens[who], payload });

describe('GET, POST /api/planning/annees', () => {
  it('401, 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/planning/annees' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/planning/annees', token: tokens.membre })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/planning/annees' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/planning/annees', token: tokens.req })).statusCode,
    ).toBe(403);
  });

  it('opens the current year first, then the next one', async () => {
    const first = await t.call({ method: 'POST', url: '/api/planning/annees', token: tokens.staff });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PlanningYearOpened>().annee).toEqual({
      annee: current,
      libelle: `${current}-${current + 1}`,
      entrees: 0,
    });
    const second = await t.call({ method: 'POST', url: '/api/planning/annees', token: tokens.staff });
    expect(second.json<PlanningYearOpened>().annee.annee).toBe(next);
    const years = (
      await t.call({ method: 'GET', url: '/api/planning/annees', token: tokens.req })
    ).json<PlanningYears>();
    expect(years.annees.map((y) => y.annee)).toEqual([next, current]);
    expect(years.gestion).toBe(false);
  });
});

let entry: PlanningEntry;

describe('POST /api/planning', () => {
  it('401', async () => expect((await post(undefined, entryInput())).statusCode).toBe(401));

  it.each([
    ['no month', { mois: [] }, /mois/],
    ['a rank that does not exist', { regle: { jourSemaine: 2, rang: 5 } }, /rang/],
    ['a weekday out of range', { regle: { jourSemaine: 8, rang: null } }, /jourSemaine/],
    ['an end after 23:00', { heureFin: '23:30' }, /Heure de fin/],
    ['a year not opened', { annee: next + 5 }, /n'est pas ouverte/],
  ])('412 for %s', async (_case, over, message) => {
    const response = await post('staff', entryInput(over));
    expect(response.statusCode).toBe(412);
    expect(response.json().message + (response.json().details ?? []).join(' ')).toMatch(message);
  });

  it('412 for an inactive room, naming it', async () => {
    const response = await post('staff', entryInput({ idSalle: inactiveRoom }));
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toContain('Ancienne salle');
  });

  it('403 for anyone but Union staff', async () => {
    expect((await post('req', entryInput())).statusCode).toBe(403);
  });

  it('creates the confirmed reservations of the year, skipping closures and reporting conflicts', async () => {
    const closedDay = SECOND_TUESDAYS[2]!;
    const busyDay = SECOND_TUESDAYS[5]!;
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/fermeture/${closedDay}`,
          token: tokens.staff,
          payload: { motif: 'Vacances de Noël' },
        })
      ).statusCode,
    ).toBe(201);
    const busy = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.staff,
      payload: {
        idSalle: room,
        idEntite: otherLodge,
        date: busyDay,
        heureDebut: '18:00',
        heureFin: '20:00',
        type: 'TBO',
        libelle: 'Conférence publique',
      },
    });
    expect(busy.statusCode).toBe(201);

    const mailsBefore = (await t.db.select().from(emailOutbox)).length;
    const response = await post('staff', entryInput());
    expect(response.statusCode, response.body).toBe(201);
    // docs/decisions.md: the planning books for the lodges without e-mailing anyone.
    expect((await t.db.select().from(emailOutbox)).length).toBe(mailsBefore);
    const result = response.json<PlanningSaveResult>();
    entry = result.entree;
    expect(entry).toMatchObject({
      annee: next,
      entite: 'Les Chevaliers du Rhône',
      salle: 'Temple Hiram',
      regleLibelle: '2e mardi du mois',
      heureDebut: '19:30',
      heureFin: '23:00',
    });
    expect(result.creees).toBe(SECOND_TUESDAYS.length - 2);
    expect(result.conflits).toEqual([
      { date: closedDay, raison: 'Le bâtiment est fermé ce jour-là (Vacances de Noël).' },
      {
        date: busyDay,
        raison: expect.stringMatching(
          /Temple Hiram est déjà réservée .* de 18:00 à 20:00 par Tolérance et Progrès/,
        ),
      },
    ]);
  });
});

describe('GET /api/planning/search/{annee}/{idEntite}/{idSalle}', () => {
  const search = (who: string | undefined, path: string) =>
    t.call({ method: 'GET', url: `/api/planning/search/${path}`, token: who && tokens[who] });

  it('401, 412, 403, 404', async () => {
    expect((await search(undefined, `${next}/0/0`)).statusCode).toBe(401);
    expect((await search('req', 'abc/0/0')).statusCode).toBe(412);
    expect((await search('membre', `${next}/0/0`)).statusCode).toBe(403);
    expect((await search('req', `${next + 10}/0/0`)).statusCode).toBe(404);
  });

  it('lists the entries, 0 meaning all entities or all rooms', async () => {
    await post(
      'staff',
      entryInput({
        idEntite: otherLodge,
        idSalle: otherRoom,
        regle: { jourSemaine: 1, rang: null },
        mois: [9],
      }),
    );
    const all = (await search('req', `${next}/0/0`)).json<PlanningEntry[]>();
    expect(all).toHaveLength(2);
    expect((await search('req', `${next}/${lodge}/0`)).json<PlanningEntry[]>().map((e) => e.id)).toEqual([
      entry.id,
    ]);
    const inSalomon = (await search('req', `${next}/0/${otherRoom}`)).json<PlanningEntry[]>();
    expect(inSalomon.map((e) => e.regleLibelle)).toEqual(['chaque lundi']);
  });
});

describe('GET /api/planning/{id}/infos', () => {
  it('401, 412, 403, 404', async () => {
    expect((await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos` })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/planning/x/infos', token: tokens.req })).statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: tokens.membre }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/planning/99999/infos', token: tokens.req })).statusCode,
    ).toBe(404);
  });

  it('answers the entry with its reservations, each with its history', async () => {
    const detail = (
      await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: tokens.req })
    ).json<PlanningEntryDetail>();
    expect(detail.reservations).toHaveLength(SECOND_TUESDAYS.length - 2);
    expect(detail.reservations.every((r) => r.etat === 'CR' && r.idPlanning === entry.id)).toBe(true);
    const one = (
      await t.call({
        method: 'GET',
        url: `/api/reservation/${detail.reservations[0]!.id}/infos`,
        token: tokens.req,
      })
    ).json<ReservationDetail>();
    expect(one.historique.map((h) => h.libelle)).toEqual([
      expect.stringMatching(
        /^Créée par le planning annuel \(entrée enregistrée par .+\) le .+ à \d{2}:\d{2}$/,
      ),
    ]);
  });
});

describe('PUT /api/planning', () => {
  it('401, 412, 403, 404', async () => {
    const put = (who: string | undefined, payload: unknown) =>
      t.call({ method: 'PUT', url: '/api/planning', token: who && tokens[who], payload });
    expect((await put(undefined, { ...entryInput(), id: entry.id })).statusCode).toBe(401);
    expect((await put('staff', { ...entryInput(), id: entry.id, annee: current })).statusCode).toBe(412);
    expect((await put('req', { ...entryInput(), id: entry.id })).statusCode).toBe(403);
    expect((await put('staff', { ...entryInput(), id: 99999 })).statusCode).toBe(404);
  });

  it('replaces the future reservations nobody changed by hand; hand-changed ones stay', async () => {
    const before = (
      await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: tokens.staff })
    ).json<PlanningEntryDetail>().reservations;
    const edited = before[0]!;
    const editResponse = await t.call({
      method: 'PUT',
      url: '/api/reservation?action=EDIT',
      token: tokens.staff,
      payload: { id: edited.id, libelle: 'Tenue de rentrée' },
    });
    expect(editResponse.statusCode).toBe(200);

    const response = await t.call({
      method: 'PUT',
      url: '/api/planning',
      token: tokens.staff,
      payload: { ...entryInput({ heureDebut: '20:00' }), id: entry.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<PlanningSaveResult>();
    expect(result.entree.heureDebut).toBe('20:00');
    // The busy day now clears 20:00, so only the closure and the hand-changed day are left out.
    expect(result.creees).toBe(SECOND_TUESDAYS.length - 2);
    expect(result.conflits.map((c) => c.date)).toEqual([SECOND_TUESDAYS[2]]);

    const after = (
      await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: tokens.staff })
    ).json<PlanningEntryDetail>().reservations;
    expect(after.find((r) => r.id === edited.id)).toMatchObject({
      heureDebut: '19:30',
      libelle: 'Tenue de rentrée',
    });
    expect(after.filter((r) => r.id !== edited.id).every((r) => r.heureDebut === '20:00')).toBe(true);
    const replaced = (
      await t.call({ method: 'GET', url: `/api/reservation/${before[1]!.id}/infos`, token: tokens.staff })
    ).json<ReservationDetail>();
    expect(replaced.etat).toBe('SU');
    expect(replaced.historique[0]!.libelle).toMatch(/^Retirée du planning annuel par .+ le /);
  });
});

describe('DELETE /api/planning/{id}', () => {
  it('401, 412, 403, 404, then removes the future reservations nobody changed by hand', async () => {
    const del = (who: string | undefined, id: string | number) =>
      t.call({ method: 'DELETE', url: `/api/planning/${id}`, token: who && tokens[who] });
    expect((await del(undefined, entry.id)).statusCode).toBe(401);
    expect((await del('staff', 'x')).statusCode).toBe(412);
    expect((await del('req', entry.id)).statusCode).toBe(403);
    expect((await del('staff', 99999)).statusCode).toBe(404);

    const held = (
      await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: tokens.staff })
    ).json<PlanningEntryDetail>().reservations;
    const response = await del('staff', entry.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ supprimees: held.length - 1 });
    const kept = held.find((r) => r.libelle === 'Tenue de rentrée')!;
    const survivor = (
      await t.call({ method: 'GET', url: `/api/reservation/${kept.id}/infos`, token: tokens.staff })
    ).json<Reservation>();
    expect(survivor).toMatchObject({ etat: 'CR', idPlanning: null });
    expect((await del('staff', entry.id)).statusCode).toBe(404);
  });
});

describe('opening a year copies the last one', () => {
  it('copies the entries and generates their reservations, except those whose room or entity is gone', async () => {
    // Two entries of the last year that cannot be carried over: a room retired, an entity deleted.
    const retired = (await createRoom(t.db, { nom: 'Temple Salomon II' })).id;
    const saved = await post('staff', entryInput({ idSalle: retired, libelle: 'Salle fermée' }));
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const gone = (await createEntity(t.db, { code: 'PARTIE', nom: 'Loge partie' })).id;
    const savedGone = await post('staff', entryInput({ idEntite: gone, libelle: 'Loge partie' }));
    expect(savedGone.statusCode, savedGone.body).toBeLessThan(300);
    await t.db.update(rooms).set({ active: false }).where(eq(rooms.id, retired));
    await t.db.update(entities).set({ etat: 'S' }).where(eq(entities.id, gone));

    const response = await t.call({ method: 'POST', url: '/api/planning/annees', token: tokens.staff });
    expect(response.statusCode).toBe(201);
    const opened = response.json<PlanningYearOpened>();
    expect(opened.annee).toMatchObject({ annee: next + 1, entrees: 1 });
    const mondays = datesOfRule(next + 1, { jourSemaine: 1, rang: null }, [9]);
    expect(opened.creees).toBe(mondays.length);
    const left = opened.conflits.filter((c) => c.raison.startsWith('Tenue non reprise'));
    expect(left.map((c) => c.entree)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Salle fermée$/), 'Loge partie – Loge partie']),
    );
    expect(left.find((c) => c.entree.includes('Salle fermée'))!.raison).toMatch(/Temple Salomon II/);
    const copies = (
      await t.call({ method: 'GET', url: `/api/planning/search/${next + 1}/0/0`, token: tokens.req })
    ).json<PlanningEntry[]>();
    expect(copies).toMatchObject([
      { entite: 'Tolérance et Progrès', regleLibelle: 'chaque lundi', mois: [9] },
    ]);
  });

  it('stops at the current masonic year + 2: 412 in French, nothing opened', async () => {
    const years = async () =>
      (await t.call({ method: 'GET', url: '/api/planning/annees', token: tokens.req }))
        .json<PlanningYears>()
        .annees.map((y) => y.annee);
    expect(await years()).toEqual([current + 2, current + 1, current]);
    const response = await t.call({ method: 'POST', url: '/api/planning/annees', token: tokens.staff });
    expect(response.statusCode).toBe(412);
    expect(response.json<{ message: string }>().message).toBe(
      `Année : l'année ${current + 3}-${current + 4} ne peut pas encore être ouverte ; le planning s'ouvre au plus deux ans à l'avance (jusqu'à ${current + 2}-${current + 3}).`,
    );
    expect(await years()).toEqual([current + 2, current + 1, current]);
  });
});
