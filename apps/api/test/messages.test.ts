/**
 * Broadcast messages (DECISIONS §6) through the API, in the order 401 → 412 → 403 → 404 → success: the
 * portal's messages by audience, window and status, hiding one for oneself, and the optional e-mail.
 */
import { API, pathTo, type Message, type PortalMessage } from '@union/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, users } from '../src/db/schema';
import { fixedClock } from '../src/lib/context';
import { builders, type Builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

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

/**
 * Each test's own people: a secretary who broadcasts (DIFFUSION) and a member of one lodge, and a member
 * of another lodge; `post` and `portal` call as them.
 */
async function aNewsroom() {
  const lodge = await b.aLodgeWithMembers({
    members: [{ habilitations: ['USER', 'DIFFUSION'] }, { habilitations: ['USER'] }],
  });
  const other = await b.aLodgeWithMembers();
  const [secretary, member] = lodge.members;
  const people = { secretary: secretary!, member: member!, other: other.member };
  return {
    lodge: lodge.id,
    otherLodge: other.id,
    ...people,
    post: (body: unknown, who: keyof typeof people = 'secretary') =>
      t.call({ method: 'POST', url: API.messages.message, token: people[who].token, payload: body }),
    portal: async (who: keyof typeof people) =>
      (await t.call({ method: 'GET', url: API.messages.appli, token: people[who].token })).json<
        PortalMessage[]
      >(),
  };
}

beforeAll(async () => {
  // "Today" is 3 March 2026 in Paris.
  t = await createTestContext({}, { clock: fixedClock('2026-03-03T10:00:00Z') });
  b = builders(t);
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
    const { post } = await aNewsroom();
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
    const { post, member } = await aNewsroom();
    expect((await post(input(), 'member')).statusCode).toBe(403);
    for (const call of [
      { method: 'GET', url: API.messages.all },
      { method: 'GET', url: pathTo(API.messages.infos, { id: 1 }) },
      { method: 'PUT', url: API.messages.message, payload: { ...input(), id: 1 } },
      { method: 'DELETE', url: pathTo(API.messages.remove, { id: 1 }) },
    ] as const) {
      expect((await t.call({ ...call, token: member.token })).statusCode).toBe(403);
    }
  });

  it('404 for a message that does not exist', async () => {
    const { secretary } = await aNewsroom();
    for (const call of [
      { method: 'GET', url: pathTo(API.messages.infos, { id: 999_999 }) },
      { method: 'PUT', url: API.messages.message, payload: { ...input(), id: 999_999 } },
      { method: 'DELETE', url: pathTo(API.messages.remove, { id: 999_999 }) },
      { method: 'POST', url: pathTo(API.messages.hide, { id: 999_999 }) },
    ] as const) {
      expect((await t.call({ ...call, token: secretary.token })).statusCode).toBe(404);
    }
  });
});

describe('the portal', () => {
  it('shows the active messages addressed to the user, inside their window, gravest first', async () => {
    const { post, portal, lodge, secretary, member } = await aNewsroom();
    // Only this test broadcasts to everyone (tous): the other tests' messages go to their own lodges.
    const warning = (await post(input())).json<Message>();
    expect(warning.actions).toEqual(['EDIT', 'DEACTIVATE', 'DELETE']);
    const forLodge = (
      await post(input({ titre: 'Tenue de la loge', niveau: 'danger', tous: false, entites: [lodge] }))
    ).json<Message>();
    const later = (await post(input({ titre: 'Plus tard', debut: '2026-04-01', fin: null }))).json<Message>();
    const over = (
      await post(input({ titre: 'Fini', debut: '2026-02-01', fin: '2026-03-02' }))
    ).json<Message>();
    const draft = (await post(input({ titre: 'Brouillon', statut: 'I' }))).json<Message>();
    expect((await portal('member')).map((m) => m.titre)).toEqual(['Tenue de la loge', 'Travaux au temple']);
    expect((await portal('other')).map((m) => m.titre)).toEqual(['Travaux au temple']);
    // The text comes back as written: plain text, its line break kept.
    expect((await portal('other'))[0]!.texte).toBe(input().texte);

    // Deactivated: gone from every portal; activated again: back.
    const off = await t.call({
      method: 'PUT',
      url: API.messages.message,
      token: secretary.token,
      payload: {
        ...input({ titre: 'Tenue de la loge', niveau: 'danger', tous: false, entites: [lodge] }),
        id: forLodge.id,
        statut: 'I',
      },
    });
    expect(off.json<Message>()).toMatchObject({ statut: 'I', actions: ['EDIT', 'ACTIVATE', 'DELETE'] });
    expect((await portal('member')).map((m) => m.titre)).toEqual(['Travaux au temple']);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'MESSAGE_DEACTIVATE'), eq(auditLog.recordId, forLodge.id)));
    expect(entries).toHaveLength(1);

    // Hiding is for oneself only; a message not shown to the caller cannot be hidden.
    const hide = async (id: number) =>
      (await t.call({ method: 'POST', url: pathTo(API.messages.hide, { id }), token: member.token }))
        .statusCode;
    expect(await hide(forLodge.id)).toBe(404);
    expect(await hide(warning.id)).toBe(204);
    expect(await portal('member')).toEqual([]);
    expect((await portal('other')).map((m) => m.id)).toEqual([warning.id]);

    // Deleted: gone.
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: pathTo(API.messages.remove, { id: warning.id }),
          token: secretary.token,
        })
      ).statusCode,
    ).toBe(204);
    expect(await portal('other')).toEqual([]);
    const all = (await t.call({ method: 'GET', url: API.messages.all, token: secretary.token })).json<
      Message[]
    >();
    const mine = new Set([warning.id, forLodge.id, later.id, over.id, draft.id]);
    expect(
      all
        .filter((m) => mine.has(m.id))
        .map((m) => m.titre)
        .sort(),
    ).toEqual(['Brouillon', 'Fini', 'Plus tard', 'Tenue de la loge']);
  });

  it('a message marked for e-mail is queued once for its audience', async () => {
    const { post, secretary, other, otherLodge } = await aNewsroom();
    const titre = `Assemblée générale ${b.unique()}`;
    const body = input({ titre, tous: false, entites: [otherLodge], email: true });
    const created = (await post(body)).json<Message>();
    expect(created.envoyeLe).not.toBeNull();
    const queued = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.sujet, `[Avertissement] ${titre}`));
    expect((await queued()).map((e) => e.destinataire)).toEqual([other.email]);
    // Saved again, still marked: not sent a second time.
    const saved = await t.call({
      method: 'PUT',
      url: API.messages.message,
      token: secretary.token,
      payload: { ...body, id: created.id },
    });
    expect(saved.statusCode).toBe(200);
    expect(await queued()).toHaveLength(1);
  });

  it("counts the recipients before sending, from the query that sends, and follows each one's choice", async () => {
    const { post, secretary, member, other, otherLodge } = await aNewsroom();
    const audience = (body: unknown, token = secretary.token) =>
      t.call({ method: 'POST', url: API.messages.recipients, token, payload: body });
    expect((await audience({ tous: false, entites: [otherLodge] }, member.token)).statusCode).toBe(403);
    expect((await audience({ tous: 'oui' })).statusCode).toBe(412);
    const before = (await audience({ tous: false, entites: [otherLodge] })).json<{ nombre: number }>().nombre;
    expect(before).toBeGreaterThanOrEqual(1);
    // The other lodge's member turns the messages e-mails off: not counted, not sent.
    await t.db.update(users).set({ notificationMessages: false }).where(eq(users.id, other.id));
    expect((await audience({ tous: false, entites: [otherLodge] })).json()).toEqual({ nombre: before - 1 });
    const titre = `Fermeture ${b.unique()}`;
    const created = (
      await post(input({ titre, tous: false, entites: [otherLodge], email: true }))
    ).json<Message>();
    expect(created.emailsEnFile).toBe(before - 1);
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.sujet, `[Avertissement] ${titre}`));
    expect(queued).toHaveLength(before - 1);
    expect(queued.map((e) => e.destinataire)).not.toContain(other.email);
    await t.db.update(users).set({ notificationMessages: true }).where(eq(users.id, other.id));
  });

  it('carries a one-click List-Unsubscribe that turns the messages e-mails off, and only those', async () => {
    const { post, other, otherLodge } = await aNewsroom();
    await t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, other.id));
    const titre = `Travaux ${b.unique()}`;
    expect((await post(input({ titre, tous: false, entites: [otherLodge], email: true }))).statusCode).toBe(
      201,
    );
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.sujet, `[Avertissement] ${titre}`), eq(emailOutbox.destinataire, other.email)),
      );
    const headers = mail!.entetes as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<https?:\/\/[^/]+(\/api\/public\/desinscription-documents\?jeton=m[^>]+)>$/.exec(
      headers['List-Unsubscribe']!,
    );
    expect(oneClick).not.toBeNull();
    expect(mail!.texte).toContain('/desinscription?jeton=m');
    const done = await t.call({ method: 'POST', url: oneClick![1]!, noXsrf: true });
    expect(done.statusCode, done.body).toBe(204);
    const [after] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(after).toMatchObject({ notificationMessages: false, notificationDocuments: true });
  });
});
