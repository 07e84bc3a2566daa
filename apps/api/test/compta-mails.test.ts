/**
 * The accounting e-mails a lodge receives besides its invoices (issue 31 §7), delivered by the outbox to a
 * real SMTP server on 127.0.0.1: a credit note, or the AV cancelling an invoice in the lodge's favour,
 * goes to the invoice's address with its stored PDF; an invoice paid online by card gives the person who
 * paid a receipt, once however often it is notified.
 */
import { createHash } from 'node:crypto';
import type { OrderDetail, ProviderForm } from '@union/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { smtpInbox, type Inbox, type Received } from './smtp-inbox';
import { builders, named, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { ipnRequest, providerNotification } from './payment-provider';

const clock = movableClock('2026-11-23T10:00:00Z');
let t: TestContext;
let b: Builders;
let inbox: Inbox;
let tresorier: Person;
let lodge: Lodge;

/** After the rows just written (their `prochain_essai` is the database's now()). */
const soon = () => new Date(Date.now() + 1000);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  inbox = await smtpInbox();
  t = await createTestContext(
    {
      SMTP_URL: inbox.url,
      MAIL_POLL_MS: '3600000',
      PUBLIC_URL: 'https://intranet.exemple.fr',
    },
    { clock },
  );
  b = builders(t);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    emailFacturation: 'tresorerie@chevaliers.example',
    members: [named('tresorierloge', ['USER', 'LOGE'], { carteLoge: true })],
  });
});
afterAll(async () => {
  await t.close();
  await inbox?.close();
});

async function act(action: string, payload: Record<string, unknown>): Promise<OrderDetail> {
  const response = await t.call({
    method: 'PUT',
    url: `/api/compta/commande?action=${action}`,
    token: tresorier.token,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetail>();
}

/** Delivers what the outbox holds; answers the messages the SMTP server received meanwhile. */
async function deliver(): Promise<Received[]> {
  const before = inbox.received.length;
  await t.app.mailWorker!.flush(soon());
  return inbox.received.slice(before);
}

/** The attachment `name` of a inbox.received message, decoded from its base64 MIME part. */
function attachmentOf(raw: string, name: string): Buffer {
  const at =
    raw.indexOf(`filename=${name}`) >= 0
      ? raw.indexOf(`filename=${name}`)
      : raw.indexOf(`filename="${name}"`);
  expect(at, name).toBeGreaterThan(0);
  const body = raw.slice(raw.indexOf('\r\n\r\n', at) + 4);
  return Buffer.from(body.slice(0, body.indexOf('\r\n--')).replace(/\s+/g, ''), 'base64');
}

const lastEmailTo = async (to: string) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.destinataire, to))
      .orderBy(desc(emailOutbox.id))
      .limit(1)
  )[0]!;

describe('a credit note is e-mailed', () => {
  it('to the address the invoice went to, with the credit note’s stored PDF', async () => {
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true, objet: 'Location' });
    await deliver();
    const noted = await act('AVOIR_FACTURE', {
      id: invoice.id,
      avoir: { montant: 1500 },
      motif: 'Geste commercial',
    });
    const note = noted.avoirs[0]!;
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([['tresorerie@chevaliers.example']]);
    const pdf = await t.call({
      method: 'GET',
      url: `/api/compta/avoir/${note.id}/document`,
      token: tresorier.token,
    });
    expect(sha256(attachmentOf(mails[0]!.raw, `${note.numero}.pdf`))).toBe(sha256(pdf.rawPayload));
    const email = await lastEmailTo('tresorerie@chevaliers.example');
    expect(email.sujet).toBe(`Avoir ${note.numero} sur la facture ${invoice.numeroFacture}`);
    expect(email.texte).toContain('15,00');
    expect(email.texte).toContain('Geste commercial');
  });

  it('an entity without a billing address gets its credit note all the same, without e-mail', async () => {
    const quiet = await b.aLodgeWithMembers({ nom: 'La Sincérité' });
    const invoice = await b.anOrder({ by: tresorier, entity: quiet.id, issued: true });
    const noted = await act('AVOIR_FACTURE', { id: invoice.id, avoir: { montant: 1000 } });
    expect(noted.avoirs).toHaveLength(1);
    expect(await deliver()).toEqual([]);
  });
});

describe('the cancellation of an invoice in the lodge’s favour (AV) is e-mailed', () => {
  /** An issued fee adjustment in the lodge's favour (the one kind of invoice with a negative total). */
  async function anAdjustment(entity: number): Promise<OrderDetail> {
    const created = await t.call({
      method: 'POST',
      url: '/api/compta/commande',
      token: tresorier.token,
      payload: {
        type: 'A',
        tranche: 'D',
        idEntite: entity,
        annee: 2026,
        objet: 'Régularisation 2026',
        devis: false,
        lignes: [{ libelle: 'Régularisation', quantite: 1, prixUnitaire: -2500 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return act('FACTURE_SENT', { id: created.json<OrderDetail>().id });
  }

  it('to the address the invoice went to, with the AV’s stored PDF, as a credit note is', async () => {
    const invoice = await anAdjustment(lodge.id);
    await deliver();
    const cancelled = await act('FACTURE_CANCELLED', { id: invoice.id, motif: 'Régularisation en double' });
    expect(cancelled.etat).toBe('FA');
    const numero = cancelled.numeroAvoir!;
    expect(numero).toMatch(/^AV-2026-/);
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([['tresorerie@chevaliers.example']]);
    const pdf = await t.call({
      method: 'GET',
      url: `/api/compta/commande/${invoice.id}/document/avoir`,
      token: tresorier.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(sha256(attachmentOf(mails[0]!.raw, `${numero}.pdf`))).toBe(sha256(pdf.rawPayload));
    const email = await lastEmailTo('tresorerie@chevaliers.example');
    expect(email.sujet).toBe(`Avoir ${numero} : annulation de la facture ${invoice.numeroFacture}`);
    expect(email.texte).toContain('25,00');
    expect(email.texte).toContain('en votre faveur : Régularisation en double.');
  });

  it('an entity without a billing address has its invoice cancelled all the same, without e-mail', async () => {
    const quiet = await b.aLodgeWithMembers({ nom: 'La Persévérance' });
    const invoice = await anAdjustment(quiet.id);
    expect((await act('FACTURE_CANCELLED', { id: invoice.id })).numeroAvoir).toMatch(/^AV-2026-/);
    expect(await deliver()).toEqual([]);
  });
});

describe('an invoice paid online', () => {
  it('e-mails the person who paid a receipt: amount, invoice number, day and Paris time; once', async () => {
    const payer = lodge.members[0]!;
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true, objet: 'Agapes' });
    await deliver();
    const started = await t.call({
      method: 'POST',
      url: `/api/loge/${lodge.id}/compte/commande/${invoice.id}/paiement-cb`,
      token: payer.token,
    });
    expect(started.statusCode, started.body).toBe(201);
    const notification = providerNotification(started.json<ProviderForm>(), 'AUTHORISED');
    // The clock says 10:00 UTC: 11:00 in Lyon in November.
    expect((await t.call(ipnRequest(notification))).statusCode).toBe(200);
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([[payer.email]]);
    const email = await lastEmailTo(payer.email);
    expect(email.sujet).toBe(`Reçu de votre paiement de la facture ${invoice.numeroFacture}`);
    expect(email.texte.replace(/[\u202f\u00a0]/g, ' ')).toContain(
      `le lundi 23 novembre 2026 à 11 h 00 votre paiement par carte de 60,00 € pour la facture ${invoice.numeroFacture}`,
    );
    // The provider notifies again: applied once, no second receipt.
    expect((await t.call(ipnRequest(notification))).statusCode).toBe(200);
    expect(await deliver()).toEqual([]);
  });

  it('a refused payment sends no receipt', async () => {
    const payer = lodge.members[0]!;
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
    await deliver();
    const started = await t.call({
      method: 'POST',
      url: `/api/loge/${lodge.id}/compte/commande/${invoice.id}/paiement-cb`,
      token: payer.token,
    });
    expect(
      (await t.call(ipnRequest(providerNotification(started.json<ProviderForm>(), 'REFUSED')))).statusCode,
    ).toBe(200);
    expect(await deliver()).toEqual([]);
  });
});
