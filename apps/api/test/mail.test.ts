/** The outbox worker against a real SMTP server on 127.0.0.1: delivery, retries, final failure. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { mailRepository } from '../src/modules/mail/repository';
import { RETRY_DELAYS_MS, startMailWorker } from '../src/modules/mail/worker';
import { createTestContext, createUser, type TestContext } from './helpers';
import { smtpInbox, type Inbox } from './smtp-inbox';

let t: TestContext;
/** The SMTP server: a test may slow it (`delayMs`), have it refuse (`refuse`), or wait for a message. */
let inbox: Inbox;

/**
 * A moment safely after the rows just written: their default `prochain_essai` is the database's now(),
 * in microseconds, which a JavaScript Date of the same millisecond would still precede.
 */
const soon = () => new Date(Date.now() + 1000);

beforeAll(async () => {
  inbox = await smtpInbox();
  // A long poll period: the test drives the worker with flush() so nothing races it.
  t = await createTestContext({
    SMTP_URL: inbox.url,
    MAIL_POLL_MS: '3600000',
  });
});
afterEach(() => {
  inbox.refuse = false;
  inbox.delayMs = 0;
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('the outbox worker', () => {
  it('sends a pending e-mail through SMTP and marks it sent', async () => {
    await mailRepository.enqueue(
      t.db,
      {
        destinataire: 'vm@exemple.fr',
        sujet: 'Tenue du 3 mars',
        texte: 'Bonjour, à bientôt.',
      },
      t.clock.now(),
    );
    expect(await t.app.mailWorker!.flush(soon())).toBe(1);
    expect(inbox.received.at(-1)!.to).toEqual(['vm@exemple.fr']);
    expect(inbox.received.at(-1)!.raw).toContain('Subject: Tenue du 3 mars');
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, 'vm@exemple.fr'));
    expect(row).toMatchObject({ statut: 'E', erreur: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Sent once only: a second pass finds nothing.
    expect(await t.app.mailWorker!.flush(soon())).toBe(0);
  });

  it('retries with growing delays, then marks the e-mail failed', async () => {
    inbox.refuse = true;
    await mailRepository.enqueue(
      t.db,
      { destinataire: 'plein@exemple.fr', sujet: 'Essai', texte: 'Texte' },
      t.clock.now(),
    );
    let now = soon();
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      await t.app.mailWorker!.flush(now);
      const [row] = await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.destinataire, 'plein@exemple.fr'));
      expect(row).toMatchObject({ statut: 'P', tentatives: attempt });
      expect(row!.erreur).toMatch(/boîte pleine/);
      expect(row!.prochainEssai.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[attempt - 1]!);
      // Not due yet: nothing is tried before the delay.
      expect(await t.app.mailWorker!.flush(new Date(row!.prochainEssai.getTime() - 1000))).toBe(0);
      now = row!.prochainEssai;
    }
    await t.app.mailWorker!.flush(now);
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.destinataire, 'plein@exemple.fr'));
    expect(row).toMatchObject({ statut: 'X', tentatives: RETRY_DELAYS_MS.length + 1 });
  });

  it('delivers the password-reset link requested through the API, and nothing for an unknown address', async () => {
    await createUser(t.db, { identifiant: 'hugo', email: 'hugo@exemple.fr' });
    await t.call({ method: 'PATCH', url: '/api/user/password', payload: { data: 'inconnu@exemple.fr' } });
    await t.call({ method: 'PATCH', url: '/api/user/password', payload: { data: 'hugo@exemple.fr' } });
    await t.app.background.idle();
    expect(await t.app.mailWorker!.flush(soon())).toBe(1);
    const mail = inbox.received.at(-1)!;
    expect(mail.to).toEqual(['hugo@exemple.fr']);
    // Undo quoted-printable soft line breaks before looking for the link.
    expect(mail.raw.replace(/=\r\n/g, '')).toContain('http://localhost:8080/reinitialiser-mdp?jeton=');
  });
});

it('stops only once the message being sent is marked sent, so a restart never sends it twice', async () => {
  inbox.delayMs = 500;
  await mailRepository.enqueue(
    t.db,
    {
      destinataire: 'arret@exemple.fr',
      sujet: 'Arrêt',
      texte: 'Au revoir.',
    },
    t.clock.now(),
  );
  const worker = startMailWorker({
    db: t.db,
    smtpUrl: inbox.url,
    from: 'test@exemple.fr',
    pollMs: 3_600_000,
    log: t.app.log,
  });
  const sending = inbox.nextMessage();
  const pass = worker.flush(soon());
  await sending;
  await worker.stop();
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, 'arret@exemple.fr'));
  expect(row).toMatchObject({ statut: 'E' });
  expect(await pass).toBe(1);
});

it('hands the rest of its batch back, due at once, when it stops in the middle of it', async () => {
  inbox.delayMs = 500;
  const at = t.clock.now();
  for (const n of [1, 2, 3]) {
    await mailRepository.enqueue(
      t.db,
      { destinataire: `lot-${n}@exemple.fr`, sujet: 'Lot', texte: 'Un lot.' },
      at,
    );
  }
  const worker = startMailWorker({
    db: t.db,
    smtpUrl: inbox.url,
    from: 'test@exemple.fr',
    pollMs: 3_600_000,
    log: t.app.log,
  });
  const passAt = soon();
  const sending = inbox.nextMessage();
  const pass = worker.flush(passAt);
  await sending;
  await worker.stop();
  const batch = inArray(emailOutbox.destinataire, [
    'lot-1@exemple.fr',
    'lot-2@exemple.fr',
    'lot-3@exemple.fr',
  ]);
  try {
    expect(await pass).toBe(1);
    const rows = await t.db.select().from(emailOutbox).where(batch).orderBy(emailOutbox.id);
    expect(rows.map((r) => r.statut)).toEqual(['E', 'P', 'P']);
    // Not leased for 10 minutes: due by the pass's moment, so the next start sends them at once.
    for (const row of rows.slice(1))
      expect(row.prochainEssai.getTime()).toBeLessThanOrEqual(passAt.getTime());
  } finally {
    // The other tests count what a pass sends: the two left are cancelled.
    await t.db
      .update(emailOutbox)
      .set({ statut: 'A' })
      .where(and(batch, eq(emailOutbox.statut, 'P')));
  }
});

describe('attachments', () => {
  it('sends the files written with the e-mail (an invoice PDF), and they arrive whole', async () => {
    const pdf = Buffer.from('%PDF-1.4 facture FA-2026-0001 %%EOF');
    await mailRepository.enqueueWithAttachments(
      t.db,
      { destinataire: 'tresorerie@exemple.fr', sujet: 'Facture FA-2026-0001', texte: 'Ci-joint la facture.' },
      [{ nom: 'FA-2026-0001.pdf', typeMime: 'application/pdf', contenu: pdf }],
      t.clock.now(),
    );
    expect(await t.app.mailWorker!.flush(soon())).toBe(1);
    const raw = inbox.received.at(-1)!.raw;
    expect(raw).toContain('Content-Type: application/pdf; name=FA-2026-0001.pdf');
    expect(raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
  });
});
