/**
 * A lodge's account with the Union (issue 20) through the HTTP API: its officers read it and nothing of
 * another entity's, download its PDFs and statement, pay an invoice online by card through the top-ups'
 * provider and notification (applied once, replayed and simultaneous), and the Union reads aged
 * receivables and the FEC, each file read back.
 */
import {
  parisDay,
  type AgedReceivables,
  type LodgeAccount,
  type OrderDetail,
  type ProviderForm,
  type UnappliedOnlinePayment,
} from '@union/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingPayments, invoiceCardPayments } from '../src/db/schema';
import { SYSTEMPAY_TEST_KEY } from '../src/config';
import { EXCEL_EUROS } from '../src/lib/excel';
import { sign } from '../src/modules/payment-provider/signature';
import { builders, named, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { pdfAnswerText } from './pdf-text';
import { ipnRequest, providerNotification } from './payment-provider';

const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let b: Builders;
let tresorier: Person;
let lecteur: Person;
/** Its venerable (gestion), its treasurer (carteLoge), a plain member, a member with LOGE but no office. */
let lodge: Lodge;
let venerable: Person;
let tresorierLoge: Person;
let membre: Person;
let sansCharge: Person;
let other: Lodge;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://intranet.exemple.fr' }, { clock });
  b = builders(t);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    adresseFacturation: '3 rue de la Loge\n69001 Lyon',
    emailFacturation: 'tresorerie@chevaliers.example',
    members: [
      named('venerable', ['USER', 'LOGE'], { gestion: true }),
      named('tresorierloge', ['USER', 'LOGE'], { carteLoge: true }),
      named('membre', ['USER', 'RESTAURATION']),
      named('sanscharge', ['USER', 'LOGE'], { reservation: true }),
    ],
  });
  [venerable, tresorierLoge, membre, sansCharge] = lodge.members as unknown as [
    Person,
    Person,
    Person,
    Person,
  ];
  other = await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', managers: 1 });
});
afterAll(() => t.close());

const get = (who: Person | undefined, url: string) => t.call({ method: 'GET', url, token: who?.token });

async function accountOf(who: Person, entityId: number): Promise<LodgeAccount> {
  const response = await get(who, `/api/loge/${entityId}/compte`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const anInvoice = (entity: number, prixUnitaire = 3000, objet = 'Prestation') =>
  b.anOrder({
    by: tresorier,
    entity,
    objet,
    issued: true,
    lignes: [{ libelle: 'Location Temple Hiram', quantite: 2, prixUnitaire }],
  });

/** A payment recorded now, dated today unless said (a payment is never dated over a week ahead). */
async function pay(order: OrderDetail, montant: number, mode: 'C' | 'V' = 'C', date = parisDay(clock.at)) {
  const response = await t.call({
    method: 'PUT',
    url: '/api/compta/commande?action=EDIT_PAYMENT',
    token: tresorier.token,
    payload: { id: order.id, paiement: { mode, date, montant, reference: `REF-${order.id}` } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function startPayment(who: Person, entityId: number, orderId: number): Promise<ProviderForm> {
  const response = await t.call({
    method: 'POST',
    url: `/api/loge/${entityId}/compte/commande/${orderId}/paiement-cb`,
    token: who.token,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const paymentsOf = (orderId: number) =>
  t.db.select().from(accountingPayments).where(eq(accountingPayments.orderId, orderId));

const notify = (notification: Record<string, string>) => t.call(ipnRequest(notification));

describe('GET /api/loge/{idEntite}/compte', () => {
  it('401, 403 for who is no officer of it (whatever else they hold), 404 for a treasurer on no entity', async () => {
    const url = `/api/loge/${lodge.id}/compte`;
    expect((await get(undefined, url)).statusCode).toBe(401);
    for (const who of [membre, sansCharge, other.manager])
      expect((await get(who, url)).statusCode, who.identifiant).toBe(403);
    expect((await get(venerable, '/api/loge/999999/compte')).statusCode).toBe(403);
    expect((await get(lecteur, '/api/loge/999999/compte')).statusCode).toBe(404);
    expect((await get(venerable, '/api/loge/abc/compte')).statusCode).toBe(412);
  });

  it('the venerable (gestion) and the treasurer (carteLoge) read it: sent documents only, balance and overdue', async () => {
    const entity = await b.aLodgeWithMembers({
      managers: [named('v', ['USER', 'LOGE'], { gestion: true })],
      members: [named('tr', ['USER', 'LOGE'], { carteLoge: true })],
    });
    clock.at = new Date('2026-09-01T10:00:00Z');
    const old = await anInvoice(entity.id, 5000, 'Ancienne facture');
    clock.at = new Date('2026-11-23T10:00:00Z');
    const recent = await anInvoice(entity.id, 2000, 'Facture récente');
    await pay(recent, 1000);
    const draft = await b.anOrder({ by: tresorier, entity: entity.id, objet: 'Brouillon' });
    const quote = await b.anOrder({
      by: tresorier,
      entity: entity.id,
      objet: 'Devis non envoyé',
      devis: true,
    });
    const sent = await b.anOrder({ by: tresorier, entity: entity.id, objet: 'Devis envoyé', devis: true });
    const marked = await t.call({
      method: 'PUT',
      url: '/api/compta/commande?action=DEVIS_SENT',
      token: tresorier.token,
      payload: { id: sent.id },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    for (const who of [entity.manager, entity.member]) {
      const account = await accountOf(who, entity.id);
      const ids = account.documents.map((d) => d.id);
      expect(ids).toEqual(expect.arrayContaining([old.id, recent.id, sent.id]));
      expect(ids).not.toContain(draft.id);
      expect(ids).not.toContain(quote.id);
      expect(account).toMatchObject({ du: 13000, credit: 0, solde: 13000, avoirs: [] });
      expect(account.echu).toBe(10000);
      const first = account.documents.find((d) => d.id === old.id)!;
      expect(first).toMatchObject({ reste: 10000, enRetard: true, payable: true, documents: ['facture'] });
      expect(account.documents.find((d) => d.id === sent.id)).toMatchObject({
        payable: false,
        documents: ['devis'],
      });
      expect(account.paiements).toEqual([
        expect.objectContaining({ idCommande: recent.id, mode: 'C', montant: 1000 }),
      ]);
    }
    // The Union's treasurer reads it too; another lodge's officer does not.
    expect((await accountOf(lecteur, entity.id)).solde).toBe(13000);
    expect((await get(venerable, `/api/loge/${entity.id}/compte`)).statusCode).toBe(403);
  });
});

describe('the lodge’s account agrees with the treasurer’s and with its statement', () => {
  it('partial credit notes listed with their PDF; credit notes on paid invoices, refunds and unallocated payments in the balance', async () => {
    const entity = await b.aLodgeWithMembers({ nom: 'La Concorde', managers: 1 });
    const treasurerAct = async (action: string, payload: Record<string, unknown>) => {
      const response = await t.call({
        method: 'PUT',
        url: `/api/compta/commande?action=${action}`,
        token: tresorier.token,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrderDetail>();
    };
    const paid = await anInvoice(entity.id, 5000); // 100 €
    await pay(paid, 10000);
    const partly = await anInvoice(entity.id, 2000); // 40 €
    // 30 € credited on the paid invoice (a credit), 10 € on the other (settles it in part).
    const onPaid = await treasurerAct('AVOIR_FACTURE', { id: paid.id, avoir: { montant: 3000 } });
    await treasurerAct('AVOIR_FACTURE', { id: partly.id, avoir: { montant: 1000 } });
    // A payment kept as credit (25 €), and 20 € of the credit refunded.
    const kept = await t.call({
      method: 'POST',
      url: '/api/compta/paiement',
      token: tresorier.token,
      payload: { idEntite: entity.id, mode: 'V', date: '2026-11-23', montant: 2500, affectations: [] },
    });
    expect(kept.statusCode, kept.body).toBe(201);
    const refund = await t.call({
      method: 'POST',
      url: `/api/compta/entite/${entity.id}/remboursement`,
      token: tresorier.token,
      payload: { mode: 'V', date: '2026-11-23', montant: 2000, motif: 'Trop-perçu' },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const account = await accountOf(entity.manager, entity.id);
    const treasurers = (await get(lecteur, `/api/compta/entite/${entity.id}/compte`)).json<{
      du: number;
      credit: number;
    }>();
    // Due: 40 − 10 = 30 €; credit: 30 + 25 − 20 = 35 €; balance 5 € in the lodge's favour.
    expect(account).toMatchObject({ du: 3000, credit: 3500, solde: -500 });
    expect(treasurers).toMatchObject({ du: account.du, credit: account.credit });
    expect(account.avoirs.map((n) => [n.numeroFacture, n.montant])).toEqual(
      expect.arrayContaining([
        [paid.numeroFacture, 3000],
        [partly.numeroFacture, 1000],
      ]),
    );
    const note = account.avoirs.find((n) => n.idCommande === paid.id)!;
    expect(note.numero).toBe(onPaid.avoirs[0]!.numero);
    const pdf = await pdfAnswerText(
      await get(entity.manager, `/api/loge/${entity.id}/compte/avoir/${note.id}`),
    );
    expect(pdf).toContain(note.numero);
    expect(pdf).toContain(`Avoir partiel sur la facture ${paid.numeroFacture}`);
    // Nothing of another entity's: its credit note through this account is a 404.
    const theirs = await anInvoice(other.id, 1000);
    const theirNote = await treasurerAct('AVOIR_FACTURE', { id: theirs.id, avoir: { montant: 500 } });
    expect(
      (await get(entity.manager, `/api/loge/${entity.id}/compte/avoir/${theirNote.avoirs[0]!.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(entity.manager, `/api/loge/${other.id}/compte/avoir/${theirNote.avoirs[0]!.id}`)).statusCode,
    ).toBe(403);

    // The statement up to today closes on the same balance.
    const text = await pdfAnswerText(
      await get(entity.manager, `/api/loge/${entity.id}/compte/releve/pdf?du=2026-01-01&au=2026-11-23`),
    );
    expect(text).toContain('Solde au 23 novembre 2026 : 5,00 € en votre faveur.');
  });
});

describe('one payment over several invoices', () => {
  it('names each invoice it settled on the account and on the statement', async () => {
    const entity = await b.aLodgeWithMembers({ nom: 'La Bienfaisance', managers: 1 });
    const first = await anInvoice(entity.id, 2000);
    const second = await anInvoice(entity.id, 3000);
    const paid = await t.call({
      method: 'POST',
      url: '/api/compta/paiement',
      token: tresorier.token,
      payload: {
        idEntite: entity.id,
        mode: 'V',
        date: '2026-11-23',
        reference: 'VIR-GROUPE',
        montant: 10000,
        affectations: [
          { idCommande: second.id, montant: 6000 },
          { idCommande: first.id, montant: 4000 },
        ],
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const numbers = [first.numeroFacture!, second.numeroFacture!].sort();
    const account = await accountOf(entity.manager, entity.id);
    expect(account.paiements).toEqual([
      expect.objectContaining({ idCommande: null, factures: numbers, montant: 10000 }),
    ]);
    const text = await pdfAnswerText(
      await get(entity.manager, `/api/loge/${entity.id}/compte/releve/pdf?du=2026-01-01&au=2026-11-23`),
    );
    expect(text.replace(/\s+/g, ' ')).toContain(`Paiement (Virement) des factures ${numbers.join(', ')}`);
  });
});

describe('GET /api/loge/{idEntite}/compte/commande/{id}/document/{kind}', () => {
  it('the invoice, its reminder letters; nothing of another entity (403 through theirs, 404 through ours)', async () => {
    clock.at = new Date('2026-09-01T10:00:00Z');
    const own = await anInvoice(lodge.id, 4500, 'Tenue blanche');
    clock.at = new Date('2026-11-23T10:00:00Z');
    const theirs = await anInvoice(other.id);
    const url = (entityId: number, id: number, kind: string, q = '') =>
      `/api/loge/${entityId}/compte/commande/${id}/document/${kind}${q}`;
    const text = await pdfAnswerText(await get(tresorierLoge, url(lodge.id, own.id, 'facture')));
    expect(text).toContain(own.numeroFacture!);
    expect(text).toContain('Les Chevaliers du Rhône');
    expect((await get(venerable, url(other.id, theirs.id, 'facture'))).statusCode).toBe(403);
    expect((await get(venerable, url(lodge.id, theirs.id, 'facture'))).statusCode).toBe(404);
    expect((await get(membre, url(lodge.id, own.id, 'facture'))).statusCode).toBe(403);
    const draft = await b.anOrder({ by: tresorier, entity: lodge.id });
    expect((await get(venerable, url(lodge.id, draft.id, 'facture'))).statusCode).toBe(404);
    const noQuote = await get(venerable, url(lodge.id, own.id, 'devis'));
    expect(noQuote.statusCode).toBe(412);
    expect(noQuote.json().error).toBe('no_document');
    expect((await get(venerable, url(lodge.id, own.id, 'relance'))).statusCode).toBe(412);
    expect((await get(venerable, url(lodge.id, own.id, 'relance', '?niveau=4'))).statusCode).toBe(412);
    expect((await get(venerable, url(lodge.id, own.id, 'facture', '?niveau=1'))).statusCode).toBe(412);
    expect((await get(venerable, url(lodge.id, own.id, 'bon'))).statusCode).toBe(412);
    // The reminder sent for the overdue invoice: its letter, by level.
    const sent = await t.call({
      method: 'PUT',
      url: '/api/compta/commande?action=RELANCE_FACTURE',
      token: tresorier.token,
      payload: { id: own.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const account = await accountOf(venerable, lodge.id);
    const levels = account.relances.filter((r) => r.idCommande === own.id).map((r) => r.niveau);
    expect(levels).toEqual([1]);
    expect(account.documents.find((d) => d.id === own.id)!.documents).toEqual(['facture', 'relance']);
    expect((await get(venerable, url(lodge.id, own.id, 'relance', '?niveau=2'))).statusCode).toBe(412);
    for (const niveau of levels) {
      const letter = await pdfAnswerText(
        await get(venerable, url(lodge.id, own.id, 'relance', `?niveau=${niveau}`)),
      );
      expect(letter).toContain(own.numeroFacture!);
    }
  });
});

describe('paying an invoice online by card', () => {
  it('the officer gets the signed form for what remains; 403 for others; 412 when nothing remains', async () => {
    const invoice = await anInvoice(lodge.id, 5000);
    await pay(invoice, 2500);
    const form = await startPayment(tresorierLoge, lodge.id, invoice.id);
    expect(form.url).toBe('/simulateur-paiement');
    const { signature, ...fields } = form.champs;
    expect(signature).toBe(sign(fields, SYSTEMPAY_TEST_KEY));
    expect(fields).toMatchObject({
      vads_amount: '7500',
      vads_currency: '978',
      vads_url_check: 'https://intranet.exemple.fr/api/payment/systempay/ipn',
    });
    expect(fields.vads_order_id).toMatch(/^FACTURE-\d+$/);
    expect(fields.vads_url_return).toContain(`/app/loge?entite=${lodge.id}`);
    const url = `/api/loge/${lodge.id}/compte/commande/${invoice.id}/paiement-cb`;
    for (const who of [membre, sansCharge, lecteur, tresorier, other.manager]) {
      const refused = await t.call({ method: 'POST', url, token: who.token });
      expect(refused.statusCode, who.identifiant).toBe(403);
    }
    const theirs = await anInvoice(other.id);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/loge/${lodge.id}/compte/commande/${theirs.id}/paiement-cb`,
          token: venerable.token,
        })
      ).statusCode,
    ).toBe(404);
    await pay(invoice, 7500, 'V');
    const nothing = await t.call({ method: 'POST', url, token: venerable.token });
    expect(nothing.statusCode).toBe(412);
    expect(nothing.json().error).toBe('nothing_due');
  });

  it('the signed notification records « CB en ligne » once: a replay and a forged one change nothing', async () => {
    const invoice = await anInvoice(lodge.id, 4000);
    const form = await startPayment(venerable, lodge.id, invoice.id);
    const forged = await notify({ ...providerNotification(form, 'AUTHORISED'), vads_amount: '1' });
    expect(forged.statusCode).toBe(412);
    const wrongAmount = await notify(providerNotification(form, 'AUTHORISED', { vads_amount: '1' }));
    expect(wrongAmount.json().error).toBe('ipn_mismatch');
    const unknown = await notify(providerNotification(form, 'AUTHORISED', { vads_order_id: 'FACTURE-x1' }));
    expect(unknown.json().error).toBe('ipn_unknown_payment');
    expect(await paymentsOf(invoice.id)).toHaveLength(0);

    const paid = providerNotification(form, 'AUTHORISED');
    expect((await notify(paid)).statusCode).toBe(200);
    expect((await notify(paid)).statusCode).toBe(200);
    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ mode: 'B', montant: 8000 });
    const account = await accountOf(tresorierLoge, lodge.id);
    expect(account.documents.find((d) => d.id === invoice.id)).toMatchObject({ etat: 'FP', reste: 0 });
    // The treasurer sees it in the order's payments and history.
    const detail = (await get(tresorier, `/api/compta/commande/${invoice.id}/infos`)).json<OrderDetail>();
    expect(detail.paiements).toEqual([expect.objectContaining({ mode: 'B', montant: 8000 })]);
    expect(detail.historique.map((h) => h.libelle).join(' | ')).toContain('par carte bancaire en ligne');
    // A failure arriving after the payment changes nothing either.
    expect((await notify(providerNotification(form, 'REFUSED'))).statusCode).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('the database refuses a second change of an ended online payment', async () => {
    const invoice = await anInvoice(lodge.id, 1000);
    const form = await startPayment(venerable, lodge.id, invoice.id);
    expect((await notify(providerNotification(form, 'REFUSED'))).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(invoiceCardPayments)
      .where(eq(invoiceCardPayments.orderId, invoice.id));
    expect(row!.etat).toBe('X');
    await expect(
      t.db.execute(sql`UPDATE invoice_card_payments SET etat = 'C' WHERE id = ${row!.id}`),
    ).rejects.toThrow();
    // A later attempt of the same invoice pays it.
    const again = await startPayment(venerable, lodge.id, invoice.id);
    expect((await notify(providerNotification(again, 'AUTHORISED'))).statusCode).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('two simultaneous notifications record one payment', async () => {
    const invoice = await anInvoice(lodge.id, 1500);
    const form = await startPayment(venerable, lodge.id, invoice.id);
    const paid = providerNotification(form, 'AUTHORISED');
    const answers = await Promise.all(Array.from({ length: 6 }, () => notify(paid)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('a payment that arrives when the invoice was settled otherwise is kept « à régulariser », not recorded', async () => {
    const invoice = await anInvoice(lodge.id, 1200);
    const form = await startPayment(venerable, lodge.id, invoice.id);
    await pay(invoice, 2400, 'V');
    expect((await notify(providerNotification(form, 'AUTHORISED'))).statusCode).toBe(200);
    expect((await paymentsOf(invoice.id)).map((p) => p.mode)).toEqual(['V']);
    const [row] = await t.db
      .select()
      .from(invoiceCardPayments)
      .where(eq(invoiceCardPayments.orderId, invoice.id));
    expect(row!.etat).toBe('A');

    // The treasurer lists it and keeps it as the lodge's credit: once.
    const list = () => get(lecteur, '/api/compta/paiement-cb/a-regulariser');
    expect((await get(venerable, '/api/compta/paiement-cb/a-regulariser')).statusCode).toBe(403);
    const listed = (await list()).json<UnappliedOnlinePayment[]>().find((p) => p.id === row!.id)!;
    expect(listed).toMatchObject({
      idCommande: invoice.id,
      numeroFacture: invoice.numeroFacture,
      etatFacture: 'FP',
      montant: 2400,
      entite: { id: lodge.id },
    });
    const settle = (id: number, action: string, who = tresorier) =>
      t.call({
        method: 'POST',
        url: `/api/compta/paiement-cb/${id}/regularisation`,
        token: who.token,
        payload: { action },
      });
    expect((await settle(row!.id, 'CREDIT', lecteur)).statusCode).toBe(403);
    expect((await settle(row!.id, 'AUTRE')).statusCode).toBe(412);
    const before = (await accountOf(lecteur, lodge.id)).credit;
    const credited = await settle(row!.id, 'CREDIT');
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json<UnappliedOnlinePayment[]>().map((p) => p.id)).not.toContain(row!.id);
    expect((await accountOf(lecteur, lodge.id)).credit).toBe(before + 2400);
    expect((await settle(row!.id, 'REFUNDED')).json()).toMatchObject({
      status: 412,
      error: 'online_settled',
    });
    expect((await settle(999999, 'REFUNDED')).statusCode).toBe(404);

    // Another, refunded to the card from the bank's back office: nothing enters the accounts.
    const second = await anInvoice(lodge.id, 1000);
    const form2 = await startPayment(venerable, lodge.id, second.id);
    await pay(second, 2000, 'V');
    await notify(providerNotification(form2, 'AUTHORISED'));
    const id2 = (await list()).json<UnappliedOnlinePayment[]>().find((p) => p.idCommande === second.id)!.id;
    const credit = (await accountOf(lecteur, lodge.id)).credit;
    expect((await settle(id2, 'REFUNDED')).statusCode).toBe(200);
    expect((await accountOf(lecteur, lodge.id)).credit).toBe(credit);
    const [ended] = await t.db.select().from(invoiceCardPayments).where(eq(invoiceCardPayments.id, id2));
    expect(ended).toMatchObject({ etat: 'R', paymentId: null });
    // The database accepts no other change of a settled attempt.
    await expect(
      t.db.update(invoiceCardPayments).set({ etat: 'A' }).where(eq(invoiceCardPayments.id, id2)),
    ).rejects.toThrow();
  });
});

describe('the statement of an entity (relevé de compte)', () => {
  it('PDF and Excel: balance brought forward, movements with the running balance, closing balance', async () => {
    const entity = await b.aLodgeWithMembers({ nom: 'Les Amis Réunis', managers: 1 });
    clock.at = new Date('2026-10-05T10:00:00Z');
    const before = await anInvoice(entity.id, 1000, 'Avant la période'); // 20,00 €
    clock.at = new Date('2026-11-10T10:00:00Z');
    const during = await anInvoice(entity.id, 2500, 'Pendant la période'); // 50,00 €
    await pay(before, 2000, 'C', '2026-11-12');
    clock.at = new Date('2026-11-23T10:00:00Z');
    const base = `/api/loge/${entity.id}/compte/releve`;
    const q = '?du=2026-11-01&au=2026-11-30';
    expect((await get(venerable, `${base}/pdf${q}`)).statusCode).toBe(403);
    expect((await get(entity.manager, `${base}/pdf?du=2026-11-30&au=2026-11-01`)).statusCode).toBe(412);
    expect((await get(entity.manager, `${base}/csv${q}`)).statusCode).toBe(412);
    expect((await get(entity.manager, `${base}/pdf?du=2000-01-01&au=2026-11-30`)).statusCode).toBe(412);

    const text = await pdfAnswerText(await get(entity.manager, `${base}/pdf${q}`));
    expect(text).toContain('Relevé de compte du 1er novembre 2026 au 30 novembre 2026');
    expect(text).toContain('Les Amis Réunis');
    expect(text).toContain(`Facture ${during.numeroFacture}`);
    expect(text).not.toContain(`Facture ${before.numeroFacture}`);
    expect(text).toMatch(/Solde au début de la période 20,00 €/);
    expect(text).toContain("Solde au 30 novembre 2026 : 50,00 € dû à l'Union.");

    const file = await get(entity.manager, `${base}/xlsx${q}`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.getWorksheet('Relevé')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[1]).toEqual(['Date', 'Pièce', 'Libellé', 'Débit', 'Crédit', 'Solde']);
    expect(rows[2]!.slice(2)).toEqual(['Solde au début de la période', undefined, undefined, 20]);
    expect(rows[3]!.slice(1)).toEqual([
      during.numeroFacture,
      'Facture ' + during.numeroFacture + ' – Pendant la période',
      50,
      undefined,
      70,
    ]);
    expect(rows[4]!.slice(3)).toEqual([undefined, 20, 50]);
    expect(rows.at(-1)!.slice(2)).toEqual(['Totaux et solde à la fin de la période', 50, 20, 50]);
    expect(sheet.getCell('D4').numFmt).toContain('0.00');
  });
});

describe('aged receivables and the FEC (the Union’s treasurer)', () => {
  it('buckets what remains by days past due; Excel with cents; COMPTA_LECTURE only', async () => {
    const entity = await b.aLodgeWithMembers({ nom: 'Balance Âgée', managers: 1 });
    clock.at = new Date('2026-06-01T10:00:00Z');
    await anInvoice(entity.id, 1000); // due 1 July: 145 days late on 23 November
    clock.at = new Date('2026-09-10T10:00:00Z');
    const partly = await anInvoice(entity.id, 2000); // due 10 October: 44 days
    clock.at = new Date('2026-11-20T10:00:00Z');
    await pay(partly, 1050, 'V', '2026-11-20');
    await anInvoice(entity.id, 3000); // not due yet
    clock.at = new Date('2026-11-23T10:00:00Z');
    expect((await get(venerable, '/api/compta/balance-agee')).statusCode).toBe(403);
    const aged = (await get(lecteur, '/api/compta/balance-agee')).json<AgedReceivables>();
    const line = aged.lignes.find((l) => l.entite.id === entity.id)!;
    expect(line).toMatchObject({
      factures: 3,
      nonEchu: 6000,
      j0a30: 0,
      j31a60: 2950,
      j61a90: 0,
      plus90: 2000,
      total: 10950,
    });
    expect(aged.totaux.total).toBe(aged.lignes.reduce((s, l) => s + l.total, 0));

    const file = await get(lecteur, '/api/compta/balance-agee/excel');
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.getWorksheet('Balance âgée')!;
    let found: unknown[] | undefined;
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (values[0] === 'Balance Âgée') found = values;
    });
    expect(found).toEqual(['Balance Âgée', 3, 60, undefined, 29.5, undefined, 20, 109.5].map((v) => v ?? 0));
    expect(sheet.getCell('C4').numFmt).toBe(EXCEL_EUROS);
  });

  it('the FEC: 18 columns, AAAAMMJJ dates, comma amounts, every entry balanced, 411 with its auxiliary', async () => {
    const entity = await b.aLodgeWithMembers({ code: 'SOEURS', nom: 'Les Sœurs Unies', managers: 1 });
    clock.at = new Date('2026-11-02T10:00:00Z');
    const invoice = await anInvoice(entity.id, 12345, 'Cotisation\tspéciale');
    await pay(invoice, 10000, 'C', '2026-11-03');
    await pay(invoice, 14690, 'V', '2026-11-04');
    const cancelled = await anInvoice(entity.id, 500);
    const cancel = await t.call({
      method: 'PUT',
      url: '/api/compta/commande?action=FACTURE_CANCELLED',
      token: tresorier.token,
      payload: { id: cancelled.id, motif: 'Erreur' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    clock.at = new Date('2026-11-23T10:00:00Z');
    expect((await get(venerable, '/api/compta/fec?du=2026-11-01&au=2026-11-30')).statusCode).toBe(403);
    expect((await get(lecteur, '/api/compta/fec?du=2026-11-30&au=2026-11-01')).statusCode).toBe(412);
    expect((await get(lecteur, '/api/compta/fec?du=2020-01-01&au=2026-11-30')).statusCode).toBe(412);
    const file = await get(lecteur, '/api/compta/fec?du=2026-11-01&au=2026-11-30');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/FEC20261130\.txt/);
    // ISO 8859-15: « œ » is byte 0xBD.
    expect(file.rawPayload.includes(Buffer.from([0xbd]))).toBe(true);
    const text = new TextDecoder('iso-8859-15').decode(file.rawPayload);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text
      .slice(0, -2)
      .split('\r\n')
      .map((l) => l.split('\t'));
    expect(lines[0]).toEqual([
      'JournalCode',
      'JournalLib',
      'EcritureNum',
      'EcritureDate',
      'CompteNum',
      'CompteLib',
      'CompAuxNum',
      'CompAuxLib',
      'PieceRef',
      'PieceDate',
      'EcritureLib',
      'Debit',
      'Credit',
      'EcritureLet',
      'DateLet',
      'ValidDate',
      'Montantdevise',
      'Idevise',
    ]);
    const body = lines.slice(1);
    expect(body.length).toBeGreaterThan(0);
    const cents = (s: string) => {
      expect(s).toMatch(/^-?\d+,\d{2}$/);
      return Number(s.replace(',', ''));
    };
    const byEntry = new Map<string, { debit: number; credit: number; date: string }>();
    for (const l of body) {
      expect(l).toHaveLength(18);
      const [journal, , num, date, compte, , auxNum, auxLib, piece, pieceDate, , debit, credit, , , valid] =
        l as string[];
      expect(['VT', 'BQ']).toContain(journal);
      expect(date).toMatch(/^\d{8}$/);
      expect(pieceDate).toMatch(/^\d{8}$/);
      expect(valid).toBe(date);
      expect(date! >= '20261101' && date! <= '20261130').toBe(true);
      expect(piece!.length).toBeGreaterThan(0);
      expect(['411', '706', '512', '5112']).toContain(compte);
      if (compte === '411') expect(auxNum!.startsWith('411')).toBe(true);
      else expect(auxNum).toBe('');
      const d = cents(debit!);
      const c = cents(credit!);
      expect(d === 0 || c === 0).toBe(true);
      const entry = byEntry.get(`${journal}${num}`) ?? { debit: 0, credit: 0, date: date! };
      expect(entry.date).toBe(date);
      entry.debit += d;
      entry.credit += c;
      byEntry.set(`${journal}${num}`, entry);
      if (auxLib === 'Les Sœurs Unies') expect(auxNum).toBe('411SOEURS');
    }
    for (const [num, e] of byEntry) expect(e.debit, num).toBe(e.credit);
    // The entity's own movements: the invoice, two payments (cheque to 5112, transfer to 512), the
    // cancelled invoice and its credit note.
    const ours = body.filter((l) => l[6] === '411SOEURS');
    expect(ours.map((l) => [l[0], l[11], l[12]])).toEqual([
      ['VT', '246,90', '0,00'],
      ['VT', '10,00', '0,00'],
      ['VT', '0,00', '10,00'],
      ['BQ', '0,00', '100,00'],
      ['BQ', '0,00', '146,90'],
    ]);
    const cheque = body.find((l) => l[8] === `REF-${invoice.id}` && l[4] === '5112');
    expect(cheque?.[11]).toBe('100,00');
    expect(body.find((l) => l[8] === invoice.numeroFacture && l[4] === '706')?.[10]).toContain(
      'Cotisation spéciale',
    );
  });
});
