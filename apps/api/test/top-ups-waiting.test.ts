/**
 * The top-ups waiting for the treasurer (issue 21): the portal's count (COMPTA_SAISIE only), the expiry of
 * top-ups left « en cours de paiement » for more than a day and a late payment of an expired one, and the
 * daily e-mail, once a day across instances, delivered through a real SMTP server.
 */
import type { ProviderForm, TopUp } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, topUpDigestRuns, userPayments } from '../src/db/schema';
import { smtpInbox, type Inbox } from './smtp-inbox';
import { ipnRequest, providerNotification } from './payment-provider';
import { expireAbandonedTopUps, runTopUpDigest } from '../src/modules/restaurant/cards/waiting';
import { builders, type Builders, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2027-03-03T06:00:00Z');
let t: TestContext;
let b: Builders;
let inbox: Inbox;
let tresorier: Person;
let membre: Person;

beforeAll(async () => {
  inbox = await smtpInbox();
  t = await createTestContext(
    {
      PUBLIC_URL: 'https://intranet.exemple.fr',
      SMTP_URL: inbox.url,
      MAIL_POLL_MS: '3600000',
    },
    { clock },
  );
  b = builders(t);
  await signIn();
});

/** Fresh sign-ins: sessions end 8 hours after sign-in on the test's clock. */
async function signIn() {
  if (!tresorier) {
    tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_SAISIE', 'PAYMENT'] });
    membre = await b.aUser({ habilitations: ['USER', 'PAYMENT'] });
  }
  tresorier = { ...tresorier, token: await t.signIn(tresorier.identifiant) };
  membre = { ...membre, token: await t.signIn(membre.identifiant) };
}
afterAll(async () => {
  await t.close();
  await inbox?.close();
});

async function topUp(who: Person, montant: number): Promise<TopUp> {
  const r = await t.call({
    method: 'POST',
    url: '/api/user/payments',
    token: who.token,
    payload: { montant },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

async function pay(who: Person, id: number, status = 'AUTHORISED') {
  const form = (
    await t.call({ method: 'GET', url: `/api/user/payments/${id}/systempay`, token: who.token })
  ).json<ProviderForm>();
  return notify(form, status);
}

const notify = (form: ProviderForm, status: string) => t.call(ipnRequest(providerNotification(form, status)));

const count = (who: Person) => t.call({ method: 'GET', url: '/api/payment/en-attente', token: who.token });
const stateOf = async (id: number) =>
  (await t.db.select().from(userPayments).where(eq(userPayments.id, id)))[0]!.etat;

describe('the top-ups waiting for the treasurer', () => {
  it('counts the paid and taken-into-account top-ups for COMPTA_SAISIE only (403 otherwise)', async () => {
    await signIn();
    const refusedCount = await count(membre);
    expect(refusedCount.statusCode, refusedCount.body).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/payment/en-attente' })).statusCode).toBe(401);
    const before = (await count(tresorier)).json<{ nombre: number }>().nombre;
    const a = await topUp(membre, 2000);
    const c = await topUp(membre, 3000);
    expect((await pay(membre, a.id)).statusCode).toBe(200);
    expect((await pay(membre, c.id)).statusCode).toBe(200);
    expect((await count(tresorier)).json()).toEqual({ nombre: before + 2 });
    const transfer = await t.call({
      method: 'POST',
      url: `/api/payment/${c.id}/transfer`,
      token: tresorier.token,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect((await count(tresorier)).json()).toEqual({ nombre: before + 2 }); // R still waits
    await t.call({ method: 'POST', url: `/api/payment/${c.id}/validate`, token: tresorier.token });
    expect((await count(tresorier)).json()).toEqual({ nombre: before + 1 });
  });

  it('expires a top-up left « en cours de paiement » for more than a day, and takes a late payment of it', async () => {
    clock.at = new Date('2027-03-04T06:00:00Z');
    await signIn();
    const old = await topUp(membre, 1500);
    const form = (
      await t.call({ method: 'GET', url: `/api/user/payments/${old.id}/systempay`, token: membre.token })
    ).json<ProviderForm>();
    clock.at = new Date('2027-03-04T12:00:00Z');
    const fresh = await topUp(membre, 2500);
    clock.at = new Date('2027-03-05T05:59:00Z');
    await expireAbandonedTopUps(t.db, clock);
    expect(await stateOf(old.id)).toBe('C'); // 23 h 59: not yet
    clock.at = new Date('2027-03-05T06:01:00Z');
    const [first, second] = await Promise.all([
      expireAbandonedTopUps(t.db, clock),
      expireAbandonedTopUps(t.db, clock),
    ]);
    expect(first + second).toBe(1);
    expect(await stateOf(old.id)).toBe('E');
    expect(await stateOf(fresh.id)).toBe('C');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'top_up_expired'));
    expect(audits.filter((e) => e.recordId === old.id)).toHaveLength(1);
    // Its form can no longer be paid from the screen…
    await signIn();
    const again = await t.call({
      method: 'GET',
      url: `/api/user/payments/${old.id}/systempay`,
      token: membre.token,
    });
    expect(again.statusCode).toBe(412);
    // …but a payment the provider notifies late was taken from the member: it waits for validation.
    const late = await notify(form, 'AUTHORISED');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.body).toBe('OK');
    expect(await stateOf(old.id)).toBe('P');
    // A late refusal of an expired top-up changes nothing.
    await signIn();
    const other = await topUp(membre, 1000);
    const otherForm = (
      await t.call({ method: 'GET', url: `/api/user/payments/${other.id}/systempay`, token: membre.token })
    ).json<ProviderForm>();
    clock.at = new Date('2027-03-06T07:00:00Z');
    await expireAbandonedTopUps(t.db, clock);
    expect(await stateOf(other.id)).toBe('E');
    expect((await notify(otherForm, 'REFUSED')).body).toBe('OK (already_applied)');
    expect(await stateOf(other.id)).toBe('E');
    await signIn();
    const expired = await t.call({
      method: 'POST',
      url: '/api/payment/search',
      token: tresorier.token,
      payload: { etats: ['E'] },
    });
    expect(expired.json<TopUp[]>().find((r) => r.id === other.id)).toMatchObject({ etat: 'E', actions: [] });
  });

  it('e-mails the waiting top-ups once a day from its time, to the validators, through SMTP', async () => {
    clock.at = new Date('2027-03-07T06:30:00Z'); // 07:30 in Paris
    const options = { time: '08:00', publicUrl: 'https://intranet.exemple.fr' };
    expect(await runTopUpDigest(t.db, clock, options)).toBeUndefined();
    clock.at = new Date('2027-03-07T07:05:00Z'); // 08:05
    await signIn();
    const waiting = (await count(tresorier)).json<{ nombre: number }>().nombre;
    expect(waiting).toBeGreaterThan(0);
    const runs = await Promise.all([
      runTopUpDigest(t.db, clock, options),
      runTopUpDigest(t.db, clock, options),
    ]);
    const sent = runs.filter((r) => r !== undefined);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.enAttente).toBe(waiting);
    expect(sent[0]!.destinataires).toBeGreaterThanOrEqual(1);
    expect(await runTopUpDigest(t.db, clock, options)).toBeUndefined();
    const [run] = await t.db.select().from(topUpDigestRuns).where(eq(topUpDigestRuns.jour, '2027-03-07'));
    expect(run).toMatchObject({ enAttente: waiting });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, tresorier.email));
    const digest = mails.filter((m) => m.sujet.includes('de carte à valider'));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.texte).toContain('https://intranet.exemple.fr/app/restauration/rechargements');
    // A member without COMPTA_SAISIE gets none.
    const theirs = await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, membre.email));
    expect(theirs.filter((m) => m.sujet.includes('de carte à valider'))).toEqual([]);
    await t.app.mailWorker!.flush(new Date(Date.now() + 3600_000));
    const delivered = inbox.received.find((r) => r.to.includes(tresorier.email) && r.raw.includes('valider'));
    expect(delivered).toBeDefined();
  });

  it('claims the day without e-mail when nothing waits', async () => {
    await t.db.update(userPayments).set({ etat: 'V' }).where(eq(userPayments.etat, 'P'));
    await t.db.update(userPayments).set({ etat: 'V' }).where(eq(userPayments.etat, 'R'));
    clock.at = new Date('2027-03-08T08:00:00Z');
    const before = (await t.db.select().from(emailOutbox)).length;
    expect(await runTopUpDigest(t.db, clock, { time: '08:00', publicUrl: '' })).toEqual({
      enAttente: 0,
      destinataires: 0,
    });
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });
});
