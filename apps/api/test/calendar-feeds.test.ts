/**
 * Calendar feeds (issue 7): the account's addresses, the iCalendar text read back with ical.js, who sees
 * what, and every way a feed stops answering (renewed secret, inactive or deleted owner, not staff).
 */
import type { CalendarFeedState } from '@union/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, users } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { addDays } from '@union/contract';
import { builders, type Builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const year = Number(parisDay().slice(0, 4)) + 1;
/** A winter day (CET, UTC+1) and a summer day (CEST, UTC+2), both in the future. */
const WINTER = `${year}-01-15`;
const SUMMER = `${year}-07-15`;
const LONG_LABEL =
  'Tenue solennelle; solstice, été — « Les Chevaliers » réunis avec leurs sœurs et frères visiteurs';

async function reserve(fields: {
  room: number;
  entity: number;
  jour: string;
  debut: number;
  fin: number;
  libelle: string;
  etat?: 'DC' | 'CR' | 'DS' | 'SU';
}) {
  const [row] = await t.db
    .insert(reservations)
    .values({
      roomId: fields.room,
      entityId: fields.entity,
      jour: fields.jour,
      debut: fields.debut,
      fin: fields.fin,
      type: 'TC',
      libelle: fields.libelle,
      etat: fields.etat ?? 'CR',
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  const staff = (await b.theUnion()).member;
  const [chevaliers, tolerance, left] = [
    await b.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', members: 0 }),
    await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', members: 0 }),
    await b.aLodgeWithMembers({ nom: 'Loge quittée', members: 0 }),
  ];
  const [chev, tol] = [chevaliers.id, tolerance.id];
  ids.hiram = (await b.aRoom({ nom: 'Temple Hiram' })).id;
  ids.salomon = (await b.aRoom({ nom: 'Salle Condorcet' })).id;

  // A plain member, without PLANNING: their lodge's sessions are theirs to follow.
  const membre = await b.aMember(chev, { identifiant: 'membre', habilitations: ['USER'] });
  await b.aMembership(left.id, membre, { debut: '2020-01-01', fin: '2021-01-01' });
  const inactive = await b.aMember(chev, { identifiant: 'inactif', habilitations: ['USER'] });
  const deleted = await b.aMember(chev, { identifiant: 'supprime', habilitations: ['USER'] });
  Object.assign(ids, {
    membre: membre.id,
    inactive: inactive.id,
    deleted: deleted.id,
    chev,
    tol,
    left: left.id,
  });
  for (const person of [staff, membre, inactive, deleted]) tokens[person.identifiant] = person.token;

  // Stored rows rather than the booking workflow: the feeds read what is stored, one of these lies in
  // the past (no booking can be made there) and none needs a requester.
  ids.winter = await reserve({
    room: ids.hiram,
    entity: chev,
    jour: WINTER,
    debut: 19 * 60 + 30,
    fin: 23 * 60,
    libelle: LONG_LABEL,
  });
  ids.summer = await reserve({
    room: ids.salomon,
    entity: chev,
    jour: SUMMER,
    debut: 19 * 60,
    fin: 21 * 60 + 30,
    libelle: 'Tenue d’été',
  });
  ids.requested = await reserve({
    room: ids.hiram,
    entity: chev,
    jour: SUMMER,
    debut: 9 * 60,
    fin: 10 * 60,
    libelle: 'Demande en attente',
    etat: 'DC',
  });
  ids.deletedRes = await reserve({
    room: ids.hiram,
    entity: chev,
    jour: SUMMER,
    debut: 10 * 60,
    fin: 11 * 60,
    libelle: 'Supprimée',
    etat: 'SU',
  });
  ids.old = await reserve({
    room: ids.hiram,
    entity: chev,
    jour: addDays(parisDay(), -200),
    debut: 10 * 60,
    fin: 11 * 60,
    libelle: 'Trop ancienne',
  });
  ids.other = await reserve({
    room: ids.hiram,
    entity: tol,
    jour: WINTER,
    debut: 9 * 60,
    fin: 12 * 60,
    libelle: 'Tenue de Tolérance',
  });
  ids.leftRes = await reserve({
    room: ids.salomon,
    entity: left.id,
    jour: WINTER,
    debut: 9 * 60,
    fin: 12 * 60,
    libelle: 'Loge quittée',
  });
});
afterAll(() => t.close());

const renew = async (who: string) => {
  const response = await t.call({ method: 'POST', url: '/api/user/calendrier', token: tokens[who] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CalendarFeedState>();
};
/** GET of an absolute feed address, through the app. */
const fetchFeed = (url: string) => t.call({ method: 'GET', url: new URL(url).pathname });

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  start: number;
  end: number;
  startZone: string;
}

function parse(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toUnixTime(),
      end: event.endDate.toUnixTime(),
      startZone: String(component.getFirstProperty('dtstart')!.getParameter('tzid')),
    };
  });
}

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('GET, POST /api/user/calendrier', () => {
  it('401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/calendrier' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/user/calendrier' })).statusCode).toBe(401);
  });

  it('has no address until one is created; the addresses are answered once, room ones for staff only', async () => {
    // A member of their own: the other tests create addresses for theirs.
    const newcomer = await b.aMember(ids.chev!, { habilitations: ['USER'] });
    tokens[newcomer.identifiant] = newcomer.token;
    const before = await t.call({ method: 'GET', url: '/api/user/calendrier', token: newcomer.token });
    expect(before.json<CalendarFeedState>()).toEqual({
      actif: false,
      creeLe: null,
      gestion: false,
      adresses: null,
    });
    const created = await renew(newcomer.identifiant);
    expect(created).toMatchObject({ actif: true, gestion: false, adresses: { batiment: null, salles: [] } });
    expect(created.adresses!.personnel).toMatch(
      new RegExp(`^${t.config.publicUrl}/api/calendrier/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const after = await t.call({ method: 'GET', url: '/api/user/calendrier', token: newcomer.token });
    expect(after.json<CalendarFeedState>()).toMatchObject({ actif: true, adresses: null });

    const staff = await renew('staff');
    expect(staff.gestion).toBe(true);
    expect(staff.adresses!.batiment).toMatch(/\/api\/calendrier\/[A-Za-z0-9_-]{43}\/batiment\.ics$/);
    expect(staff.adresses!.salles.map((s) => s.nom)).toEqual(['Salle Condorcet', 'Temple Hiram']);
    expect(staff.adresses!.salles[1]!.url).toMatch(new RegExp(`/salle/${ids.hiram}\\.ics$`));
  });
});

describe('GET /api/calendrier/{jeton}.ics', () => {
  it('is valid iCalendar: CRLF, folded lines of at most 75 octets, UTC DTSTAMP, Paris times with VTIMEZONE', async () => {
    const { adresses } = await renew('membre');
    const response = await fetchFeed(adresses!.personnel);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/private/);
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /); // the long label is folded
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n');
    expect(text).toMatch(/DTSTART;TZID=Europe\/Paris:\d{8}T193000\r\n/);
    expect(text).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    // Text values are escaped (RFC 5545 §3.3.11).
    expect(text.replace(/\r\n /g, '')).toContain('Tenue solennelle\\; solstice\\, été');
  });

  it('holds the confirmed reservations of the member’s current entities, at the right times', async () => {
    const { adresses } = await renew('membre');
    const events = parse((await fetchFeed(adresses!.personnel)).body);
    const host = new URL(t.config.publicUrl).hostname;
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`reservation-${ids.winter}@${host}`, `reservation-${ids.summer}@${host}`].sort(),
    );
    const winter = events.find((e) => e.uid.startsWith(`reservation-${ids.winter}@`))!;
    expect(winter).toMatchObject({
      summary: `${LONG_LABEL} – Les Chevaliers du Rhône`,
      location: 'Temple Hiram',
      startZone: 'Europe/Paris',
      // 19:30 in Lyon in January is 18:30 UTC; 23:00 is 22:00 UTC.
      start: utc(`${WINTER}T18:30:00Z`),
      end: utc(`${WINTER}T22:00:00Z`),
    });
    const summer = events.find((e) => e.uid.startsWith(`reservation-${ids.summer}@`))!;
    // Summer time: UTC+2.
    expect(summer).toMatchObject({ start: utc(`${SUMMER}T17:00:00Z`), end: utc(`${SUMMER}T19:30:00Z`) });
  });

  it('answers 404 for a wrong, malformed or renewed secret', async () => {
    const first = (await renew('membre')).adresses!.personnel;
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = (await renew('membre')).adresses!.personnel;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const wrong = `${'A'.repeat(43)}`;
    for (const path of [`/api/calendrier/${wrong}.ics`, '/api/calendrier/abc.ics', '/api/calendrier/x']) {
      const response = await t.call({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/agenda/);
    }
  });

  it('answers 404 once its owner is inactive or deleted', async () => {
    const inactive = (await renew('inactif')).adresses!.personnel;
    const deleted = (await renew('supprime')).adresses!.personnel;
    expect((await fetchFeed(inactive)).statusCode).toBe(200);
    expect((await fetchFeed(deleted)).statusCode).toBe(200);
    await t.db.update(users).set({ etat: 'I' }).where(eq(users.id, ids.inactive!));
    await t.db.update(users).set({ etat: 'S' }).where(eq(users.id, ids.deleted!));
    expect((await fetchFeed(inactive)).statusCode).toBe(404);
    expect((await fetchFeed(deleted)).statusCode).toBe(404);
  });
});

describe('room and building feeds', () => {
  it('are refused (404) to anyone who is not Union staff', async () => {
    const personal = (await renew('membre')).adresses!.personnel;
    const jeton = /\/calendrier\/([^/]+)\.ics$/.exec(personal)![1]!;
    for (const path of [
      `/api/calendrier/${jeton}/batiment.ics`,
      `/api/calendrier/${jeton}/salle/${ids.hiram}.ics`,
    ]) {
      expect((await t.call({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });

  it('hold, for staff, the confirmed reservations of one room or of the whole building', async () => {
    const { adresses } = await renew('staff');
    const hiram = adresses!.salles.find((s) => s.id === ids.hiram)!.url;
    const inHiram = parse((await fetchFeed(hiram)).body).map((e) => e.summary);
    expect(inHiram.sort()).toEqual(
      [`${LONG_LABEL} – Les Chevaliers du Rhône`, 'Tenue de Tolérance – Tolérance et Progrès'].sort(),
    );
    const all = parse((await fetchFeed(adresses!.batiment!)).body).map((e) => e.summary);
    expect(all.sort()).toEqual(
      [
        `${LONG_LABEL} – Les Chevaliers du Rhône`,
        'Tenue de Tolérance – Tolérance et Progrès',
        'Tenue d’été – Les Chevaliers du Rhône',
        'Loge quittée – Loge quittée',
      ].sort(),
    );
    const jeton = /\/calendrier\/([^/]+)\/batiment\.ics$/.exec(adresses!.batiment!)![1]!;
    expect(
      (await t.call({ method: 'GET', url: `/api/calendrier/${jeton}/salle/999999.ics` })).statusCode,
    ).toBe(404);
  });
});
