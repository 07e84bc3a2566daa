/** Closed days: GET, POST, DELETE /api/fermeture/{date}, and what a closure forbids. */
import type { ClosureList, ClosureResult, Week } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../src/lib/dates';
import { addDays, masonicYearOf } from '../src/modules/reservations/calendar';
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
let room: number;
const day = (n: number) => addDays(parisDay(), 40 + n);

beforeAll(async () => {
  t = await createTestContext();
  const union = await createEntity(t.db, { code: 'UNION', nom: 'Union', type: 'UN' });
  lodge = (await createEntity(t.db, { code: 'CHEV', nom: 'Les Chevaliers du Rhône' })).id;
  room = (await createRoom(t.db, { nom: 'Temple Hiram' })).id;
  const staff = await createUser(t.db, { identifiant: 'staff', habilitations: ['USER', 'PLANNING'] });
  await addMembership(t.db, { userId: staff.id, entityId: union.id, gestion: true });
  const req = await createUser(t.db, { identifiant: 'req', habilitations: ['USER', 'PLANNING'] });
  await addMembership(t.db, { userId: req.id, entityId: lodge, reservation: true });
  await createUser(t.db, { identifiant: 'membre', habilitations: ['USER'] });
  for (const who of ['staff', 'req', 'membre']) tokens[who] = await t.signIn(who);
});
afterAll(() => t.close());

const close = (who: string | undefined, date: string, motif: unknown = 'Travaux de peinture') =>
  t.call({ method: 'POST', url: `/api/fermeture/${date}`, token: who && tokens[who], payload: { motif } });

describe('POST /api/fermeture/{date}', () => {
  it('401, 412 (bad date, no reason, past day, already closed), 403', async () => {
    expect((await close(undefined, day(0))).statusCode).toBe(401);
    expect((await close('staff', '2026-13-01')).statusCode).toBe(412);
    const noReason = await close('staff', day(0), '');
    expect(noReason.statusCode).toBe(412);
    expect(noReason.json().message).toMatch(/motif/);
    expect((await close('staff', addDays(parisDay(), -1))).statusCode).toBe(412);
    expect((await close('req', day(0))).statusCode).toBe(403);
    expect((await close('membre', day(0))).statusCode).toBe(403);
    expect((await close('staff', day(1))).statusCode).toBe(201);
    const twice = await close('staff', day(1));
    expect(twice.statusCode).toBe(412);
    expect(twice.json().message).toMatch(/déjà fermé/);
  });

  it('closes the day, answering the reservations already on it; then nothing can be booked there', async () => {
    const booked = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: {
        idSalle: room,
        idEntite: lodge,
        date: day(2),
        heureDebut: '19:00',
        heureFin: '21:00',
        type: 'TC',
        libelle: 'Tenue',
      },
    });
    expect(booked.statusCode).toBe(201);
    const response = await close('staff', day(2), 'Assemblée générale du bâtiment');
    expect(response.statusCode).toBe(201);
    const result = response.json<ClosureResult>();
    expect(result.fermeture).toEqual({ date: day(2), motif: 'Assemblée générale du bâtiment' });
    expect(result.reservations.map((r) => r.id)).toEqual([booked.json().id]);
    expect(result.reservations[0]!.actions).toContain('DELETE');

    const refused = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: {
        idSalle: room,
        idEntite: lodge,
        date: day(2),
        heureDebut: '10:00',
        heureFin: '12:00',
        type: 'REU',
        libelle: 'Réunion',
      },
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().message).toMatch(/fermé le .* \(Assemblée générale du bâtiment\)/);

    const week = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${day(2)}`, token: tokens.req })
    ).json<Week>();
    expect(week.fermetures).toContainEqual({ date: day(2), motif: 'Assemblée générale du bâtiment' });
  });
});

describe('GET /api/fermeture/{date}', () => {
  it('401, 412, 403', async () => {
    expect((await t.call({ method: 'GET', url: `/api/fermeture/${day(0)}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/fermeture/hier', token: tokens.req })).statusCode).toBe(
      412,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/fermeture/${day(0)}`, token: tokens.membre })).statusCode,
    ).toBe(403);
  });

  it('lists the closures of the masonic year, and says who may manage them', async () => {
    await close('staff', day(3), 'Fête nationale');
    const list = (
      await t.call({ method: 'GET', url: `/api/fermeture/${day(3)}`, token: tokens.req })
    ).json<ClosureList>();
    expect(list.annee).toBe(masonicYearOf(day(3)));
    expect(list.gestion).toBe(false);
    expect(list.fermetures).toContainEqual({ date: day(3), motif: 'Fête nationale' });
    expect(list.fermetures.map((f) => f.date)).toEqual([...list.fermetures.map((f) => f.date)].sort());
    const staff = (
      await t.call({ method: 'GET', url: `/api/fermeture/${day(3)}`, token: tokens.staff })
    ).json<ClosureList>();
    expect(staff.gestion).toBe(true);
  });
});

describe('DELETE /api/fermeture/{date}', () => {
  it('401, 412, 403, 404, then reopens the day', async () => {
    await close('staff', day(4));
    expect((await t.call({ method: 'DELETE', url: `/api/fermeture/${day(4)}` })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/fermeture/x', token: tokens.staff })).statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/fermeture/${day(4)}`, token: tokens.req })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/fermeture/${day(5)}`, token: tokens.staff })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/fermeture/${day(4)}`, token: tokens.staff })).statusCode,
    ).toBe(204);
    const list = (
      await t.call({ method: 'GET', url: `/api/fermeture/${day(4)}`, token: tokens.staff })
    ).json<ClosureList>();
    expect(list.fermetures.some((f) => f.date === day(4))).toBe(false);
  });
});
