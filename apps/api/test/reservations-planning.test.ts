/** The annual planning: years, entries, and their generation across a year with closures and conflicts. */
import type {
  PlanningEntry,
  PlanningEntryDetail,
  PlanningSaveResult,
  PlanningYearOpened,
  PlanningYears,
  Reservation,
  ReservationDetail,
  Room,
} from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, entities, rooms } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { datesOfRule, masonicYearOf } from '@union/contract';
import { builders, type Builders, type Lodge, type Member, type Person } from './builders';
import { createTestContext, onItsOwnDatabase, type TestContext } from './helpers';

const current = masonicYearOf(parisDay());
/** The next masonic year: every one of its dates is in the future. */
const next = current + 1;
const SECOND_TUESDAYS = datesOfRule(next, { jourSemaine: 2, rang: 2 }, [9, 10, 11, 12, 1, 2, 3, 4, 5, 6]);
/** Closed for every test of the shared database (a closure is the building's, whatever the room). */
const CLOSED_DAY = SECOND_TUESDAYS[2]!;

/** The people of one database: Union staff (plans), a lodge's requester (reads), a plain member. */
interface Building {
  t: TestContext;
  b: Builders;
  staff: Member;
  req: Person;
  membre: Person;
  lodge: Lodge;
  otherLodge: Lodge;
}

async function aBuilding(t: TestContext): Promise<Building> {
  const b = builders(t);
  const staff = (await b.theUnion()).member;
  const lodge = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    members: [{ habilitations: ['USER', 'PLANNING'], flags: { reservation: true } }],
  });
  const otherLodge = await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès' });
  const membre = await b.aUser({ habilitations: ['USER'] });
  return { t, b, staff, req: lodge.member, membre, lodge, otherLodge };
}

/**
 * The open years are the building's: a test that opens them, or lists every entry of a year, runs on
 * a database of its own so that no other test's years or entries change what it sees.
 */
const inAnotherBuilding = (test: (own: Building) => Promise<void>) =>
  onItsOwnDatabase(async (t) => test(await aBuilding(t)));

/** Opens years until `annee` is open, as the staff (the current one first). */
async function openYearsThrough({ t, staff }: Building, annee: number) {
  for (let year = current; year <= annee; year++) {
    const opened = await t.call({ method: 'POST', url: '/api/planning/annees', token: staff.token });
    expect(opened.statusCode, opened.body).toBe(201);
  }
}

let w: Building;

beforeAll(async () => {
  w = await aBuilding(await createTestContext());
  await openYearsThrough(w, next);
  await w.b.aClosure({ day: CLOSED_DAY, motif: 'Vacances de Noël' });
});
afterAll(() => w.t.close());

/** An entry of the lodge on the 2nd Tuesdays of the next year; give it a room of its own. */
const entryInput = (over: Record<string, unknown> = {}) => ({
  annee: next,
  idEntite: w.lodge.id,
  idSalle: 0,
  type: 'TC',
  libelle: 'Tenue régulière',
  heureDebut: '19:30',
  heureFin: '23:00',
  regle: { jourSemaine: 2, rang: 2 },
  mois: [9, 10, 11, 12, 1, 2, 3, 4, 5, 6],
  ...over,
});

const post = (who: Person | undefined, payload: unknown, { t } = w) =>
  t.call({ method: 'POST', url: '/api/planning', token: who?.token, payload });

const detailOf = async (entry: PlanningEntry) =>
  (
    await w.t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: w.staff.token })
  ).json<PlanningEntryDetail>();

/**
 * An entry saved in a room of its own, whose year meets the closed day and, on the 6th 2nd Tuesday,
 * a conference the other lodge booked there from 18:00 to 20:00.
 */
async function anEntryWithConflicts(roomFields: Partial<Room> = {}): Promise<{
  room: Room;
  busyDay: string;
  response: Awaited<ReturnType<typeof post>>;
}> {
  const room = await w.b.aRoom(roomFields);
  const busyDay = SECOND_TUESDAYS[5]!;
  await w.b.aReservation({
    entity: w.otherLodge,
    by: w.staff,
    room,
    day: busyDay,
    start: '18:00',
    end: '20:00',
    type: 'TBO',
    libelle: 'Conférence publique',
  });
  const response = await post(w.staff, entryInput({ idSalle: room.id }));
  expect(response.statusCode, response.body).toBe(201);
  return { room, busyDay, response };
}

/** The other lodge's entry on every Monday of September of the next year, in that room. */
const anEntryOnSeptemberMondays = (own: Building, room: Room) =>
  post(
    own.staff,
    entryInput({
      idEntite: own.otherLodge.id,
      idSalle: room.id,
      regle: { jourSemaine: 1, rang: null },
      mois: [9],
    }),
    own,
  );

const anEntry = async () => (await anEntryWithConflicts()).response.json<PlanningSaveResult>().entree;

describe('GET, POST /api/planning/annees', () => {
  it('401, 403', async () => {
    const { t, req, membre } = w;
    expect((await t.call({ method: 'GET', url: '/api/planning/annees' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/planning/annees', token: membre.token })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/planning/annees' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/planning/annees', token: req.token })).statusCode).toBe(
      403,
    );
  });

  it('opens the current year first, then the next one', () =>
    inAnotherBuilding(async ({ t, staff, req }) => {
      const first = await t.call({ method: 'POST', url: '/api/planning/annees', token: staff.token });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<PlanningYearOpened>().annee).toEqual({
        annee: current,
        libelle: `${current}-${current + 1}`,
        entrees: 0,
      });
      const second = await t.call({ method: 'POST', url: '/api/planning/annees', token: staff.token });
      expect(second.json<PlanningYearOpened>().annee.annee).toBe(next);
      const years = (
        await t.call({ method: 'GET', url: '/api/planning/annees', token: req.token })
      ).json<PlanningYears>();
      expect(years.annees.map((y) => y.annee)).toEqual([next, current]);
      expect(years.gestion).toBe(false);
    }));
});

describe('POST /api/planning', () => {
  it('401', async () => expect((await post(undefined, entryInput())).statusCode).toBe(401));

  it.each([
    ['no month', { mois: [] }, /mois/],
    ['a rank that does not exist', { regle: { jourSemaine: 2, rang: 5 } }, /rang/],
    ['a weekday out of range', { regle: { jourSemaine: 8, rang: null } }, /jourSemaine/],
    ['an end after 23:00', { heureFin: '23:30' }, /Heure de fin/],
    ['a year not opened', { annee: next + 5 }, /n'est pas ouverte/],
  ])('412 for %s', async (_case, over, message) => {
    const room = await w.b.aRoom();
    const response = await post(w.staff, entryInput({ idSalle: room.id, ...over }));
    expect(response.statusCode).toBe(412);
    expect(response.json().message + (response.json().details ?? []).join(' ')).toMatch(message);
  });

  it('412 for an inactive room, naming it', async () => {
    const inactiveRoom = await w.b.aRoom({ nom: 'Ancienne salle', active: false });
    const response = await post(w.staff, entryInput({ idSalle: inactiveRoom.id }));
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toContain('Ancienne salle');
  });

  it('403 for anyone but Union staff', async () => {
    const room = await w.b.aRoom();
    expect((await post(w.req, entryInput({ idSalle: room.id }))).statusCode).toBe(403);
  });

  it('creates the confirmed reservations of the year, skipping closures and reporting conflicts', async () => {
    const mailsBefore = (await w.t.db.select().from(emailOutbox)).length;
    const { busyDay, response } = await anEntryWithConflicts({ nom: 'Temple Hiram' });
    // The planning books for the lodges without e-mailing anyone
    // (docs/decisions/reservations-and-planning.md).
    expect((await w.t.db.select().from(emailOutbox)).length).toBe(mailsBefore);
    const result = response.json<PlanningSaveResult>();
    expect(result.entree).toMatchObject({
      annee: next,
      entite: 'Les Chevaliers du Rhône',
      salle: 'Temple Hiram',
      regleLibelle: '2e mardi du mois',
      heureDebut: '19:30',
      heureFin: '23:00',
    });
    expect(result.creees).toBe(SECOND_TUESDAYS.length - 2);
    expect(result.conflits).toEqual([
      { date: CLOSED_DAY, raison: 'Le bâtiment est fermé ce jour-là (Vacances de Noël).' },
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
  const search = ({ t }: Building, who: Person | undefined, path: string) =>
    t.call({ method: 'GET', url: `/api/planning/search/${path}`, token: who?.token });

  it('401, 412, 403, 404', async () => {
    expect((await search(w, undefined, `${next}/0/0`)).statusCode).toBe(401);
    expect((await search(w, w.req, 'abc/0/0')).statusCode).toBe(412);
    expect((await search(w, w.membre, `${next}/0/0`)).statusCode).toBe(403);
    expect((await search(w, w.req, `${next + 10}/0/0`)).statusCode).toBe(404);
  });

  it('lists the entries, 0 meaning all entities or all rooms', () =>
    inAnotherBuilding(async (own) => {
      await openYearsThrough(own, next);
      const room = await own.b.aRoom({ nom: 'Temple Hiram' });
      const otherRoom = await own.b.aRoom({ nom: 'Temple Salomon' });
      const entry = (
        await post(own.staff, entryInput({ idEntite: own.lodge.id, idSalle: room.id }), own)
      ).json<PlanningSaveResult>().entree;
      await anEntryOnSeptemberMondays(own, otherRoom);
      const all = (await search(own, own.req, `${next}/0/0`)).json<PlanningEntry[]>();
      expect(all).toHaveLength(2);
      expect(
        (await search(own, own.req, `${next}/${own.lodge.id}/0`)).json<PlanningEntry[]>().map((e) => e.id),
      ).toEqual([entry.id]);
      const inSalomon = (await search(own, own.req, `${next}/0/${otherRoom.id}`)).json<PlanningEntry[]>();
      expect(inSalomon.map((e) => e.regleLibelle)).toEqual(['chaque lundi']);
    }));
});

describe('GET /api/planning/{id}/infos', () => {
  it('401, 412, 403, 404', async () => {
    const { t, req, membre } = w;
    const entry = await anEntry();
    expect((await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/planning/x/infos', token: req.token })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: membre.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/planning/99999/infos', token: req.token })).statusCode,
    ).toBe(404);
  });

  it('answers the entry with its reservations, each with its history', async () => {
    const { t, req } = w;
    const entry = await anEntry();
    const detail = (
      await t.call({ method: 'GET', url: `/api/planning/${entry.id}/infos`, token: req.token })
    ).json<PlanningEntryDetail>();
    expect(detail.reservations).toHaveLength(SECOND_TUESDAYS.length - 2);
    expect(detail.reservations.every((r) => r.etat === 'CR' && r.idPlanning === entry.id)).toBe(true);
    const one = (
      await t.call({
        method: 'GET',
        url: `/api/reservation/${detail.reservations[0]!.id}/infos`,
        token: req.token,
      })
    ).json<ReservationDetail>();
    expect(one.historique.map((h) => h.libelle)).toEqual([
      expect.stringMatching(
        /^Créée par le planning annuel \(entrée enregistrée par .+\) le .+ à \d{2}:\d{2}$/,
      ),
    ]);
  });
});

/** Changes one of the entry's reservations by hand (the planning leaves it alone from then on). */
async function editByHand(entry: PlanningEntry) {
  const [edited] = (await detailOf(entry)).reservations;
  const response = await w.t.call({
    method: 'PUT',
    url: '/api/reservation?action=EDIT',
    token: w.staff.token,
    payload: { id: edited!.id, libelle: 'Tenue de rentrée' },
  });
  expect(response.statusCode).toBe(200);
  return edited!;
}

describe('PUT /api/planning', () => {
  it('401, 412, 403, 404', async () => {
    const { t, staff, req } = w;
    const entry = await anEntry();
    const input = entryInput({ idSalle: entry.idSalle });
    const put = (who: Person | undefined, payload: unknown) =>
      t.call({ method: 'PUT', url: '/api/planning', token: who?.token, payload });
    expect((await put(undefined, { ...input, id: entry.id })).statusCode).toBe(401);
    expect((await put(staff, { ...input, id: entry.id, annee: current })).statusCode).toBe(412);
    expect((await put(req, { ...input, id: entry.id })).statusCode).toBe(403);
    expect((await put(staff, { ...input, id: 99999 })).statusCode).toBe(404);
  });

  it('replaces the future reservations nobody changed by hand; hand-changed ones stay', async () => {
    const { t, staff } = w;
    const entry = await anEntry();
    const before = (await detailOf(entry)).reservations;
    const edited = await editByHand(entry);

    const response = await t.call({
      method: 'PUT',
      url: '/api/planning',
      token: staff.token,
      payload: { ...entryInput({ idSalle: entry.idSalle, heureDebut: '20:00' }), id: entry.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<PlanningSaveResult>();
    expect(result.entree.heureDebut).toBe('20:00');
    // The busy day now clears 20:00, so only the closure and the hand-changed day are left out.
    expect(result.creees).toBe(SECOND_TUESDAYS.length - 2);
    expect(result.conflits.map((c) => c.date)).toEqual([CLOSED_DAY]);

    const after = (await detailOf(entry)).reservations;
    expect(after.find((r) => r.id === edited.id)).toMatchObject({
      heureDebut: '19:30',
      libelle: 'Tenue de rentrée',
    });
    expect(after.filter((r) => r.id !== edited.id).every((r) => r.heureDebut === '20:00')).toBe(true);
    const replaced = (
      await t.call({ method: 'GET', url: `/api/reservation/${before[1]!.id}/infos`, token: staff.token })
    ).json<ReservationDetail>();
    expect(replaced.etat).toBe('SU');
    expect(replaced.historique[0]!.libelle).toMatch(/^Retirée du planning annuel par .+ le /);
  });
});

describe('DELETE /api/planning/{id}', () => {
  it('401, 412, 403, 404, then removes the future reservations nobody changed by hand', async () => {
    const { t, staff, req } = w;
    const entry = await anEntry();
    await editByHand(entry);
    const del = (who: Person | undefined, id: string | number) =>
      t.call({ method: 'DELETE', url: `/api/planning/${id}`, token: who?.token });
    expect((await del(undefined, entry.id)).statusCode).toBe(401);
    expect((await del(staff, 'x')).statusCode).toBe(412);
    expect((await del(req, entry.id)).statusCode).toBe(403);
    expect((await del(staff, 99999)).statusCode).toBe(404);

    const held = (await detailOf(entry)).reservations;
    const response = await del(staff, entry.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ supprimees: held.length - 1 });
    const kept = held.find((r) => r.libelle === 'Tenue de rentrée')!;
    const survivor = (
      await t.call({ method: 'GET', url: `/api/reservation/${kept.id}/infos`, token: staff.token })
    ).json<Reservation>();
    expect(survivor).toMatchObject({ etat: 'CR', idPlanning: null });
    expect((await del(staff, entry.id)).statusCode).toBe(404);
  });
});

describe('opening a year copies the last one', () => {
  it('copies the entries and generates their reservations, except those whose room or entity is gone', () =>
    inAnotherBuilding(async (own) => {
      const { t, b, staff, req } = own;
      await openYearsThrough(own, next);
      const otherRoom = await b.aRoom({ nom: 'Temple Salomon' });
      const copied = await anEntryOnSeptemberMondays(own, otherRoom);
      expect(copied.statusCode, copied.body).toBe(201);
      // Two entries of the last year that cannot be carried over: a room retired, an entity deleted.
      const retired = (await b.aRoom({ nom: 'Temple Salomon II' })).id;
      const saved = await post(
        staff,
        entryInput({ idEntite: own.lodge.id, idSalle: retired, libelle: 'Salle fermée' }),
        own,
      );
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      const gone = (await b.aLodgeWithMembers({ code: 'PARTIE', nom: 'Loge partie' })).id;
      const room = await b.aRoom({ nom: 'Temple Hiram' });
      const savedGone = await post(
        staff,
        entryInput({ idEntite: gone, idSalle: room.id, libelle: 'Loge partie' }),
        own,
      );
      expect(savedGone.statusCode, savedGone.body).toBeLessThan(300);
      await t.db.update(rooms).set({ active: false }).where(eq(rooms.id, retired));
      await t.db.update(entities).set({ etat: 'S' }).where(eq(entities.id, gone));

      const response = await t.call({ method: 'POST', url: '/api/planning/annees', token: staff.token });
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
        await t.call({ method: 'GET', url: `/api/planning/search/${next + 1}/0/0`, token: req.token })
      ).json<PlanningEntry[]>();
      expect(copies).toMatchObject([
        { entite: 'Tolérance et Progrès', regleLibelle: 'chaque lundi', mois: [9] },
      ]);
    }));

  it('stops at the current masonic year + 2: 412 in French, nothing opened', () =>
    inAnotherBuilding(async (own) => {
      const { t, staff, req } = own;
      await openYearsThrough(own, current + 2);
      const years = async () =>
        (await t.call({ method: 'GET', url: '/api/planning/annees', token: req.token }))
          .json<PlanningYears>()
          .annees.map((y) => y.annee);
      expect(await years()).toEqual([current + 2, current + 1, current]);
      const response = await t.call({ method: 'POST', url: '/api/planning/annees', token: staff.token });
      expect(response.statusCode).toBe(412);
      expect(response.json<{ message: string }>().message).toBe(
        `Année : l'année ${current + 3}-${current + 4} ne peut pas encore être ouverte ; le planning s'ouvre au plus deux ans à l'avance (jusqu'à ${current + 2}-${current + 3}).`,
      );
      expect(await years()).toEqual([current + 2, current + 1, current]);
    }));
});
