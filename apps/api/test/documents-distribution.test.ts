/**
 * Distributing a document by e-mail, against a real SMTP server on 127.0.0.1: one message per audience
 * member whose documents notification is on, a link that needs sign-in (never the file), List-Unsubscribe,
 * the counts the publisher sees, a second distribution reaching only newcomers, and a cancellation midway
 * that stops what is not sent yet.
 */
import type { AddressInfo } from 'node:net';
import { API, pathTo, type DistributionResult, type DocumentDetail } from '@union/contract';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDistributions, emailOutbox, users } from '../src/db/schema';
import { builders } from './builders';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

interface Received {
  to: string[];
  raw: string;
}

let t: TestContext;
let smtp: SMTPServer;
const received: Received[] = [];
/** Milliseconds the SMTP server takes to accept each message. */
let delayMs = 0;
let lodge: number;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

const soon = () => new Date(Date.now() + 1000);

async function publish(titre: string): Promise<number> {
  const document = await builders(t).aDocument({
    by: { token: tokens.venerable! },
    entity: lodge,
    titre,
    date: '2026-03-03',
    fileName: 'convocation.pdf',
    text: `${titre} : ordre du jour confidentiel`,
  });
  return document.id;
}

const distribute = (id: number, who = 'venerable') =>
  t.call({ method: 'POST', url: pathTo(API.documents.distribution, { id }), token: tokens[who] });
const cancel = (id: number, who = 'venerable') =>
  t.call({ method: 'DELETE', url: pathTo(API.documents.distribution, { id }), token: tokens[who] });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    MAIL_POLL_MS: '3600000',
    PUBLIC_URL: 'https://intranet.exemple.fr',
  });
  lodge = (await createEntity(t.db, { code: 'LCR', nom: 'Les Chevaliers du Rhône' })).id;
  const other = (await createEntity(t.db, { code: 'TP' })).id;
  const venerable = await createUser(t.db, {
    identifiant: 'venerable',
    habilitations: ['USER', 'DOCUMENTS_LECTURE'],
  });
  await addMembership(t.db, { userId: venerable.id, entityId: lodge, gestion: true });
  tokens.venerable = await t.signIn('venerable');
  const membre = await createUser(t.db, {
    identifiant: 'membre',
    habilitations: ['USER', 'DOCUMENTS_LECTURE'],
  });
  await addMembership(t.db, { userId: membre.id, entityId: lodge });
  tokens.membre = await t.signIn('membre');
  // Eight readers of the lodge with the notification on, one with it off, one without the right to read,
  // one former member, one of another lodge.
  for (let i = 1; i <= 8; i++) {
    const u = await createUser(t.db, {
      identifiant: `lecteur${i}`,
      habilitations: ['USER', 'DOCUMENTS_LECTURE'],
    });
    await addMembership(t.db, { userId: u.id, entityId: lodge });
    userIds[`lecteur${i}`] = u.id;
  }
  const off = await createUser(t.db, {
    identifiant: 'silencieux',
    habilitations: ['USER', 'DOCUMENTS_LECTURE'],
  });
  await addMembership(t.db, { userId: off.id, entityId: lodge });
  const noRight = await createUser(t.db, { identifiant: 'sansdroit', habilitations: ['USER'] });
  await addMembership(t.db, { userId: noRight.id, entityId: lodge });
  const former = await createUser(t.db, {
    identifiant: 'ancien',
    habilitations: ['USER', 'DOCUMENTS_LECTURE'],
  });
  await addMembership(t.db, { userId: former.id, entityId: lodge, debut: '2000-01-01', fin: '2010-01-01' });
  const outsider = await createUser(t.db, {
    identifiant: 'voisin',
    habilitations: ['USER', 'DOCUMENTS_LECTURE'],
  });
  await addMembership(t.db, { userId: outsider.id, entityId: other });
  await t.db
    .update(users)
    .set({ notificationDocuments: true })
    .where(
      inArray(
        users.id,
        [...Object.values(userIds), noRight.id, former.id, outsider.id, venerable.id, membre.id].map(Number),
      ),
    );
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('distribution by e-mail', () => {
  it('412: nothing to cancel before a distribution; 403 for a reader', async () => {
    const id = await publish('Tenue de mars');
    expect((await cancel(id)).json()).toMatchObject({ status: 412 });
    expect((await distribute(id, 'membre')).statusCode).toBe(403);
    expect((await cancel(id, 'membre')).statusCode).toBe(403);
  });

  it('one e-mail per reader of the audience with the notification on, sent through SMTP', async () => {
    const id = await publish('Tenue d’avril');
    const response = await distribute(id);
    expect(response.statusCode).toBe(200);
    // The venerable, membre and the eight readers: not the silent one, not the one without the right,
    // not the former member, not the other lodge's member.
    expect(response.json<DistributionResult>()).toEqual({
      diffusion: 'D',
      nombre: 10,
      compteurs: { envoyes: 0, enAttente: 10, echecs: 0, annules: 0 },
    });
    received.length = 0;
    expect(await t.app.mailWorker!.flush(soon())).toBe(10);
    expect(received.map((r) => r.to[0]).sort()).toEqual(
      ['membre', 'venerable', ...Array.from({ length: 8 }, (_, i) => `lecteur${i + 1}`)]
        .map((n) => `${n}@exemple.fr`)
        .sort(),
    );
    const mail = received.find((r) => r.to[0] === 'lecteur1@exemple.fr')!.raw;
    expect(mail).toContain(`https://intranet.exemple.fr/app/doc/${id}`);
    // Long headers are folded (a line break then a space): unfold before reading them.
    expect(mail.replace(/\r\n[ \t]+/g, ' ')).toMatch(
      /List-Unsubscribe: <https:\/\/intranet\.exemple\.fr\/api\/public\/desinscription-documents\?jeton=\d+\.[\w-]+>/,
    );
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The link, never the file: no attachment, no word of the PDF.
    expect(mail).not.toContain('confidentiel');
    expect(mail).not.toMatch(/Content-Disposition: attachment/i);

    const infos = await t.call({
      method: 'GET',
      url: pathTo(API.documents.infos, { id }),
      token: tokens.venerable,
    });
    expect(infos.json<DocumentDetail>().compteurs).toEqual({
      envoyes: 10,
      enAttente: 0,
      echecs: 0,
      annules: 0,
    });
    // Everything went: nothing left to cancel, and the screen is not offered the button.
    expect(infos.json<DocumentDetail>().actions).not.toContain('CANCEL_DISTRIBUTION');
    expect((await cancel(id)).json()).toMatchObject({ status: 412, error: 'distribution_already_sent' });
    // A reader sees no counts.
    const asReader = await t.call({
      method: 'GET',
      url: pathTo(API.documents.infos, { id }),
      token: tokens.membre,
    });
    expect(asReader.json<DocumentDetail>().compteurs).toBeNull();

    // The unsubscribe link of the e-mail turns the notification off.
    const link = /jeton=([\w.-]+)/.exec(mail)![1]!;
    const off = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${link}`,
      noXsrf: true,
    });
    expect(off.statusCode).toBe(204);
    const [after] = await t.db.select().from(users).where(eq(users.id, userIds.lecteur1!));
    expect(after!.notificationDocuments).toBe(false);

    // Distributing again reaches only those not reached yet: nobody new.
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(0);
    const newcomer = await createUser(t.db, {
      identifiant: 'nouveau',
      habilitations: ['USER', 'DOCUMENTS_LECTURE'],
    });
    await addMembership(t.db, { userId: newcomer.id, entityId: lodge });
    await t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, newcomer.id));
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(1);
  });

  it('a cancellation midway stops what is not sent yet; what went stays counted as sent', async () => {
    const id = await publish('Tenue de mai');
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(10);
    received.length = 0;
    delayMs = 150;
    const flushing = t.app.mailWorker!.flush(soon());
    // Wait until some, not all, have been accepted by the SMTP server, then cancel.
    while (received.length < 2) await new Promise((r) => setTimeout(r, 20));
    const cancelled = await cancel(id);
    expect(cancelled.statusCode).toBe(200);
    const sentCount = await flushing;
    delayMs = 0;
    const result = cancelled.json<DistributionResult>();
    expect(result.diffusion).toBe('A');
    expect(result.nombre).toBeGreaterThan(0);
    expect(sentCount).toBeLessThan(10);
    expect(received.length).toBe(sentCount);
    // What the SMTP server received is exactly what the counts say was sent; the rest is cancelled.
    const infos = (
      await t.call({ method: 'GET', url: pathTo(API.documents.infos, { id }), token: tokens.venerable })
    ).json<DocumentDetail>();
    const ofThisDocument = received.filter((r) => r.raw.includes(`/app/doc/${id}\r\n`));
    expect(infos.compteurs!.envoyes).toBe(ofThisDocument.length);
    expect(infos.compteurs!.envoyes + infos.compteurs!.annules).toBe(10);
    expect(infos.compteurs!.enAttente).toBe(0);
    // A later pass sends nothing of it.
    expect(await t.app.mailWorker!.flush(soon())).toBe(0);
    const rows = await t.db
      .select({ statut: emailOutbox.statut })
      .from(documentDistributions)
      .innerJoin(emailOutbox, eq(emailOutbox.id, documentDistributions.emailId))
      .where(eq(documentDistributions.documentId, id));
    expect(rows.filter((r) => r.statut === 'A').length).toBe(infos.compteurs!.annules);
    // The one message being handed to the SMTP server at that instant may still go (counted as sent).
    expect(result.nombre - infos.compteurs!.annules).toBeGreaterThanOrEqual(0);
    expect(result.nombre - infos.compteurs!.annules).toBeLessThanOrEqual(1);

    // Distributing again sends the cancelled remainder only, never twice to one person.
    expect((await distribute(id)).json<DistributionResult>().nombre).toBe(10 - infos.compteurs!.envoyes);
  });

  it('deleting a document cancels its pending e-mails', async () => {
    const id = await publish('Tenue de juin');
    await distribute(id);
    const emailIds = (
      await t.db.select().from(documentDistributions).where(eq(documentDistributions.documentId, id))
    ).map((r) => r.emailId);
    expect(
      (await t.call({ method: 'DELETE', url: pathTo(API.documents.remove, { id }), token: tokens.venerable }))
        .statusCode,
    ).toBe(204);
    const statuses = await t.db
      .select({ statut: emailOutbox.statut })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, emailIds));
    expect(statuses.every((s) => s.statut === 'A')).toBe(true);
  });
});
