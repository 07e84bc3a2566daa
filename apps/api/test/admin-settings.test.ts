/** Rooms and the Union's settings (legal identity, VAT mention, yearly fees), managed by ADMIN. */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rooms } from '../src/db/schema';
import { unionSettings } from '../src/modules/settings/service';
import { builders } from './builders';
import { createRoom, createTestContext, createUser, onItsOwnDatabase, type TestContext } from './helpers';

let t: TestContext;
let adminToken: string;
let memberToken: string;
let hiram: { id: number };
let adminId: number;

beforeAll(async () => {
  t = await createTestContext();
  adminId = (await createUser(t.db, { identifiant: 'admin', habilitations: ['USER', 'ADMIN'] })).id;
  await createUser(t.db, { identifiant: 'membre', habilitations: ['USER', 'LOGE', 'PLANNING'] });
  hiram = await createRoom(t.db, { nom: 'Temple Hiram' });
  adminToken = await t.signIn('admin');
  memberToken = await t.signIn('membre');
});
afterAll(() => t.close());

describe('POST and PUT /api/parametres/salles', () => {
  const room = { nom: 'Salle Voltaire', capacite: 40, couleur: '#2f9e44', tarifHoraire: 2000 };

  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/parametres/salles', payload: room })).statusCode).toBe(
      401,
    );
  });

  it.each([
    [{ ...room, nom: '' }, /nom est obligatoire/],
    [{ ...room, capacite: 0 }, /capacité/],
    [{ ...room, capacite: 2.5 }, /nombre entier/],
    [{ ...room, couleur: 'vert' }, /#RRGGBB/],
    [{ ...room, tarifHoraire: -1 }, /négatif/],
    [{ ...room, nom: 'Temple Hiram' }, /s'appelle déjà « Temple Hiram »/],
  ])('answers 412 for %o', async (payload, message) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/parametres/salles',
      token: adminToken,
      payload,
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(message);
  });

  it('PUT answers 401 without a session, 412 for each invalid field, 403 without ADMIN', async () => {
    const edit = { ...room, nom: 'Temple Hiram', id: hiram.id };
    const put = (payload: unknown, token?: string) =>
      t.call({ method: 'PUT', url: '/api/parametres/salles', token, payload });
    expect((await put(edit)).statusCode).toBe(401);
    for (const [payload, message] of [
      [{ ...edit, id: 'x' }, /id/],
      [{ ...edit, nom: ' ' }, /nom est obligatoire/],
      [{ ...edit, capacite: 0 }, /capacité/],
      [{ ...edit, couleur: 'rouge' }, /#RRGGBB/],
      [{ ...edit, tarifHoraire: -5 }, /négatif/],
      [{ ...edit, active: 'oui' }, /active/],
    ] as const) {
      const response = await put(payload, adminToken);
      expect(response.statusCode, JSON.stringify(payload)).toBe(412);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect((await put(edit, memberToken)).statusCode).toBe(403);
    const [kept] = await t.db.select().from(rooms).where(eq(rooms.id, hiram.id));
    expect(kept).toMatchObject({ nom: 'Temple Hiram', active: true });
  });

  it('answers 403 without ADMIN and 404 for an unknown room', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/parametres/salles', token: memberToken, payload: room }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/parametres/salles',
          token: adminToken,
          payload: { ...room, id: 99999 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates a room, edits and retires it; the public list follows', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/parametres/salles',
      token: adminToken,
      payload: room,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...room, active: true });
    const updated = await t.call({
      method: 'PUT',
      url: '/api/parametres/salles',
      token: adminToken,
      payload: { ...room, id: created.json().id, tarifHoraire: 2500, active: false },
    });
    expect(updated.json()).toMatchObject({ tarifHoraire: 2500, active: false });
    const renameClash = await t.call({
      method: 'PUT',
      url: '/api/parametres/salles',
      token: adminToken,
      payload: { ...room, id: hiram.id },
    });
    expect(renameClash.statusCode).toBe(412);
    const list = (await t.call({ method: 'GET', url: '/api/parametres/salles', token: memberToken })).json();
    expect(list.map((r: { nom: string; active: boolean }) => [r.nom, r.active])).toEqual([
      ['Salle Voltaire', false],
      ['Temple Hiram', true],
    ]);
    // Both changes are in the audit log, with who made them and what changed.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'room'), eq(auditLog.recordId, created.json().id)))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([
      ['room_created', adminId, { nom: 'Salle Voltaire' }],
      ['room_updated', adminId, { nom: 'Salle Voltaire', champs: ['tarifHoraire', 'active'] }],
    ]);
  });
});

describe('GET and PUT /api/parametres/union', () => {
  const settings = {
    identite: {
      raisonSociale: 'Union des Loges et Associations de Lyon',
      adresse: '8 rue Garibaldi\n69006 Lyon',
      siret: '12345678900012',
      rna: 'W691234567',
      email: 'tresorerie@union-lyon.fr',
      telephone: '04 78 00 00 00',
    },
    mentionTva: 'TVA non applicable, art. 293 B du CGI',
    cotisations: { AFM: 3000, DH: 12000, GODF: 12000, GOS: 9000, HG: 6000, UN: 0 },
    reservations: { preavisHeures: 48, horizonMois: 12 },
  };

  it('answers 401, then 403 without ADMIN', async () => {
    expect((await t.call({ method: 'GET', url: '/api/parametres/union' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'PUT', url: '/api/parametres/union', payload: settings })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/parametres/union', token: memberToken })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url: '/api/parametres/union', token: memberToken, payload: settings }))
        .statusCode,
    ).toBe(403);
  });

  it('serves defaults before anything is saved, with the 261-7-1° VAT mention', () =>
    // On a database of its own: « before anything is saved » must hold whatever ran before it here.
    onItsOwnDatabase(async (own) => {
      const { token } = await builders(own).aUser({ habilitations: ['USER', 'ADMIN'] });
      const response = await own.call({ method: 'GET', url: '/api/parametres/union', token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
        cotisations: { AFM: 0, DH: 0, GODF: 0, GOS: 0, HG: 0, UN: 0 },
        reservations: { preavisHeures: 0, horizonMois: 18 },
      });
    }));

  it.each([
    [{ ...settings, identite: { ...settings.identite, siret: '123' } }, /SIRET/],
    [{ ...settings, identite: { ...settings.identite, email: 'x' } }, /e-mail est invalide/],
    [{ ...settings, mentionTva: '' }, /mention de TVA est obligatoire/],
    [{ ...settings, cotisations: { ...settings.cotisations, DH: -5 } }, /négative/],
    [{ ...settings, cotisations: { AFM: 1 } }, /cotisations/],
    [
      { ...settings, reservations: { preavisHeures: -1, horizonMois: 12 } },
      /prévenance ne peut pas être négatif/,
    ],
    [{ ...settings, reservations: { preavisHeures: 0, horizonMois: 48 } }, /ne doit pas dépasser 36 mois/],
  ])('answers 412 for invalid settings %#', async (payload, message) => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/parametres/union',
      token: adminToken,
      payload,
    });
    expect(response.statusCode).toBe(412);
    expect(JSON.stringify(response.json())).toMatch(message);
  });

  it('saves the settings; accounting reads them through unionSettings()', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/parametres/union',
      token: adminToken,
      payload: settings,
    });
    expect(response.statusCode).toBe(200);
    // The bank and reminder settings this PUT leaves out keep their stored values (test/compta-bulk.test.ts).
    expect(response.json()).toMatchObject(settings);
    expect(await unionSettings(t.db)).toMatchObject(settings);
    const again = await t.call({
      method: 'PUT',
      url: '/api/parametres/union',
      token: adminToken,
      payload: { ...settings, identite: { ...settings.identite, siret: '', rna: null, telephone: '' } },
    });
    expect(again.json().identite).toMatchObject({ siret: null, rna: null, telephone: null });
    // A PUT without the booking rules keeps them.
    const { reservations: _rules, ...withoutRules } = settings;
    const third = await t.call({
      method: 'PUT',
      url: '/api/parametres/union',
      token: adminToken,
      payload: withoutRules,
    });
    expect(third.json().reservations).toEqual(settings.reservations);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordType, 'settings'))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([
      ...[1, 2, 3].map(() => [
        'settings_updated',
        adminId,
        {
          mentionTva: settings.mentionTva,
          cotisations: settings.cotisations,
          reservations: settings.reservations,
        },
      ]),
    ]);
  });
});
