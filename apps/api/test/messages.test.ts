/**
 * Broadcast messages (DECISIONS §6) through the API, in the order 401 → 412 → 403 → 404 → success: the
 * portal's messages by audience, window and status, hiding one for oneself, and the optional e-mail.
 */
import { API, pathTo, type Message, type PortalMessage } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../src/db/schema';
import { fixedClock } from '../src/lib/context';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let lodge: number;
let otherLodge: number;
const tokens: Record<string, string> = {};

const input = (over: Record<string, unknown> = {}) => ({
  titre: 'Travaux au temple',
  texte: 'Le temple Hiram est fermé.\nInfos : https://exemple.fr/travaux.',
  niveau: 'warning',
  debut: '2026-03-01',
  fin: '2026-03-31',
  tous: true,
  entites: [],
  statut: 'A',
  ...over,
});

const post = (body: unknown, who = 'secretariat') =>
  t.call({ method: 'POST', url: API.messages.message, token: tokens[who], payload: body });
const portal = async (who: string) =>
  (await t.call({ method: 'GET', url: API.messages.appli, token: tokens[who] })).json<PortalMessage[]>();

beforeAll(async () => {
  // "Today" is 3 March 2026 in Paris.
  t = await createTestContext({}, { clock: fixedClock('2026-03-03T10:00:00Z') });
  lodge = (await createEntity(t.db, { code: 'LCR' })).id;
  otherLodge = (await createEntity(t.db, { code: 'TP' })).id;
  const people: [string, Parameters<typeof createUser>[1]['habilitations'], number][] = [
    ['secretariat', ['USER', 'DIFFUSION'], lodge],
    ['membre', ['USER'], lodge],
    ['autre', ['USER'], otherLodge],
  ];
  for (const [identifiant, habilitations, entityId] of people) {
    const user = await createUser(t.db, { identifiant, habilitations });
    await addMembership(t.db, { userId: user.id, entityId });
    tokens[identifiant] = await t.signIn(identifiant);
  }
});
afterAll(() => t.close());

describe('401', () => {
  it.each([
    ['GET', API.messages.appli],
    ['GET', API.messages.all],
    ['GET', pathTo(API.messages.infos, { id: 1 })],
    ['POST', API.messages.message],
    ['PUT', API.messages.message],
    ['DELETE', pathTo(API.messages.remove, { id: 1 })],
    ['POST', pathTo(API.messages.hide, { id: 1 })],
  ] as const)('%s %s', async (method, url) => {
    expect((await t.call({ method, url })).statusCode).toBe(401);
  });
});

describe('writing messages', () => {
  it('412: no title, a level unknown, an end before the start, no entity for a chosen audience', async () => {
    expect((await post(input({ titre: '' }))).json().message).toContain('Titre');
    expect((await post(input({ niveau: 'rouge' }))).statusCode).toBe(412);
    expect((await post(input({ fin: '2026-02-01' }))).json().message).toContain('Fin');
    expect((await post(input({ tous: false, entites: [] }))).json().message).toContain('Destinataires');
    // A month 13 is no date: a 412 naming the field, not the 500 it once was.
    const impossible = await post(input({ debut: '2026-13-45' }));
    expect(impossible.statusCode).toBe(412);
    expect(impossible.json().message).toMatch(/n'existe pas/);
    expect((await post(input({ tous: false, entites: [999_999] }))).json()).toMatchObject({
      status: 412,
      error: 'message_entity',
    });
  });

  it('403 without DIFFUSION, on every writing call', async () => {
    expect((await post(input(), 'membre')).statusCode).toBe(403);
    for (const call of [
      { method: 'GET', url: API.messages.all },
      { method: 'GET', url: pathTo(API.messages.infos, { id: 1 }) },
      { method: 'PUT', url: API.messages.message, payload: { ...input(), id: 1 } },
      { method: 'DELETE', url: pathTo(API.messages.remove, { id: 1 }) },
    ] as const) {
      expect((await t.call({ ...call, token: tokens.membre })).statusCode).toBe(403);
    }
  });

  it('404 for a message that does not exist', async () => {
    for (const call of [
      { method: 'GET', url: pathTo(API.messages.infos, { id: 999_999 }) },
      { method: 'PUT', url: API.messages.message, payload: { ...input(), id: 999_999 } },
      { method: 'DELETE', url: pathTo(API.messages.remove, { id: 999_999 }) },
      { method: 'POST', url: pathTo(API.messages.hide, { id: 999_999 }) },
    ] as const) {
      expect((await t.call({ ...call, token: tokens.secretariat })).statusCode).toBe(404);
    }
  });
});

describe('the portal', () => {
  it('shows the active messages addressed to the user, inside their window, gravest first', async () => {
    const warning = (await post(input())).json<Message>();
    expect(warning.actions).toEqual(['EDIT', 'DEACTIVATE', 'DELETE']);
    const forLodge = (
      await post(input({ titre: 'Tenue de la loge', niveau: 'danger', tous: false, entites: [lodge] }))
    ).json<Message>();
    await post(input({ titre: 'Plus tard', debut: '2026-04-01', fin: null }));
    await post(input({ titre: 'Fini', debut: '2026-02-01', fin: '2026-03-02' }));
    await post(input({ titre: 'Brouillon', statut: 'I' }));
    expect((await portal('membre')).map((m) => m.titre)).toEqual(['Tenue de la loge', 'Travaux au temple']);
    expect((await portal('autre')).map((m) => m.titre)).toEqual(['Travaux au temple']);
    // The text comes back as written: plain text, its line break kept.
    expect((await portal('autre'))[0]!.texte).toBe(input().texte);

    // Deactivated: gone from every portal; activated again: back.
    const off = await t.call({
      method: 'PUT',
      url: API.messages.message,
      token: tokens.secretariat,
      payload: {
        ...input({ titre: 'Tenue de la loge', niveau: 'danger', tous: false, entites: [lodge] }),
        id: forLodge.id,
        statut: 'I',
      },
    });
    expect(off.json<Message>()).toMatchObject({ statut: 'I', actions: ['EDIT', 'ACTIVATE', 'DELETE'] });
    expect((await portal('membre')).map((m) => m.titre)).toEqual(['Travaux au temple']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'MESSAGE_DEACTIVATE'));
    expect(entry!.recordId).toBe(forLodge.id);

    // Hiding is for oneself only; a message not shown to the caller cannot be hidden.
    expect(
      (
        await t.call({
          method: 'POST',
          url: pathTo(API.messages.hide, { id: forLodge.id }),
          token: tokens.membre,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: pathTo(API.messages.hide, { id: warning.id }),
          token: tokens.membre,
        })
      ).statusCode,
    ).toBe(204);
    expect(await portal('membre')).toEqual([]);
    expect((await portal('autre')).map((m) => m.id)).toEqual([warning.id]);

    // Deleted: gone.
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: pathTo(API.messages.remove, { id: warning.id }),
          token: tokens.secretariat,
        })
      ).statusCode,
    ).toBe(204);
    expect(await portal('autre')).toEqual([]);
    const all = (await t.call({ method: 'GET', url: API.messages.all, token: tokens.secretariat })).json<
      Message[]
    >();
    expect(all.map((m) => m.titre).sort()).toEqual(['Brouillon', 'Fini', 'Plus tard', 'Tenue de la loge']);
  });

  it('a message marked for e-mail is queued once for its audience', async () => {
    const created = (
      await post(input({ titre: 'Assemblée générale', tous: false, entites: [otherLodge], email: true }))
    ).json<Message>();
    expect(created.envoyeLe).not.toBeNull();
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.sujet, '[Avertissement] Assemblée générale'));
    expect(queued.map((e) => e.destinataire)).toEqual(['autre@exemple.fr']);
    await t.call({
      method: 'PUT',
      url: API.messages.message,
      token: tokens.secretariat,
      payload: {
        ...input({ titre: 'Assemblée générale', tous: false, entites: [otherLodge], email: true }),
        id: created.id,
      },
    });
    const again = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.sujet, '[Avertissement] Assemblée générale'));
    expect(again.length).toBe(1);
  });
});
