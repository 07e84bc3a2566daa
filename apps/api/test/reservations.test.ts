/** The reservation workflow through the HTTP API: every call and action, 401 → 412 → 403 → 404 → success. */
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { auditLog, emailOutbox, reservations, rooms, users } from '../src/db/schema';
import type { Reservation, ReservationChangeAction, ReservationDetail, Week } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../src/lib/dates';
import { addDays, datesOfRule, masonicYearOf, weekOf } from '@union/contract';
import { builders, named, type Builders, type Lodge, type MemberFields } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { databaseUrlFor, testEngine } from './engine';
import { settingsRepository } from '../src/modules/settings/repository';
import { DEFAULT_SETTINGS } from '../src/modules/settings/service';

let t: TestContext;
let b: Builders;
/** Each person's token by identifiant; names and e-mails are those the assertions read. */
const tokens: Record<string, string> = {};
let chevaliers: Lodge;
let lodge: number;
let otherLodge: number;
let room: number;
let closedRoom: number;

/** Someone who books for their lodge; `membre` lacks PLANNING. */
const person = (identifiant: string, over: MemberFields = {}): MemberFields => ({
  ...named(identifiant, ['USER', 'PLANNING'], { reservation: true }),
  ...over,
});

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  const union = await b.theUnion({ members: [person('staff', { flags: { gestion: true } })] });
  chevaliers = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    members: [person('req'), person('collegue'), person('membre', { habilitations: ['USER'] })],
  });
  const tolerance = await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', members: [person('autre')] });
  lodge = chevaliers.id;
  otherLodge = tolerance.id;
  room = (await b.aRoom({ nom: 'Temple Hiram' })).id;
  closedRoom = (await b.aRoom({ nom: 'Salle en travaux', active: false })).id;
  for (const p of [...union.members, ...chevaliers.members, ...tolerance.members])
    tokens[p.identifiant] = p.token;
});
afterAll(() => t.close());

/** A new request on its own day, so tests never collide. */
const input = (over: Record<string, unknown> = {}) => ({
  idSalle: room,
  idEntite: lodge,
  date: b.aDay(),
  heureDebut: '19:00',
  heureFin: '21:00',
  type: 'TC',
  libelle: 'Tenue au 1er degré',
  participants: 40,
  commentaire: null,
  ...over,
});

async function create(who: string, over: Record<string, unknown> = {}): Promise<Reservation> {
  const response = await t.call({
    method: 'POST',
    url: '/api/reservation',
    token: tokens[who],
    payload: input(over),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const act = (who: string | undefined, action: string, payload: Record<string, unknown>) =>
  t.call({
    method: 'PUT',
    url: `/api/reservation?action=${action}`,
    token: who ? tokens[who] : undefined,
    payload,
  });

/** A new request of req's lodge in Temple Hiram, brought to the state: DC, CR, DS or SU. */
const inState = (state: 'DC' | 'CR' | 'DS' | 'SU'): Promise<Reservation> =>
  b.aReservation({ entity: chevaliers, room, state });

const outbox = async () => t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));

describe('POST /api/reservation', () => {
  it('401 without a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/reservation', payload: input() })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['a time off the half-hour', { heureDebut: '19:15' }, /demi-heure/],
    ['a start before 08:00', { heureDebut: '07:30' }, /Heure de début/],
    ['a start after 22:30', { heureDebut: '23:00', heureFin: '23:30' }, /Heure de début/],
    ['an end after 23:00', { heureDebut: '22:00', heureFin: '23:30' }, /Heure de fin/],
    ['an end before the start', { heureDebut: '20:00', heureFin: '19:00' }, /après l'heure de début/],
    ['a date in the past', { date: addDays(parisDay(), -1) }, /passé/],
    ['a date that does not exist', { date: '2026-02-30' }, /n'existe pas/],
    ['an invalid room id', { idSalle: -1 }, /idSalle/],
    ['an empty label', { libelle: '  ' }, /libellé/],
    ['an unknown type', { type: 'XX' }, /type/],
  ])('412 for %s', async (_case, over, message) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: input(over),
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message + (response.json().details ?? []).join(' ')).toMatch(message);
  });

  it('412 for a room closed to bookings, naming it', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: input({ idSalle: closedRoom }),
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toContain('Salle en travaux');
  });

  it('412 for an overlap, naming the reservation in the way', async () => {
    const first = await create('req', { heureDebut: '19:00', heureFin: '21:00' });
    const response = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.autre,
      payload: {
        ...input({ idEntite: otherLodge }),
        date: first.date,
        heureDebut: '20:30',
        heureFin: '22:00',
      },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(
      new RegExp(
        `Temple Hiram est déjà réservée .* de 19:00 à 21:00 par Les Chevaliers du Rhône .*n° ${first.id}`,
      ),
    );
  });

  it('allows back-to-back slots (21:00 after 19:00–21:00)', async () => {
    const first = await create('req', { heureDebut: '19:00', heureFin: '21:00' });
    const next = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: { ...input(), date: first.date, heureDebut: '21:00', heureFin: '23:00' },
    });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('403 without PLANNING, and for an entity the caller does not book for', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/reservation', token: tokens.membre, payload: input() }))
        .statusCode,
    ).toBe(403);
    const response = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: input({ idEntite: otherLodge }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('creates a request (DC) with its actions, its history, and e-mails the requester and the staff', async () => {
    const before = (await outbox()).length;
    const r = await create('req');
    expect(r).toMatchObject({
      etat: 'DC',
      salle: 'Temple Hiram',
      entite: 'Les Chevaliers du Rhône',
      heureDebut: '19:00',
      heureFin: '21:00',
      demandeur: { prenom: 'req', nom: 'REQ' },
      actions: ['INFOS', 'CANCEL_CREATION', 'EDIT'],
    });
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.destinataire).sort()).toEqual(['req@exemple.fr', 'staff@exemple.fr']);
    expect(mails[0]!.sujet).toContain('Nouvelle demande de réservation');
    expect(mails[0]!.texte).toContain('de 19:00 à 21:00');
  });

  it('books directly (CR) when Union staff book, for any entity', async () => {
    const r = await create('staff', { idEntite: otherLodge });
    expect(r.etat).toBe('CR');
    expect(r.actions).toEqual(['INFOS', 'EDIT', 'DELETE']);
  });
});

describe('the booking rules of the settings (notice, horizon)', () => {
  const setRules = (preavisHeures: number, horizonMois: number) =>
    settingsRepository.saveSettings(
      t.db,
      {
        ...DEFAULT_SETTINGS.identite,
        mentionTva: DEFAULT_SETTINGS.mentionTva,
        preavisReservationHeures: preavisHeures,
        horizonReservationMois: horizonMois,
      },
      t.clock.now(),
    );
  afterAll(() => setRules(0, 18));

  it('refuses a member’s request inside the notice with a French 412, not Union staff’s booking', async () => {
    await setRules(2160, 18);
    const day = b.aDay();
    const refused = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.req,
      payload: input({ date: day }),
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().message).toMatch(
      /^Date : une demande de salle se fait au moins 90 jours à l’avance\. Choisissez un créneau commençant à partir du /,
    );
    expect((await t.db.select().from(reservations).where(eq(reservations.jour, day))).length).toBe(0);
    const week = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${day}`, token: tokens.req })
    ).json<Week>();
    expect(week.regles).toMatchObject({
      preavisHeures: 2160,
      premierCreneau: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
    });
    const staffWeek = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${day}`, token: tokens.staff })
    ).json<Week>();
    expect(staffWeek.regles).toMatchObject({ preavisHeures: 0, premierCreneau: null });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/reservation',
          token: tokens.staff,
          payload: input({ date: day }),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a date beyond the horizon for everyone, a move (EDIT) too', async () => {
    await setRules(0, 18);
    const r = await create('req');
    await setRules(0, 1);
    const far = addDays(t.clock.today(), 40);
    for (const who of ['req', 'staff']) {
      const response = await t.call({
        method: 'POST',
        url: '/api/reservation',
        token: tokens[who],
        payload: input({ date: far }),
      });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(
        /^Date : les salles se réservent au plus 1 mois à l’avance\. Choisissez une date jusqu’au /,
      );
    }
    const moved = await act('req', 'EDIT', { id: r.id, date: far });
    expect(moved.statusCode).toBe(412);
    const week = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${far}`, token: tokens.req })
    ).json<Week>();
    expect(week.regles.dernierJour < far).toBe(true);
  });
});

describe('GET /api/reservation/search/{date}', () => {
  it('401, 412, 403', async () => {
    expect((await t.call({ method: 'GET', url: `/api/reservation/search/${b.aDay()}` })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call({ method: 'GET', url: '/api/reservation/search/demain', token: tokens.req })).statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'GET', url: `/api/reservation/search/${b.aDay()}`, token: tokens.membre }))
        .statusCode,
    ).toBe(403);
  });

  it('answers the week Monday to Sunday with its reservations, closures and the caller’s actions', async () => {
    const r = await create('req');
    const response = await t.call({
      method: 'GET',
      url: `/api/reservation/search/${r.date}`,
      token: tokens.autre,
    });
    expect(response.statusCode).toBe(200);
    const week = response.json<Week>();
    expect(week).toMatchObject({ ...weekOf(r.date), gestion: false });
    const found = week.reservations.find((x) => x.id === r.id)!;
    expect(found.actions).toEqual(['INFOS']);
    expect(week.reservations.every((x) => x.date >= week.debut && x.date <= week.fin)).toBe(true);
    const staffView = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${r.date}`, token: tokens.staff })
    ).json<Week>();
    expect(staffView.reservations.find((x) => x.id === r.id)!.actions).toContain('ACCEPT_CREATION');
    expect(staffView.gestion).toBe(true);
  });

  it('shows another lodge only the lodge, the room and the time: no label, requester, comment nor history', async () => {
    const r = await create('req', { commentaire: 'Agapes à la suite', participants: 35 });
    const seen = async (who: string) =>
      (await t.call({ method: 'GET', url: `/api/reservation/search/${r.date}`, token: tokens[who] }))
        .json<Week>()
        .reservations.find((x) => x.id === r.id)!;
    const hidden = ['type', 'libelle', 'participants', 'commentaire', 'demandeur', 'motifRefus'];
    const other = await seen('autre');
    expect(Object.keys(other).sort()).toEqual(
      [
        'id',
        'idSalle',
        'salle',
        'couleurSalle',
        'idEntite',
        'entite',
        'date',
        'heureDebut',
        'heureFin',
        'etat',
        'idPlanning',
        'actions',
      ].sort(),
    );
    for (const field of hidden) expect(other).not.toHaveProperty(field);
    expect(other).toMatchObject({
      entite: 'Les Chevaliers du Rhône',
      salle: 'Temple Hiram',
      heureDebut: '19:00',
    });
    // The lodge's own members and Union staff see it whole.
    for (const who of ['collegue', 'staff'])
      expect(await seen(who)).toMatchObject({
        libelle: 'Tenue au 1er degré',
        commentaire: 'Agapes à la suite',
        participants: 35,
        demandeur: { prenom: 'req' },
      });
    const detail = (
      await t.call({ method: 'GET', url: `/api/reservation/${r.id}/infos`, token: tokens.autre })
    ).json<ReservationDetail>();
    for (const field of hidden) expect(detail).not.toHaveProperty(field);
    expect(detail.historique).toEqual([]);
    expect(JSON.stringify(detail)).not.toContain('REQ');
  });

  it('leaves deleted reservations out', async () => {
    const r = await inState('SU');
    const week = (
      await t.call({ method: 'GET', url: `/api/reservation/search/${r.date}`, token: tokens.req })
    ).json<Week>();
    expect(week.reservations.some((x) => x.id === r.id)).toBe(false);
  });
});

describe('GET /api/reservation/{id}/infos', () => {
  it('401, 412, 403, 404', async () => {
    expect((await t.call({ method: 'GET', url: '/api/reservation/1/infos' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/reservation/abc/infos', token: tokens.req })).statusCode,
    ).toBe(412);
    expect(
      (await t.call({ method: 'GET', url: '/api/reservation/1/infos', token: tokens.membre })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/api/reservation/99999/infos', token: tokens.req })).statusCode,
    ).toBe(404);
  });

  it('answers the reservation with its history, newest first, with authors and reasons', async () => {
    const r = await create('req');
    await act('staff', 'REFUSE_CREATION', { id: r.id, motif: 'Temple réservé pour une cérémonie' });
    const detail = (
      await t.call({ method: 'GET', url: `/api/reservation/${r.id}/infos`, token: tokens.req })
    ).json<ReservationDetail>();
    expect(detail.etat).toBe('SU');
    expect(detail.motifRefus).toBe('Temple réservé pour une cérémonie');
    const when = / le \d{1,2}(er)? \p{L}+ \d{4} à \d{2}:\d{2}$/u;
    expect(
      detail.historique.map((h) => [h.action, h.libelle.replace(when, ' le …'), h.auteur, h.motif]),
    ).toEqual([
      [
        'REFUSE_CREATION',
        'Demande refusée par staff STAFF le …',
        'staff STAFF',
        'Temple réservé pour une cérémonie',
      ],
      ['CREATE_REQUEST', 'Demande faite par req REQ le …', 'req REQ', null],
    ]);
  });

  it('names a room called « Salle … » once in the overlap refusal', async () => {
    const condorcet = (await b.aRoom({ nom: 'Salle Condorcet' })).id;
    const first = await create('staff', { idSalle: condorcet });
    const second = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.staff,
      payload: input({ idSalle: condorcet, date: first.date }),
    });
    expect(second.statusCode).toBe(412);
    expect(second.json<{ message: string }>().message).toMatch(/^La salle Condorcet est déjà réservée le /);
  });

  it('says which fields an EDIT changed, in the audit details and in French in the history', async () => {
    const r = await create('staff');
    const otherRoom = (await b.aRoom({ nom: 'Salle Voltaire' })).id;
    const edited = await act('staff', 'EDIT', {
      id: r.id,
      idSalle: otherRoom,
      heureDebut: '10:00',
      heureFin: '12:00',
      libelle: r.libelle,
      participants: 12,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.recordType, 'reservation'), eq(auditLog.recordId, r.id), eq(auditLog.action, 'EDIT')),
      );
    expect(audit!.details).toMatchObject({ champs: ['salle', 'horaires', 'participants'] });
    const detail = (
      await t.call({ method: 'GET', url: `/api/reservation/${r.id}/infos`, token: tokens.req })
    ).json<ReservationDetail>();
    expect(detail.historique[0]!.libelle).toMatch(
      /^Réservation modifiée par staff STAFF le .+ à \d{2}:\d{2} : salle, horaires, participants attendus$/,
    );
  });
});

describe('PUT /api/reservation?action=', () => {
  it('401 without a session', async () => {
    expect((await act(undefined, 'ACCEPT_CREATION', { id: 1 })).statusCode).toBe(401);
  });

  it('412 for an unknown action, or INFOS (a read)', async () => {
    expect((await act('staff', 'VALIDER', { id: 1 })).statusCode).toBe(412);
    expect((await act('staff', 'INFOS', { id: 1 })).statusCode).toBe(412);
  });

  /** Every action in every state where the machine refuses it: 412 with the French message. */
  const WRONG: [ReservationChangeAction, 'DC' | 'CR' | 'DS' | 'SU', string][] = [
    ['ACCEPT_CREATION', 'CR', 'staff'],
    ['ACCEPT_CREATION', 'DS', 'staff'],
    ['ACCEPT_CREATION', 'SU', 'staff'],
    ['REFUSE_CREATION', 'CR', 'staff'],
    ['REFUSE_CREATION', 'SU', 'staff'],
    ['REFUSE_CREATION', 'DS', 'staff'],
    ['CANCEL_CREATION', 'CR', 'req'],
    ['CANCEL_CREATION', 'DS', 'req'],
    ['CANCEL_CREATION', 'SU', 'req'],
    ['EDIT', 'DS', 'staff'],
    ['EDIT', 'SU', 'staff'],
    ['ASK_DELETION', 'DC', 'req'],
    ['ASK_DELETION', 'DS', 'req'],
    ['ASK_DELETION', 'SU', 'req'],
    ['ACCEPT_DELETION', 'DC', 'staff'],
    ['ACCEPT_DELETION', 'CR', 'staff'],
    ['ACCEPT_DELETION', 'SU', 'staff'],
    ['REFUSE_DELETION', 'DC', 'staff'],
    ['REFUSE_DELETION', 'CR', 'staff'],
    ['REFUSE_DELETION', 'SU', 'staff'],
    ['DELETE', 'SU', 'staff'],
  ];
  it.each(WRONG)('412 for %s in state %s', async (action, etat, who) => {
    const r = await inState(etat);
    const response = await act(who, action, { id: r.id, motif: 'Un motif' });
    expect(response.statusCode, response.body).toBe(412);
    expect(response.json().message).toMatch(/^Action impossible/);
  });

  it('412 for CANCEL_DELETION once the deletion was refused (state CR)', async () => {
    const r = await inState('DS');
    await act('staff', 'REFUSE_DELETION', { id: r.id, motif: 'Tenue maintenue' });
    const response = await act('req', 'CANCEL_DELETION', { id: r.id });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/^Action impossible/);
  });

  it('412 for CANCEL_DELETION once the deletion was accepted (state SU)', async () => {
    const r = await inState('DS');
    await act('staff', 'ACCEPT_DELETION', { id: r.id });
    const response = await act('req', 'CANCEL_DELETION', { id: r.id });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/^Action impossible/);
  });

  it('412 for a refusal without a reason', async () => {
    const r = await inState('DC');
    const response = await act('staff', 'REFUSE_CREATION', { id: r.id, motif: ' ' });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/Motif/);
    const ds = await inState('DS');
    expect((await act('staff', 'REFUSE_DELETION', { id: ds.id })).statusCode).toBe(412);
  });

  /** Every action by someone the policy refuses: 403. */
  const FORBIDDEN: [ReservationChangeAction, 'DC' | 'CR' | 'DS', string][] = [
    ['ACCEPT_CREATION', 'DC', 'req'],
    ['REFUSE_CREATION', 'DC', 'req'],
    ['CANCEL_CREATION', 'DC', 'collegue'],
    ['CANCEL_CREATION', 'DC', 'staff'],
    ['EDIT', 'DC', 'autre'],
    ['EDIT', 'CR', 'req'],
    ['ASK_DELETION', 'CR', 'autre'],
    ['CANCEL_DELETION', 'DS', 'collegue'],
    ['ACCEPT_DELETION', 'DS', 'req'],
    ['REFUSE_DELETION', 'DS', 'req'],
    ['DELETE', 'CR', 'req'],
    ['ACCEPT_CREATION', 'DC', 'membre'],
  ];
  it.each(FORBIDDEN)('403 for %s in %s by %s', async (action, etat, who) => {
    const r = await inState(etat);
    expect((await act(who, action, { id: r.id, motif: 'Un motif' })).statusCode).toBe(403);
  });

  it('404 for a reservation that does not exist', async () => {
    expect((await act('staff', 'ACCEPT_CREATION', { id: 99999 })).statusCode).toBe(404);
  });

  it('ACCEPT_CREATION confirms, e-mails the requester and the staff', async () => {
    const r = await inState('DC');
    const before = (await outbox()).length;
    const response = await act('staff', 'ACCEPT_CREATION', { id: r.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ etat: 'CR', actions: ['INFOS', 'EDIT', 'DELETE'] });
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.destinataire).sort()).toEqual(['req@exemple.fr', 'staff@exemple.fr']);
    expect(mails[0]!.sujet).toMatch(/^Réservation acceptée/);
  });

  it('ACCEPT_CREATION refuses a request on a day closed since, or in a room retired since', async () => {
    const onClosedDay = await inState('DC');
    const closing = await t.call({
      method: 'POST',
      url: `/api/fermeture/${onClosedDay.date}`,
      token: tokens.staff,
      payload: { motif: 'Travaux' },
    });
    expect(closing.statusCode, closing.body).toBe(201);
    const refused = await act('staff', 'ACCEPT_CREATION', { id: onClosedDay.id });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().message).toMatch(/fermé .*Travaux/);

    const retired = (await b.aRoom({ nom: 'Salle bientôt fermée' })).id;
    const inRetiredRoom = await create('req', { idSalle: retired });
    await t.db.update(rooms).set({ active: false }).where(eq(rooms.id, retired));
    const refusedRoom = await act('staff', 'ACCEPT_CREATION', { id: inRetiredRoom.id });
    expect(refusedRoom.statusCode).toBe(412);
    expect(refusedRoom.json().message).toMatch(/Salle bientôt fermée/);

    const unchanged = await t.db.select().from(reservations).where(eq(reservations.id, inRetiredRoom.id));
    expect(unchanged[0]!.etat).toBe('DC');
  });

  it('REFUSE_CREATION ends it with its reason, sent to the requester', async () => {
    const r = await inState('DC');
    const before = (await outbox()).length;
    const response = await act('staff', 'REFUSE_CREATION', { id: r.id, motif: 'Salle déjà promise' });
    expect(response.json()).toMatchObject({
      etat: 'SU',
      motifRefus: 'Salle déjà promise',
      actions: ['INFOS'],
    });
    const mail = (await outbox()).slice(before).find((m) => m.destinataire === 'req@exemple.fr')!;
    expect(mail.texte).toContain('Motif : Salle déjà promise');
  });

  /**
   * Who is e-mailed for each step (docs/decisions/reservations-and-planning.md): the requester, the one who
   * asked the deletion (here a colleague), and the Union staff holding PLANNING; nobody for a cancelled
   * request.
   */
  const MAILS: [string, () => Promise<{ id: number }>, string, string, Record<string, unknown>, string[]][] =
    [
      ['a request', async () => ({ id: 0 }), 'req', 'CREATE', {}, ['staff@exemple.fr']],
      ['CANCEL_CREATION', () => inState('DC'), 'req', 'CANCEL_CREATION', {}, []],
      [
        'REFUSE_CREATION',
        () => inState('DC'),
        'staff',
        'REFUSE_CREATION',
        { motif: 'Non' },
        ['req@exemple.fr', 'staff@exemple.fr'],
      ],
      [
        'ASK_DELETION',
        () => inState('CR'),
        'collegue',
        'ASK_DELETION',
        {},
        ['collegue@exemple.fr', 'req@exemple.fr', 'staff@exemple.fr'],
      ],
      [
        'ACCEPT_DELETION',
        () => inState('DS'),
        'staff',
        'ACCEPT_DELETION',
        {},
        ['req@exemple.fr', 'staff@exemple.fr'],
      ],
      [
        'REFUSE_DELETION',
        () => inState('DS'),
        'staff',
        'REFUSE_DELETION',
        { motif: 'Maintenue' },
        ['req@exemple.fr', 'staff@exemple.fr'],
      ],
      ['DELETE by staff', () => inState('CR'), 'staff', 'DELETE', {}, ['req@exemple.fr', 'staff@exemple.fr']],
    ];
  it.each(MAILS)(
    'e-mails for %s go to exactly the right people',
    async (_label, prepare, who, action, extra, to) => {
      const r = await prepare();
      const before = (await outbox()).length;
      if (action === 'CREATE') {
        const response = await t.call({
          method: 'POST',
          url: '/api/reservation',
          token: tokens[who],
          payload: input(),
        });
        expect(response.statusCode, response.body).toBe(201);
      } else {
        const response = await act(who, action, { id: r.id, ...extra });
        expect(response.statusCode, response.body).toBe(200);
      }
      const sent = (await outbox()).slice(before).map((m) => m.destinataire);
      expect([...new Set(sent)].sort()).toEqual(
        [...to, ...(action === 'CREATE' ? ['req@exemple.fr'] : [])].sort(),
      );
    },
  );

  it('sends nothing for a booking made by the Union staff', async () => {
    const before = (await outbox()).length;
    await create('staff');
    expect((await outbox()).slice(before)).toEqual([]);
  });

  it('CANCEL_CREATION by the requester frees the slot', async () => {
    const r = await inState('DC');
    const before = (await outbox()).length;
    expect((await act('req', 'CANCEL_CREATION', { id: r.id })).json().etat).toBe('SU');
    // docs/decisions/reservations-and-planning.md: withdrawing one's own request e-mails nobody.
    expect((await outbox()).slice(before)).toEqual([]);
    const again = await t.call({
      method: 'POST',
      url: '/api/reservation',
      token: tokens.autre,
      payload: { ...input({ idEntite: otherLodge }), date: r.date },
    });
    expect(again.statusCode).toBe(201);
  });

  it('EDIT by the requester moves the request; by staff a confirmed booking; overlaps are refused', async () => {
    const r = await inState('DC');
    const moved = await act('req', 'EDIT', {
      id: r.id,
      heureDebut: '18:00',
      heureFin: '20:00',
      libelle: 'Tenue',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      etat: 'DC',
      heureDebut: '18:00',
      heureFin: '20:00',
      libelle: 'Tenue',
    });
    const other = await create('staff', { idEntite: otherLodge, heureDebut: '20:00', heureFin: '22:00' });
    const clash = await act('staff', 'EDIT', { id: other.id, date: r.date, heureDebut: '19:30' });
    expect(clash.statusCode).toBe(412);
    expect(clash.json().message).toContain(`n° ${r.id}`);
    const ok = await act('staff', 'EDIT', {
      id: other.id,
      date: r.date,
      heureDebut: '20:00',
      commentaire: 'Agapes',
    });
    expect(ok.json()).toMatchObject({ etat: 'CR', date: r.date, heureDebut: '20:00', commentaire: 'Agapes' });
  });

  it('ASK_DELETION by a member of the entity, CANCEL_DELETION by the one who asked', async () => {
    const r = await inState('CR');
    const asked = await act('collegue', 'ASK_DELETION', { id: r.id });
    expect(asked.json()).toMatchObject({ etat: 'DS', actions: ['INFOS', 'CANCEL_DELETION'] });
    expect((await act('collegue', 'CANCEL_DELETION', { id: r.id })).json().etat).toBe('CR');
  });

  it('ACCEPT_DELETION and REFUSE_DELETION decide, e-mailing the one who asked', async () => {
    const accepted = await inState('DS');
    const before = (await outbox()).length;
    expect((await act('staff', 'ACCEPT_DELETION', { id: accepted.id })).json().etat).toBe('SU');
    expect((await outbox()).slice(before).map((m) => m.sujet)[0]).toMatch(
      /^Suppression de réservation acceptée/,
    );
    const refused = await inState('DS');
    const kept = await act('staff', 'REFUSE_DELETION', { id: refused.id, motif: 'Tenue maintenue' });
    expect(kept.json()).toMatchObject({ etat: 'CR' });
    const history = (
      await t.call({ method: 'GET', url: `/api/reservation/${refused.id}/infos`, token: tokens.req })
    ).json<ReservationDetail>().historique;
    expect(history[0]).toMatchObject({ action: 'REFUSE_DELETION', motif: 'Tenue maintenue' });
  });

  it('DELETE by staff from DC, CR and DS', async () => {
    for (const etat of ['DC', 'CR', 'DS'] as const) {
      const r = await inState(etat);
      expect((await act('staff', 'DELETE', { id: r.id })).json().etat).toBe('SU');
    }
  });
});

describe('GET /api/reservation/demandes', () => {
  it('401, 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/reservation/demandes' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/reservation/demandes', token: tokens.membre })).statusCode,
    ).toBe(403);
  });

  it('keeps my upcoming refused requests in my list, with their reason', async () => {
    const refused = await inState('DC');
    await act('staff', 'REFUSE_CREATION', { id: refused.id, motif: 'Assemblée générale ce soir-là' });
    const cancelled = await inState('SU');
    const req = (await t.call({ method: 'GET', url: '/api/reservation/demandes', token: tokens.req })).json();
    expect(req.miennes.find((r: Reservation) => r.id === refused.id)).toMatchObject({
      etat: 'SU',
      motifRefus: 'Assemblée générale ce soir-là',
    });
    expect(req.miennes.some((r: Reservation) => r.id === cancelled.id)).toBe(false);
  });

  it('lists my pending requests, and for staff everything to decide', async () => {
    const mine = await inState('DC');
    const deletion = await inState('DS');
    const req = (await t.call({ method: 'GET', url: '/api/reservation/demandes', token: tokens.req })).json();
    expect(req.miennes.map((r: Reservation) => r.id)).toEqual(expect.arrayContaining([mine.id, deletion.id]));
    expect(req.miennes.every((r: Reservation) => r.etat !== 'CR')).toBe(true);
    expect(req.aTraiter).toEqual([]);
    expect(req.gestion).toBe(false);
    const staff = (
      await t.call({ method: 'GET', url: '/api/reservation/demandes', token: tokens.staff })
    ).json();
    expect(staff.aTraiter.map((r: Reservation) => r.id)).toEqual(
      expect.arrayContaining([mine.id, deletion.id]),
    );
    const other = (
      await t.call({ method: 'GET', url: '/api/reservation/demandes', token: tokens.autre })
    ).json();
    expect(other.miennes.some((r: Reservation) => r.id === mine.id)).toBe(false);
  });
});

describe('the no-overlap rule in the database', () => {
  it('refuses an overlapping reservation written directly, whatever the application checks', async () => {
    const r = await create('req');
    const [user] = await t.db.select().from(users).limit(1);
    await expect(
      t.db.insert(reservations).values({
        roomId: room,
        entityId: otherLodge,
        jour: r.date,
        debut: 20 * 60,
        fin: 22 * 60,
        type: 'REU',
        libelle: 'En travers',
        etat: 'DC',
        requestedById: user!.id,
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
    // A deleted reservation no longer holds the room.
    await act('req', 'CANCEL_CREATION', { id: r.id });
    await t.db.insert(reservations).values({
      roomId: room,
      entityId: otherLodge,
      jour: r.date,
      debut: 20 * 60,
      fin: 22 * 60,
      type: 'REU',
      libelle: 'À la place',
      etat: 'CR',
      requestedById: user!.id,
    });
  });
});

describe('concurrent requests for one slot', () => {
  it('20 simultaneous requests: exactly one succeeds, 19 get a 412 naming it', async () => {
    const payload = input({ heureDebut: '14:00', heureFin: '16:00' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call({ method: 'POST', url: '/api/reservation', token: tokens.req, payload }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 412);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const winner = ok[0]!.json<Reservation>().id;
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        error: 'slot_taken',
        message: expect.stringContaining(`n° ${winner}`),
      });
    }
  });
});

/**
 * The day lock serialises the app's own bookings, so the test above never reaches the database
 * constraint. Here a writer that bypasses the lock (another tool, a future code path) holds an
 * overlapping row uncommitted while the API books: the API's insert waits on the exclusion constraint,
 * fails once the row commits, and the user gets the same 412 naming it. PostgreSQL only: PGlite has
 * one connection, so nothing can hold a row while the API writes.
 */
if (testEngine() === 'postgres') {
  describe('the exclusion constraint when a writer bypasses the day lock (PostgreSQL)', () => {
    async function holdOverlap(date: string, debut: number, fin: number, roomId = room) {
      const [{ db }] = (await t.handle.rows<{ db: string }>('SELECT current_database() AS db')) as [
        { db: string },
      ];
      const raw = new pg.Client({ connectionString: databaseUrlFor(db) });
      await raw.connect();
      const [staff] = await t.db.select().from(users).where(eq(users.identifiant, 'staff'));
      await raw.query('BEGIN');
      const { rows } = await raw.query<{ id: number }>(
        `INSERT INTO reservations (room_id, entity_id, jour, debut, fin, type, libelle, etat, requested_by_id)
         VALUES ($1, $2, $3, $4, $5, 'REU', 'Passée devant', 'CR', $6) RETURNING id`,
        [roomId, otherLodge, date, debut, fin, staff!.id],
      );
      /** Commits the held row once the API's statement waits on it. */
      const commitWhenBlocked = async () => {
        for (let i = 0; i < 200; i++) {
          // Inside a transaction the statistics views are a snapshot: refresh it at each look.
          await raw.query('SELECT pg_stat_clear_snapshot()');
          const { rows: waiting } = await raw.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
            [db],
          );
          if (waiting[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await raw.query('COMMIT');
        await raw.end();
      };
      return { id: rows[0]!.id, commitWhenBlocked };
    }

    it('the constraint exists in the database', async () => {
      const found = await t.handle.rows<{ contype: string }>(
        "SELECT contype FROM pg_constraint WHERE conname = 'reservations_no_overlap'",
      );
      expect(found).toEqual([{ contype: 'x' }]);
    });

    it('a new booking meets the constraint and answers 412 naming the reservation in the way', async () => {
      const payload = input({ heureDebut: '10:00', heureFin: '12:00' });
      const held = await holdOverlap(payload.date, 11 * 60, 13 * 60);
      const [response] = await Promise.all([
        t.call({ method: 'POST', url: '/api/reservation', token: tokens.req, payload }),
        held.commitWhenBlocked(),
      ]);
      expect(response.statusCode, response.body).toBe(412);
      expect(response.json()).toMatchObject({
        error: 'slot_taken',
        message: expect.stringContaining(`réservation n° ${held.id}`),
      });
    });

    it('an EDIT moving a reservation meets it too', async () => {
      const r = await create('req', { heureDebut: '08:00', heureFin: '09:00' });
      const held = await holdOverlap(r.date, 15 * 60, 17 * 60);
      const [response] = await Promise.all([
        act('req', 'EDIT', { id: r.id, heureDebut: '16:00', heureFin: '18:00' }),
        held.commitWhenBlocked(),
      ]);
      expect(response.statusCode, response.body).toBe(412);
      expect(response.json()).toMatchObject({
        error: 'slot_taken',
        message: expect.stringContaining(`réservation n° ${held.id}`),
      });
      const [unchanged] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
      expect(unchanged).toMatchObject({ debut: 8 * 60, fin: 9 * 60 });
    });

    it('the planning skips a date the constraint refuses and reports it as just booked', async () => {
      // A room of its own, so no other test's booking is in the way of the rule's dates.
      const planningRoom = (await b.aRoom({ nom: 'Temple du planning' })).id;
      for (let i = 0; i < 2; i++) {
        await t.call({ method: 'POST', url: '/api/planning/annees', token: tokens.staff, payload: {} });
      }
      const next = masonicYearOf(parisDay()) + 1;
      const [first] = datesOfRule(next, { jourSemaine: 2, rang: 2 }, [9]);
      const held = await holdOverlap(first!, 20 * 60, 21 * 60, planningRoom);
      const [response] = await Promise.all([
        t.call({
          method: 'POST',
          url: '/api/planning',
          token: tokens.staff,
          payload: {
            annee: next,
            idEntite: lodge,
            idSalle: planningRoom,
            type: 'TC',
            libelle: 'Tenue régulière',
            heureDebut: '19:30',
            heureFin: '23:00',
            regle: { jourSemaine: 2, rang: 2 },
            mois: [9, 10],
          },
        }),
        held.commitWhenBlocked(),
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as { creees: number; conflits: { date: string; raison: string }[] };
      expect(body.creees).toBe(1);
      expect(body.conflits).toEqual([
        { date: first, raison: expect.stringContaining('vient d’être réservée') },
      ]);
    });
  });
}
