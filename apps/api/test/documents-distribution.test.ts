/**
 * Distributing a document by e-mail, against a real SMTP server on 127.0.0.1: one message per audience
 * member whose documents notification is on, a link that needs sign-in (never the file), List-Unsubscribe,
 * the counts the publisher sees, a second distribution reaching only newcomers, and a cancellation midway
 * that stops what is not sent yet.
 */
import {
  API,
  pathTo,
  type DistributionResult,
  type DocumentDetail,
  type Habilitation,
} from '@union/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDistributions, emailOutbox, users } from '../src/db/schema';
import { builders, named, type Builders, type MemberFields, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { smtpInbox, type Inbox } from './smtp-inbox';

let t: TestContext;
let b: Builders;
/** The SMTP server; a test slows its acceptance of each message with `inbox.delayMs`. */
let inbox: Inbox;

const READS: Habilitation[] = ['USER', 'DOCUMENTS_LECTURE'];

const soon = () => new Date(Date.now() + 1000);

/**
 * Each test's own lodge and audience: its venerable (gestion) who publishes and distributes, a member
 * who only reads, eight readers of the lodge with the notification on, one with it off, one without the
 * right to read, one former member, one of another lodge. All but the silent one have the notification on.
 * `publish`, `distribute`, `cancel` and `infos` act on this lodge's documents, as the venerable by default.
 */
async function aLodgeWithAudience() {
  const n = b.unique();
  const role = (name: string, habilitations = READS, over: Partial<MemberFields> = {}): MemberFields => ({
    ...named(`${name}-${n}`, habilitations),
    ...over,
  });
  const lodge = await b.aLodgeWithMembers({
    nom: `Les Chevaliers du Rhône ${n}`,
    managers: [role('venerable')],
    members: [
      role('membre'),
      ...Array.from({ length: 8 }, (_, i) => role(`lecteur${i + 1}`)),
      role('silencieux'),
      role('sansdroit', ['USER']),
      role('ancien', READS, { debut: '2000-01-01', fin: '2010-01-01' }),
    ],
  });
  const other = await b.aLodgeWithMembers({ members: [role('voisin')] });
  const venerable = lodge.manager;
  const [membre, ...rest] = lodge.members;
  const readers = rest.slice(0, 8);
  const [silent, noRight, former] = rest.slice(8);
  const outsider = other.member;
  await t.db
    .update(users)
    .set({ notificationDocuments: true })
    .where(
      inArray(
        users.id,
        [...readers, noRight!, former!, outsider, venerable, membre!].map((p) => p.id),
      ),
    );
  const call = (method: 'POST' | 'DELETE' | 'GET', id: number, who: Person) =>
    t.call({ method, url: pathTo(API.documents.distribution, { id }), token: who.token });
  return {
    lodge,
    venerable,
    membre: membre!,
    readers,
    silent: silent!,
    /** Those a distribution reaches: the venerable, membre and the eight readers. */
    audience: [venerable, membre!, ...readers],
    async publish(titre: string): Promise<number> {
      const document = await b.aDocument({
        by: venerable,
        entity: lodge.id,
        titre,
        date: '2026-03-03',
        fileName: 'convocation.pdf',
        text: `${titre} : ordre du jour confidentiel`,
      });
      return document.id;
    },
    distribute: (id: number, who: Person = venerable, method: 'POST' | 'GET' = 'POST') =>
      call(method, id, who),
    cancel: (id: number, who: Person = venerable) => call('DELETE', id, who),
    infos: async (id: number, who: Person = venerable) =>
      (
        await t.call({ method: 'GET', url: pathTo(API.documents.infos, { id }), token: who.token })
      ).json<DocumentDetail>(),
  };
}

/**
 * Sends what the other tests left in the outbox (a distribution never flushed, a remainder distributed
 * again), then forgets what the SMTP server received: the passes and the messages this test counts
 * afterwards are its own.
 */
async function drainOutbox() {
  let sent: number;
  do sent = await t.app.mailWorker!.flush(soon());
  while (sent > 0);
  inbox.received.length = 0;
}

beforeAll(async () => {
  inbox = await smtpInbox();
  t = await createTestContext({
    SMTP_URL: inbox.url,
    MAIL_POLL_MS: '3600000',
    PUBLIC_URL: 'https://intranet.exemple.fr',
  });
  b = builders(t);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('distribution by e-mail', () => {
  it('412: nothing to cancel before a distribution; 403 for a reader', async () => {
    const { membre, publish, distribute, cancel } = await aLodgeWithAudience();
    const id = await publish('Tenue de mars');
    expect((await cancel(id)).json()).toMatchObject({ status: 412 });
    expect((await distribute(id, membre)).statusCode).toBe(403);
    expect((await cancel(id, membre)).statusCode).toBe(403);
  });

  it('one e-mail per reader of the audience with the notification on, sent through SMTP', async () => {
    const { lodge, membre, readers, audience, publish, distribute, cancel, infos } =
      await aLodgeWithAudience();
    const id = await publish('Tenue d’avril');
    await drainOutbox();
    // Issue 21: counted before, by the query that sends; a reader may not ask.
    const preview = (who?: Parameters<typeof distribute>[1]) => distribute(id, who, 'GET');
    expect((await preview()).json()).toEqual({ nombre: 10 });
    expect((await preview(membre)).statusCode).toBe(403);
    const response = await distribute(id);
    expect(response.statusCode).toBe(200);
    // The venerable, membre and the eight readers: not the silent one, not the one without the right,
    // not the former member, not the other lodge's member.
    expect(response.json<DistributionResult>()).toEqual({
      diffusion: 'D',
      nombre: 10,
      compteurs: { envoyes: 0, enAttente: 10, echecs: 0, annules: 0 },
    });
    expect((await preview()).json()).toEqual({ nombre: 0 });
    expect(await t.app.mailWorker!.flush(soon())).toBe(10);
    expect(inbox.received.map((r) => r.to[0]).sort()).toEqual(audience.map((p) => p.email).sort());
    const lecteur1 = readers[0]!;
    const mail = inbox.received.find((r) => r.to[0] === lecteur1.email)!.raw;
    expect(mail).toContain(`https://intranet.exemple.fr/app/doc/${id}`);
    // Long headers are folded (a line break then a space): unfold before reading them.
    expect(mail.replace(/\r\n[ \t]+/g, ' ')).toMatch(
      /List-Unsubscribe: <https:\/\/intranet\.exemple\.fr\/api\/public\/desinscription-documents\?jeton=\d+\.[\w-]+>/,
    );
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The link, never the file: no attachment, no word of the PDF.
    expect(mail).not.toContain('confidentiel');
    expect(mail).not.toMatch(/Content-Disposition: attachment/i);

    const asPublisher = await infos(id);
    expect(asPublisher.compteurs).toEqual({
      envoyes: 10,
      enAttente: 0,
      echecs: 0,
      annules: 0,
    });
    // Everything went: nothing left to cancel, and the screen is not offered the button.
    expect(asPublisher.actions).not.toContain('CANCEL_DISTRIBUTION');
    expect((await cancel(id)).json()).toMatchObject({ status: 412, error: 'distribution_already_sent' });
    // A reader sees no counts.
    expect((await infos(id, membre)).compteurs).toBeNull();

    // The unsubscribe link of the e-mail turns the notification off.
    const link = /jeton=([\w.-]+)/.exec(mail)![1]!;
    const off = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${link}`,
      noXsrf: true,
    });
    expect(off.statusCode).toBe(204);
    const [after] = await t.db.select().from(users).where(eq(users.id, lecteur1.id));
    expect(after!.notificationDocuments).toBe(false);

    // Distributing again reaches only those not reached yet: nobody new.
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(0);
    const newcomer = await b.aMember(lodge.id, { habilitations: READS });
    await t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, newcomer.id));
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(1);
  });

  it('a cancellation midway stops what is not sent yet; what went stays counted as sent', async () => {
    const { publish, distribute, cancel, infos } = await aLodgeWithAudience();
    const id = await publish('Tenue de mai');
    await drainOutbox();
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(10);
    inbox.delayMs = 150;
    const flushing = t.app.mailWorker!.flush(soon());
    // Wait until some, not all, have been accepted by the SMTP server, then cancel.
    while (inbox.received.length < 2) await new Promise((r) => setTimeout(r, 20));
    const cancelled = await cancel(id);
    expect(cancelled.statusCode).toBe(200);
    const sentCount = await flushing.finally(() => (inbox.delayMs = 0));
    const result = cancelled.json<DistributionResult>();
    expect(result.diffusion).toBe('A');
    expect(result.nombre).toBeGreaterThan(0);
    expect(sentCount).toBeLessThan(10);
    expect(inbox.received.length).toBe(sentCount);
    // What the SMTP server received is exactly what the counts say was sent; the rest is cancelled.
    const counts = (await infos(id)).compteurs!;
    const ofThisDocument = inbox.received.filter((r) => r.raw.includes(`/app/doc/${id}\r\n`));
    expect(counts.envoyes).toBe(ofThisDocument.length);
    expect(counts.envoyes + counts.annules).toBe(10);
    expect(counts.enAttente).toBe(0);
    // A later pass sends nothing of it.
    expect(await t.app.mailWorker!.flush(soon())).toBe(0);
    const rows = await t.db
      .select({ statut: emailOutbox.statut })
      .from(documentDistributions)
      .innerJoin(emailOutbox, eq(emailOutbox.id, documentDistributions.emailId))
      .where(eq(documentDistributions.documentId, id));
    expect(rows.filter((r) => r.statut === 'A').length).toBe(counts.annules);
    // The one message being handed to the SMTP server at that instant may still go (counted as sent).
    expect(result.nombre - counts.annules).toBeGreaterThanOrEqual(0);
    expect(result.nombre - counts.annules).toBeLessThanOrEqual(1);

    // Distributing again sends the cancelled remainder only, never twice to one person.
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(10 - counts.envoyes);
  });

  it('deleting a document cancels its pending e-mails', async () => {
    const { venerable, publish, distribute } = await aLodgeWithAudience();
    const id = await publish('Tenue de juin');
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(10);
    const emailIds = (
      await t.db.select().from(documentDistributions).where(eq(documentDistributions.documentId, id))
    ).map((r) => r.emailId);
    expect(emailIds).toHaveLength(10);
    expect(
      (await t.call({ method: 'DELETE', url: pathTo(API.documents.remove, { id }), token: venerable.token }))
        .statusCode,
    ).toBe(204);
    const statuses = await t.db
      .select({ statut: emailOutbox.statut })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, emailIds));
    expect(statuses.map((s) => s.statut)).toEqual(Array.from({ length: 10 }, () => 'A'));
  });
});
