/**
 * The menu's e-mail (`/api/repas/{id}/notifier`) against a real SMTP server on 127.0.0.1 (issue 31): like
 * every e-mail sent to many people, each carries its recipient's unsubscribe link and the one-click
 * List-Unsubscribe headers (RFC 8058); the link turns the menus' e-mails off, and only those.
 */
import { API } from '@union/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { builders, type Builders, type Person } from './builders';
import { createTestContext, type TestContext } from './helpers';
import { smtpInbox, type Inbox } from './smtp-inbox';

let t: TestContext;
let b: Builders;
let inbox: Inbox;

const soon = () => new Date(Date.now() + 1000);

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

/** Sends the outbox through SMTP and answers what arrived, headers unfolded (a line break then a space). */
async function delivered(): Promise<{ to: string; raw: string }[]> {
  inbox.received.length = 0;
  while ((await t.app.mailWorker!.flush(soon())) > 0);
  return inbox.received.map((r) => ({ to: r.to[0]!, raw: r.raw.replace(/\r\n[ \t]+/g, ' ') }));
}

/** The text of a quoted-printable body as written (soft line breaks joined, bytes decoded). */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const notify = (chef: Person, mealId: number) =>
  t.call({ method: 'POST', url: `/api/repas/${mealId}/notifier`, token: chef.token });

describe('the menu’s e-mail', () => {
  it('carries List-Unsubscribe and a link that turns the menus off, and only those', async () => {
    const chef = await b.aUser({ habilitations: ['USER', 'MENUS'] });
    const gourmand = await b.aUser({ prenom: 'Paul', nom: 'Gourmand', habilitations: ['USER'] });
    const voisin = await b.aUser({ prenom: 'Jean', nom: 'Voisin', habilitations: ['USER'] });
    await t.db
      .update(users)
      .set({ notificationRestauration: true, notificationDocuments: true, notificationMessages: true })
      .where(eq(users.id, gourmand.id));
    await t.db.update(users).set({ notificationRestauration: true }).where(eq(users.id, voisin.id));
    const { meal } = await b.aMeal({ chef, titre: 'Blanquette de veau' });

    const sent = await notify(chef, meal.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await delivered();
    expect(mails.map((m) => m.to).sort()).toEqual([gourmand.email, voisin.email].sort());
    const mail = mails.find((m) => m.to === gourmand.email)!.raw;
    const header =
      /List-Unsubscribe: <https:\/\/intranet\.exemple\.fr\/api\/public\/desinscription-documents\?jeton=(r\d+\.[\w-]+)>/.exec(
        mail,
      );
    expect(header, mail).not.toBeNull();
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The link in the text, to the page that asks before turning anything off (mail scanners open links).
    const text = quotedPrintable(mail);
    expect(text).toContain('Pour ne plus recevoir les menus du restaurant par e-mail');
    expect(text).toContain(`https://intranet.exemple.fr/desinscription?jeton=${header![1]}`);
    // Each recipient has their own token.
    const other = mails.find((m) => m.to === voisin.email)!.raw;
    expect(other).not.toContain(header![1]);

    // A token of the documents' scope signed for someone else, or altered, turns nothing off.
    const altered = `m${header![1]!.slice(1)}`;
    const refused = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${altered}`,
      noXsrf: true,
    });
    expect(refused.statusCode).toBe(412);

    const off = await t.call({
      method: 'POST',
      url: `${API.documents.unsubscribe}?jeton=${header![1]}`,
      noXsrf: true,
    });
    expect(off.statusCode, off.body).toBe(204);
    const [after] = await t.db.select().from(users).where(eq(users.id, gourmand.id));
    expect(after).toMatchObject({
      notificationRestauration: false,
      notificationDocuments: true,
      notificationMessages: true,
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'NOTIFICATION_RESTAURATION_OFF'), eq(auditLog.recordId, gourmand.id)));
    expect(logged).toHaveLength(1);

    // The next menu reaches only the one still subscribed.
    const next = await b.aMeal({ chef, titre: 'Choucroute' });
    expect((await notify(chef, next.meal.id)).json()).toEqual({ destinataires: 1 });
    expect((await delivered()).map((m) => m.to)).toEqual([voisin.email]);
  });
});
