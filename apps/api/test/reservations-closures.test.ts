/** Closed days: GET, POST, DELETE /api/fermeture/{date}, and what a closure forbids. */
import type { ClosureList, ClosureResult, Week } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, masonicYearOf } from '@union/contract';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
/** Union staff: manages the closures. */
let staff: Person;
/** A lodge whose member books (PLANNING, reservation) but may not close. */
let lodge: Lodge;
let req: Person;
let membre: Person;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  staff = (await b.theUnion()).member;
  lodge = await b.aLodgeWithMembers({
    members: [{ habilitations: ['USER', 'PLANNING'], flags: { reservation: true } }],
  });
  req = lodge.member;
  membre = await b.aUser({ habilitations: ['USER'] });
});
afterAll(() => t.close());

const close = (who: Person | undefined, date: string, motif: unknown = 'Travaux de peinture') =>
  t.call({ method: 'POST', url: `/api/fermeture/${date}`, token: who?.token, payload: { motif } });

describe('POST /api/fermeture/{date}', () => {
  it('401, 412 (bad date, no reason, past day, already closed), 403', async () => {
    const day = b.aClosureDay();
    expect((await close(undefined, day)).statusCode).toBe(401);
    expect((await close(staff, '2026-13-01')).statusCode).toBe(412);
    const noReason = await close(staff, day, '');
    expect(noReason.statusCode).toBe(412);
    expect(noReason.json().message).toMatch(/motif/);
    expect((await close(staff, addDays(t.clock.today(), -1))).statusCode).toBe(412);
    expect((await close(req, day)).statusCode).toBe(403);
    expect((await close(membre, day)).statusCode).toBe(403);
    const closed = b.aClosureDay();
    expect((await close(staff, closed)).statusCode).toBe(201);
    const twice = await close(staff, closed);
    expect(twice.statusCode).toBe(412);
    expect(twice.json().message).toMatch(/déjà fermé/);
  });

  it('closes the day, answering the reservations already on it; then nothing can be booked there', async () => {
    const room = await b.aRoom({ nom: 'Temple Hiram' });
    const day = b.aDay();
    const booked = await b.aReservation({ entity: lodge, room, day, libelle: 'Tenue' });
    const response = await close(staff, day, 'Assemblée générale du bâtiment');
    expect(response.statusCode).toBe(201);
    const result = response.json<ClosureResult>();
    expect(result.fermeture).toEqual({ date: day, motif: 'Assemblée générale du bâtiment' });
    expect(result.reservations.map((r) => r.id)).toEqual([booked.id]);
    expect(result.reservations[0]!.actions).toContain('DELETE');

    const refused = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: req.token,
      payload: {
        idSalle: room.id,
        idEntite: lodge.id,
        date: day,
        heureDebut: '10:00',
        heureFin: '12:00',
        type: 'REU',
        libelle: 'Réunion',
      },
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().message).toMatch(/fermé le .* \(Assemblée générale du bâtiment\)/);

    const week = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${day}`, token: req.token })
    ).json<Week>();
    expect(week.fermetures).toContainEqual({ date: day, motif: 'Assemblée générale du bâtiment' });
  });
});

describe('GET /api/fermeture/{date}', () => {
  it('401, 412, 403', async () => {
    const day = b.aClosureDay();
    expect((await t.call({ method: 'GET', url: `/api/fermeture/${day}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/fermeture/hier', token: req.token })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/fermeture/${day}`, token: membre.token })).statusCode,
    ).toBe(403);
  });

  it('lists the closures of the masonic year, and says who may manage them', async () => {
    const day = await b.aClosure({ motif: 'Fête nationale' });
    const list = (
      await t.call({ method: 'GET', url: `/api/fermeture/${day}`, token: req.token })
    ).json<ClosureList>();
    expect(list.annee).toBe(masonicYearOf(day));
    expect(list.gestion).toBe(false);
    expect(list.fermetures).toContainEqual({ date: day, motif: 'Fête nationale' });
    expect(list.fermetures.map((f) => f.date)).toEqual([...list.fermetures.map((f) => f.date)].sort());
    const asStaff = (
      await t.call({ method: 'GET', url: `/api/fermeture/${day}`, token: staff.token })
    ).json<ClosureList>();
    expect(asStaff.gestion).toBe(true);
  });
});

describe('DELETE /api/fermeture/{date}', () => {
  it('401, 412, 403, 404, then reopens the day', async () => {
    const day = await b.aClosure();
    const open = b.aClosureDay();
    expect((await t.call({ method: 'DELETE', url: `/api/fermeture/${day}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/fermeture/x', token: staff.token })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'DELETE', url: `/api/fermeture/${day}`, token: req.token })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/fermeture/${open}`, token: staff.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/fermeture/${day}`, token: staff.token })).statusCode,
    ).toBe(204);
    const list = (
      await t.call({ method: 'GET', url: `/api/fermeture/${day}`, token: staff.token })
    ).json<ClosureList>();
    expect(list.fermetures.some((f) => f.date === day)).toBe(false);
  });
});
