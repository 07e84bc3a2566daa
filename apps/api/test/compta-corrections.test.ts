/**
 * Corrections that a real year needs (issue 20), through the HTTP API: partial credit notes (lines or an
 * amount, never more than what remains creditable, also under simultaneous requests), the credit they
 * leave on a paid invoice used on the next one or refunded, counter-entries of wrong payments, one
 * payment allocated across several invoices, the cheque deposit slip read back, and the order page that
 * offers only what the server accepts.
 */
import type { EntityAccount, OrderDetail, OrderSearchResult } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingAllocations, accountingPayments } from '../src/db/schema';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { builders, type Builders } from './builders';
import { pdfText } from './pdf-text';

const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let b: Builders;
const tokens: Record<string, string> = {};

const act = (action: string, payload: Record<string, unknown>, token = tokens.tresorier) =>
  t.call({ method: 'PUT', url: `/api/compta/commande?action=${action}`, token, payload });
const ok = async (action: string, payload: Record<string, unknown>) => {
  const response = await act(action, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetail>();
};
const infos = async (id: number, token = tokens.lecteur) =>
  (await t.call({ method: 'GET', url: `/api/compta/commande/${id}/infos`, token })).json<OrderDetail>();
const accountOf = async (entity: number) =>
  (
    await t.call({ method: 'GET', url: `/api/compta/entite/${entity}/compte`, token: tokens.lecteur })
  ).json<EntityAccount>();
const cheque = (montant: number, reference = 'CHQ 1') => ({
  mode: 'C',
  date: '2026-11-23',
  reference,
  montant,
});
/** Two lines: 2 × 30 € and 1 × 40 €, 100 € in all. */
const LINES = [
  { libelle: 'Location Temple Hiram', quantite: 2, prixUnitaire: 3000 },
  { libelle: 'Ménage', quantite: 1, prixUnitaire: 4000 },
];
/** A new lodge (its own account, so each test reads its own credit). */
const aLodge = async () =>
  (
    await b.aLodgeWithMembers({
      nom: `Loge ${b.unique()}`,
      members: 0,
      adresseFacturation: '12 rue Sainte-Catherine, 69001 Lyon',
    })
  ).id;
const invoiceOf = (entity: number, lignes = LINES) =>
  b.anOrder({ by: { token: tokens.tresorier! }, entity, annee: 2026, issued: true, lignes });

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  tokens.tresorier = (await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] })).token;
  tokens.lecteur = (await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] })).token;
});
afterAll(() => t.close());

describe('partial credit notes', () => {
  it('credits some lines of an unpaid invoice: its own AV number, what is due goes down', async () => {
    const lodge = await aLodge();
    const invoice = await invoiceOf(lodge);
    const credited = await ok('AVOIR_FACTURE', {
      id: invoice.id,
      avoir: { lignes: [1] },
      motif: 'Ménage non fait',
    });
    expect(credited.etat).toBe('FE');
    expect(credited.avoirs).toEqual([
      expect.objectContaining({
        numero: expect.stringMatching(/^AV-2026-\d{4}$/),
        montant: 4000,
        motif: 'Ménage non fait',
      }),
    ]);
    expect(credited).toMatchObject({ credite: 4000, du: 6000, creditable: 6000, creditEntite: 0 });
    // The search's « Reste dû » adds up its rows' `du`: the credit note lowers it too.
    const found = (
      await t.call({
        method: 'POST',
        url: '/api/compta/commande/search',
        token: tokens.lecteur,
        payload: { idEntite: lodge },
      })
    ).json<OrderSearchResult>();
    expect(found).toMatchObject({ total: 1, montantDu: 6000, lignes: [{ id: invoice.id, du: 6000 }] });
    expect(credited.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      `Avoir ${credited.avoirs[0]!.numero} de 40,00 € établi — Ménage non fait`,
    );
    // The same line twice, an unknown line, both at once: refused, nothing changed.
    expect((await act('AVOIR_FACTURE', { id: invoice.id, avoir: { lignes: [1] } })).json().error).toBe(
      'line_credited',
    );
    expect((await act('AVOIR_FACTURE', { id: invoice.id, avoir: { lignes: [7] } })).json().error).toBe(
      'unknown_line',
    );
    expect(
      (await act('AVOIR_FACTURE', { id: invoice.id, avoir: { lignes: [0], montant: 100 } })).statusCode,
    ).toBe(412);
    expect((await act('AVOIR_FACTURE', { id: invoice.id })).json().error).toBe('credit_note_missing');
    expect((await infos(invoice.id)).avoirs).toHaveLength(1);
  });

  it('never more than what remains creditable; the last credit cancels the invoice and shows nothing due', async () => {
    const invoice = await invoiceOf(await aLodge());
    await ok('AVOIR_FACTURE', { id: invoice.id, avoir: { montant: 7000 } });
    const over = await act('AVOIR_FACTURE', { id: invoice.id, avoir: { montant: 3001 } });
    expect(over.statusCode).toBe(412);
    expect(over.json()).toMatchObject({ error: 'over_credit', message: expect.stringMatching(/30,00/) });
    const last = await ok('AVOIR_FACTURE', { id: invoice.id, avoir: { montant: 3000 } });
    expect(last).toMatchObject({ etat: 'FA', du: 0, creditable: 0, numeroAvoir: last.avoirs[1]!.numero });
    expect(last.actions).not.toContain('AVOIR_FACTURE');
    expect(last.actions).not.toContain('EDIT_PAYMENT');
  });

  it('on a paid invoice, leaves a credit that the next invoice uses; the history reads what happened', async () => {
    const lodge = await aLodge();
    const paid = await invoiceOf(lodge);
    const settled = await ok('FACTURE_PAID', { id: paid.id, paiement: cheque(10000) });
    expect(settled.etat).toBe('FP');
    expect(settled.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      'Paiement de 100,00 € enregistré par chèque, facture soldée',
    );
    expect(settled.actions).toContain('AVOIR_FACTURE');

    const credited = await ok('AVOIR_FACTURE', { id: paid.id, avoir: { montant: 2500 } });
    expect(credited).toMatchObject({ etat: 'FP', du: 0, credite: 2500, creditEntite: 2500 });
    expect(credited.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContainEqual(
      expect.stringMatching(/de 25,00 € établi, 25,00 € portés au crédit de la loge/),
    );
    expect(await accountOf(lodge)).toMatchObject({ du: 0, credit: 2500, factures: [] });

    const next = await invoiceOf(lodge, [{ libelle: 'Agapes', quantite: 1, prixUnitaire: 6000 }]);
    // The actions offered are the caller's: the treasurer's, who may use the credit.
    expect((await infos(next.id, tokens.tresorier)).actions).toContain('USE_CREDIT');
    const used = await ok('USE_CREDIT', { id: next.id });
    expect(used).toMatchObject({ etat: 'FE', du: 3500, paye: 0, creditEntite: 0 });
    expect(used.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      'Crédit de la loge de 25,00 € imputé sur la facture',
    );
    expect(used.actions).not.toContain('USE_CREDIT');
    expect((await act('USE_CREDIT', { id: next.id })).json().error).toBe('no_credit');
    expect(await accountOf(lodge)).toMatchObject({ du: 3500, credit: 0 });
  });

  it('its PDF is a Factur-X credit note (381) of the lines it credits, referring to the invoice', async () => {
    const invoice = await invoiceOf(await aLodge());
    const credited = await ok('AVOIR_FACTURE', { id: invoice.id, avoir: { lignes: [1] } });
    const note = credited.avoirs[0]!;
    const response = await t.call({
      method: 'GET',
      url: `/api/compta/avoir/${note.id}/document`,
      token: tokens.lecteur,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Avoir ${note.numero}`);
    expect(text).toContain(`Avoir partiel sur la facture ${invoice.numeroFacture}`);
    expect(text).toContain('Ménage');
    expect(text).not.toContain('Location Temple Hiram');
    // A Factur-X file (PDF/A-3 with its embedded XML, whose 381 type test/compta-facturx.test.ts reads).
    expect(response.rawPayload.toString('latin1')).toContain('factur-x.xml');
    expect(
      (await t.call({ method: 'GET', url: '/api/compta/avoir/999999/document', token: tokens.lecteur }))
        .statusCode,
    ).toBe(404);
  });

  it('« Annuler la facture » of a paid invoice credits all of it; what was paid is the lodge’s credit, refunded', async () => {
    const lodge = await aLodge();
    const invoice = await invoiceOf(lodge);
    await ok('EDIT_PAYMENT', { id: invoice.id, paiement: cheque(3000) });
    const cancelled = await ok('FACTURE_CANCELLED', { id: invoice.id, motif: 'Tenue annulée' });
    expect(cancelled).toMatchObject({ etat: 'FA', du: 0, credite: 10000, creditEntite: 3000 });
    expect(cancelled.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      `Facture annulée par l’avoir ${cancelled.numeroAvoir} de 100,00 € — Tenue annulée`,
    );
    const tooMuch = await t.call({
      method: 'POST',
      url: `/api/compta/entite/${lodge}/remboursement`,
      token: tokens.tresorier,
      payload: { ...cheque(3001, 'CHQ Union 12'), motif: 'Tenue annulée' },
    });
    expect(tooMuch.json()).toMatchObject({ status: 412, error: 'no_credit' });
    const refunded = await t.call({
      method: 'POST',
      url: `/api/compta/entite/${lodge}/remboursement`,
      token: tokens.tresorier,
      payload: { ...cheque(3000, 'CHQ Union 12'), motif: 'Tenue annulée' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json<EntityAccount>()).toMatchObject({ credit: 0, du: 0 });
    const [refund] = await t.db
      .select()
      .from(accountingPayments)
      .where(eq(accountingPayments.reference, 'CHQ Union 12'));
    expect(refund).toMatchObject({ nature: 'R', montant: 3000, entityId: lodge });
  });
});

describe('a wrong payment is reversed by a counter-entry', () => {
  it('both stay in the history; the invoice is due again', async () => {
    const invoice = await invoiceOf(await aLodge());
    const paid = await ok('FACTURE_PAID', { id: invoice.id, paiement: cheque(10000, 'CHQ sans provision') });
    const payment = paid.paiements[0]!;
    expect((await act('REVERSE_PAYMENT', { id: invoice.id, paiementId: payment.id })).json().error).toBe(
      'reason_missing',
    );
    const reversed = await ok('REVERSE_PAYMENT', {
      id: invoice.id,
      paiementId: payment.id,
      motif: 'Chèque rejeté par la banque',
    });
    expect(reversed).toMatchObject({ etat: 'FE', du: 10000, paye: 0 });
    expect(reversed.paiements).toEqual([
      expect.objectContaining({ id: payment.id, nature: 'E', montant: 10000, contrePasse: true }),
      expect.objectContaining({ nature: 'C', montant: -10000, motif: 'Chèque rejeté par la banque' }),
    ]);
    expect(reversed.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      'Paiement de 100,00 € par chèque contre-passé — Chèque rejeté par la banque',
    );
    expect(reversed.actions).not.toContain('REVERSE_PAYMENT');
    const again = await act('REVERSE_PAYMENT', { id: invoice.id, paiementId: payment.id, motif: 'encore' });
    expect(again.json().error).toBe('payment_unknown');
    // Nothing deleted: the database refuses it whatever code tries.
    await expect(
      t.db.delete(accountingPayments).where(eq(accountingPayments.id, payment.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(accountingAllocations)).rejects.toThrow();
    await expect(
      t.db.update(accountingPayments).set({ montant: 1 }).where(eq(accountingPayments.id, payment.id)),
    ).rejects.toThrow();
  });

  it('a payment partly refunded is reversed for what remains; the refund stays and the account adds up', async () => {
    const lodge = await aLodge();
    const invoice = await invoiceOf(lodge);
    const paid = await t.call({
      method: 'POST',
      url: '/api/compta/paiement',
      token: tokens.tresorier,
      payload: {
        idEntite: lodge,
        ...cheque(15000, 'CHQ 77'),
        affectations: [{ idCommande: invoice.id, montant: 10000 }],
      },
    });
    expect(paid.json<EntityAccount>()).toMatchObject({ du: 0, credit: 5000 });
    const refund = await t.call({
      method: 'POST',
      url: `/api/compta/entite/${lodge}/remboursement`,
      token: tokens.tresorier,
      payload: { ...cheque(3000, 'CHQ Union 13'), motif: 'Trop-perçu' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const payment = (await infos(invoice.id)).paiements[0]!;
    const reversed = await ok('REVERSE_PAYMENT', {
      id: invoice.id,
      paiementId: payment.id,
      motif: 'Chèque rejeté par la banque',
    });
    expect(reversed).toMatchObject({ etat: 'FE', du: 10000, paye: 0 });
    expect(reversed.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      'Paiement par chèque contre-passé pour 120,00 € (30,00 € déjà remboursés à la loge) — Chèque rejeté par la banque',
    );
    const [counter] = await t.db
      .select()
      .from(accountingPayments)
      .where(eq(accountingPayments.contrePasseId, payment.id));
    expect(counter).toMatchObject({ nature: 'C', montant: 12000 });
    // Received 150, refunded 30, reversed 120: the invoice is owed again, no credit is left.
    expect(await accountOf(lodge)).toMatchObject({ du: 10000, credit: 0 });
  });

  it('a payment of another invoice is not reversed from this one', async () => {
    const lodge = await aLodge();
    const one = await invoiceOf(lodge);
    const other = await invoiceOf(lodge);
    const paid = await ok('EDIT_PAYMENT', { id: one.id, paiement: cheque(1000) });
    await ok('EDIT_PAYMENT', { id: other.id, paiement: cheque(1000) });
    const response = await act('REVERSE_PAYMENT', {
      id: other.id,
      paiementId: paid.paiements[0]!.id,
      motif: 'x',
    });
    expect(response.json().error).toBe('payment_unknown');
  });
});

describe('one payment settles several invoices of one entity', () => {
  it('the treasurer allocates it; the rest is a credit; never more than the payment or what each has due', async () => {
    const lodge = await aLodge();
    const first = await invoiceOf(lodge);
    const second = await invoiceOf(lodge, [{ libelle: 'Agapes', quantite: 1, prixUnitaire: 5000 }]);
    const other = await invoiceOf(await aLodge());
    const pay = (payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/api/compta/paiement', token: tokens.tresorier, payload });
    const base = { idEntite: lodge, ...cheque(20000, 'CHQ 4521') };
    for (const [affectations, error] of [
      [[{ idCommande: first.id, montant: 10001 }], 'over_allocation'],
      [[{ idCommande: other.id, montant: 100 }], 'invoice_not_open'],
    ] as const)
      expect((await pay({ ...base, affectations })).json().error).toBe(error);
    expect(
      (await pay({ ...base, affectations: [{ idCommande: other.id, montant: 100 }] })).json().message,
    ).toBe(`La pièce n° ${other.id} n’est pas une facture émise à payer de cette loge.`);
    expect(
      (
        await pay({
          ...base,
          montant: 14999,
          affectations: [
            { idCommande: first.id, montant: 10000 },
            { idCommande: second.id, montant: 5000 },
          ],
        })
      ).json().error,
    ).toBe('over_allocation');
    expect((await accountOf(lodge)).credit).toBe(0);

    const response = await pay({
      ...base,
      affectations: [
        { idCommande: first.id, montant: 10000 },
        { idCommande: second.id, montant: 3000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<EntityAccount>()).toMatchObject({
      du: 2000,
      credit: 7000,
      factures: [expect.objectContaining({ id: second.id, du: 2000 })],
    });
    expect(await infos(first.id)).toMatchObject({ etat: 'FP', paye: 10000 });
    const secondNow = await infos(second.id);
    expect(secondNow).toMatchObject({ etat: 'FE', paye: 3000, du: 2000 });
    expect(secondNow.historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' '))).toContain(
      'Paiement de 200,00 € enregistré par chèque (affecté 30,00 € à cette facture)',
    );
    // Reversing it undoes it on every invoice it settled.
    const reversed = await ok('REVERSE_PAYMENT', {
      id: second.id,
      paiementId: secondNow.paiements[0]!.id,
      motif: 'Erreur',
    });
    expect(reversed.du).toBe(5000);
    expect(await infos(first.id)).toMatchObject({ etat: 'FE', du: 10000 });
    expect((await accountOf(lodge)).credit).toBe(0);
  });
});

describe('the cheque deposit slip', () => {
  it('lists the cheques received in the period, not the reversed ones, with their total', async () => {
    const lodge = await b.aLodgeWithMembers({ nom: 'La Parfaite Union', members: 0 });
    const one = await invoiceOf(lodge.id);
    const two = await invoiceOf(lodge.id);
    await ok('EDIT_PAYMENT', {
      id: one.id,
      paiement: { ...cheque(4250, 'CHQ 0000123'), date: '2026-11-27' },
    });
    const wrong = await ok('EDIT_PAYMENT', {
      id: two.id,
      paiement: { ...cheque(1000, 'CHQ 0000999'), date: '2026-11-27' },
    });
    await ok('EDIT_PAYMENT', {
      id: two.id,
      paiement: { mode: 'V', date: '2026-11-27', reference: 'VIR 77', montant: 500 },
    });
    await ok('REVERSE_PAYMENT', { id: two.id, paiementId: wrong.paiements[0]!.id, motif: 'Doublon' });
    const response = await t.call({
      method: 'GET',
      url: '/api/compta/remise-cheques?du=2026-11-26&au=2026-11-28',
      token: tokens.lecteur,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('remise-cheques-2026-11-26-2026-11-28.pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Bordereau de remise de chèques');
    expect(text).toContain('La Parfaite Union');
    expect(text).toContain('CHQ 0000123');
    expect(text).toMatch(/42,50/);
    expect(text).not.toContain('CHQ 0000999');
    expect(text).not.toContain('VIR 77');
    expect(text).toMatch(/1 chèque\b/);
    const backwards = await t.call({
      method: 'GET',
      url: '/api/compta/remise-cheques?du=2026-11-28&au=2026-11-26',
      token: tokens.lecteur,
    });
    expect(backwards.statusCode).toBe(412);
    expect(backwards.json().message).toContain('La date de début doit précéder la date de fin.');
  });
});

describe('only what the server accepts is offered', () => {
  it('no « Émettre » on an issued invoice, no reminder before the due date nor twice a day, with why', async () => {
    const lodge = (
      await b.aLodgeWithMembers({ nom: `Loge ${b.unique()}`, members: 0, emailFacturation: 'a@b.fr' })
    ).id;
    const invoice = await invoiceOf(lodge);
    expect(invoice.actions).not.toContain('FACTURE_SENT');
    expect(invoice.actions).not.toContain('RELANCE_FACTURE');
    expect(invoice.indisponibles).toEqual([
      { action: 'RELANCE_FACTURE', raison: expect.stringMatching(/Pas de relance avant l’échéance/) },
    ]);
    expect((await act('RELANCE_FACTURE', { id: invoice.id })).json().error).toBe('not_overdue');
    clock.at = new Date('2027-01-05T10:00:00Z');
    try {
      // Sessions end 8 hours after their sign-in: a treasurer of the new day.
      const tresorier = (await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] })).token;
      const read = async () =>
        (
          await t.call({ method: 'GET', url: `/api/compta/commande/${invoice.id}/infos`, token: tresorier })
        ).json<OrderDetail>();
      expect((await read()).actions).toContain('RELANCE_FACTURE');
      const reminded = await act('RELANCE_FACTURE', { id: invoice.id }, tresorier);
      expect(reminded.statusCode, reminded.body).toBe(200);
      expect(
        reminded.json<OrderDetail>().historique.map((h) => h.libelle.replace(/[\u202f\u00a0]/g, ' ')),
      ).toContain('Relance de niveau 1 envoyée par e-mail');
      const after = await read();
      expect(after.actions).not.toContain('RELANCE_FACTURE');
      expect(after.indisponibles[0]!.raison).toMatch(/déjà partie aujourd’hui/);
      expect((await act('RELANCE_FACTURE', { id: invoice.id }, tresorier)).json().error).toBe(
        'already_reminded',
      );
    } finally {
      clock.at = new Date('2026-11-23T10:00:00Z');
    }
  });
});

describe('under simultaneous requests (the database decides)', () => {
  it('two credit notes that each fit but not together: one is refused, nothing over-credited', async () => {
    const invoice = await invoiceOf(await aLodge());
    const answers = await Promise.all(
      [6000, 6000].map((montant) => act('AVOIR_FACTURE', { id: invoice.id, avoir: { montant } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    expect(answers.find((a) => a.statusCode === 412)!.json().error).toBe('over_credit');
    expect(await infos(invoice.id)).toMatchObject({ credite: 6000, creditable: 4000 });
  });

  it('one credit used on two invoices at once: never more than the credit', async () => {
    const lodge = await aLodge();
    const paid = await invoiceOf(lodge);
    await ok('FACTURE_PAID', { id: paid.id, paiement: cheque(10000) });
    await ok('AVOIR_FACTURE', { id: paid.id, avoir: { montant: 5000 } });
    const a = await invoiceOf(lodge);
    const c = await invoiceOf(lodge);
    const answers = await Promise.all([a, c].map((o) => act('USE_CREDIT', { id: o.id })));
    const used = (await Promise.all([a, c].map((o) => infos(o.id)))).reduce(
      (s, o) => s + (o.total - o.du),
      0,
    );
    expect(used).toBe(5000);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect((await accountOf(lodge)).credit).toBe(0);
  });

  it('payments, a credit used and a counter-entry on overlapping invoices at once: each a clear answer, no deadlock', async () => {
    const pay = (lodge: number, reference: string, affectations: { idCommande: number; montant: number }[]) =>
      t.call({
        method: 'POST',
        url: '/api/compta/paiement',
        token: tokens.tresorier,
        payload: { idEntite: lodge, ...cheque(30000, reference), affectations },
      });
    for (let round = 0; round < 6; round++) {
      const lodge = await aLodge();
      const [x, y, z] = [await invoiceOf(lodge), await invoiceOf(lodge), await invoiceOf(lodge)];
      // A payment of x and y with something left as credit, to be reversed from y's page.
      const first = await pay(lodge, 'CHQ 1', [
        { idCommande: x.id, montant: 2000 },
        { idCommande: y.id, montant: 2000 },
      ]);
      expect(first.statusCode, first.body).toBe(201);
      const paymentId = (await infos(y.id)).paiements[0]!.id;
      const answers = await Promise.all([
        pay(lodge, 'CHQ 2', [
          { idCommande: y.id, montant: 1000 },
          { idCommande: x.id, montant: 1000 },
        ]),
        pay(lodge, 'CHQ 3', [
          { idCommande: x.id, montant: 1000 },
          { idCommande: y.id, montant: 1000 },
        ]),
        act('REVERSE_PAYMENT', { id: y.id, paiementId: paymentId, motif: 'Chèque rejeté' }),
        act('USE_CREDIT', { id: z.id }),
      ]);
      for (const a of answers) expect([200, 201, 412], a.body).toContain(a.statusCode);
      const account = await accountOf(lodge);
      // Owed less credit is what was invoiced less what was received net: 300 € of invoices, two cheques
      // of 300 € (the first one reversed).
      expect(account.du - account.credit).toBe(30000 - 60000);
    }
  });

  it('two payments allocated to one invoice at once: never more than it has due', async () => {
    const lodge = await aLodge();
    const invoice = await invoiceOf(lodge);
    const answers = await Promise.all(
      ['CHQ A', 'CHQ B'].map((reference) =>
        t.call({
          method: 'POST',
          url: '/api/compta/paiement',
          token: tokens.tresorier,
          payload: {
            idEntite: lodge,
            ...cheque(8000, reference),
            affectations: [{ idCommande: invoice.id, montant: 8000 }],
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 412]);
    expect(await infos(invoice.id)).toMatchObject({ paye: 8000, du: 2000 });
  });
});
