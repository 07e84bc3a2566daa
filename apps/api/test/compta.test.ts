/**
 * The Union's accounting through the HTTP API: 401 → 412 → 403 → 404 → success, the French numbering
 * rules under concurrency, payments, reminders, the PDFs and workbooks read back.
 */
import {
  EntityType,
  type BulkCallReport,
  type FeeTable,
  type OrderDetail,
  type OrderSearchResult,
  type Preload,
  type UnionSettings,
} from '@union/contract';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAttachments, emailOutbox } from '../src/db/schema';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { builders, type Builders, type MemberFields, type OrderFields, type Person } from './builders';
import { pdfText } from './pdf-text';

/** A clock the tests move: the app reads "today" from it. */
const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let b: Builders;
/** Tokens of people who only call (nothing of theirs is changed or counted). */
const tokens: Record<string, string> = {};
/** Les Chevaliers du Rhône: billing address and e-mail, 23 current members (see FEE_MEMBERS). */
let lodge: number;
/** Tolérance et Progrès: no billing e-mail. */
let lodgeNoEmail: number;

const COMPTA = ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] as const;

/** 25 memberships: 23 current, one who left in October, one who joins in December. */
const FEE_MEMBERS: MemberFields[] = Array.from({ length: 25 }, (_, i) => ({
  debut: i === 24 ? '2026-12-15' : '2020-01-01',
  fin: i === 23 ? '2026-10-15' : null,
}));
/** Members since 2021, as many as asked. */
const since2021 = (n: number): MemberFields[] => Array.from({ length: n }, () => ({ debut: '2021-09-01' }));
/** Someone who books rooms for their entity. */
const BOOKER: MemberFields = { habilitations: ['USER', 'PLANNING'], flags: { reservation: true } };

/**
 * The yearly fees (PUT /api/parametres/union as an administrator): 120 € for a GODF lodge, 90 € for a
 * DH one, nothing for the other types (« non renseignée »). Local builder: builders.ts has no settings.
 */
async function setFees(ctx: TestContext, by: Person) {
  const settings = (
    await ctx.call({ method: 'GET', url: '/api/parametres/union', token: by.token })
  ).json<UnionSettings>();
  const cotisations = Object.fromEntries(EntityType.codes.map((code) => [code, 0]));
  const saved = await ctx.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: by.token,
    payload: { ...settings, cotisations: { ...cotisations, GODF: 12000, DH: 9000 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const line = (over: Record<string, unknown> = {}) => ({
  libelle: 'Location Temple Hiram',
  quantite: 2,
  prixUnitaire: 3000,
  ...over,
});
const create = (over: Record<string, unknown> = {}, token = tokens.tresorier) =>
  t.call({
    method: 'POST',
    url: '/api/compta/commande',
    token,
    payload: {
      type: 'S',
      idEntite: lodge,
      annee: 2026,
      objet: 'Prestation',
      devis: true,
      lignes: [line()],
      ...over,
    },
  });
const act = (action: string, payload: Record<string, unknown>, token = tokens.tresorier) =>
  t.call({ method: 'PUT', url: `/api/compta/commande?action=${action}`, token, payload });
const infos = async (id: number) =>
  (
    await t.call({ method: 'GET', url: `/api/compta/commande/${id}/infos`, token: tokens.lecteur })
  ).json<OrderDetail>();
/** A new invoice (of the lodge unless told) issued without e-mail, answered with its detail. */
const issuedInvoice = (over: Partial<OrderFields> = {}) =>
  b.anOrder({
    by: { token: tokens.tresorier! },
    entity: lodge,
    annee: 2026,
    issued: true,
    ...over,
  });
/** The last e-mail with this subject: the test's own, whatever the others sent. */
const emailWithSubject = async (sujet: string) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.sujet, sujet))
      .orderBy(desc(emailOutbox.id))
      .limit(1)
  )[0]!;
const attachmentsOf = (emailId: number) =>
  t.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId));
const preload = (q: string, token = tokens.tresorier) =>
  t.call({ method: 'GET', url: `/api/compta/commande/preload?${q}`, token });

/** A fee call of the entity for the 2026 instalment, drafted as the screen does: preload, then create. */
async function aFeeCall(entityId: number, tranche: string) {
  const p = (await preload(`idEntite=${entityId}&type=A&annee=2026&tranche=${tranche}`)).json<Preload>();
  const response = await create({
    type: 'A',
    tranche,
    idEntite: entityId,
    devis: false,
    objet: p.objet,
    lignes: p.lignes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDetail>();
}

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  await setFees(t, await b.aUser({ habilitations: ['USER', 'ADMIN'] }));
  const people: [string, MemberFields['habilitations']][] = [
    ['tresorier', [...COMPTA]],
    ['lecteur', ['USER', 'COMPTA_LECTURE']],
    ['saisie', ['USER', 'COMPTA_SAISIE']],
    ['membre', ['USER', 'RESTAURATION']],
  ];
  for (const [role, habilitations] of people) tokens[role] = (await b.aUser({ habilitations })).token;
  lodge = (
    await b.aLodgeWithMembers({
      nom: 'Les Chevaliers du Rhône',
      members: FEE_MEMBERS,
      adresseFacturation: '12 rue Sainte-Catherine, 69001 Lyon',
      emailFacturation: 'tresorerie@chevaliers.fr',
    })
  ).id;
  lodgeNoEmail = (await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', type: 'DH', members: 0 })).id;
});
afterAll(() => t.close());

describe('every call needs a session (401)', () => {
  it.each([
    ['POST', '/api/compta/commande/search'],
    ['POST', '/api/compta/commande/excel'],
    ['GET', '/api/compta/commande/1/infos'],
    ['POST', '/api/compta/commande'],
    ['PUT', '/api/compta/commande?action=EDIT_DEVIS'],
    ['GET', `/api/compta/commande/preload?idEntite=1&type=S&annee=2026`],
    ['GET', '/api/compta/commande/1/document/facture'],
    ['GET', '/api/compta/cotisation/excel?annee=2026'],
    ['GET', '/api/compta/cotisation?annee=2026'],
    ['POST', '/api/compta/cotisation/appel'],
  ] as const)('%s %s', async (method, url) => {
    expect((await t.call({ method, url, payload: {} })).statusCode).toBe(401);
  });
});

describe('bad input is a 412 with a French message', () => {
  it.each([
    ['no line', { lignes: [] }, /au moins une ligne/],
    ['a negative quantity', { lignes: [line({ quantite: -1 })] }, /quantité doit être positive/],
    ['three decimals', { lignes: [line({ quantite: 1.234 })] }, /deux décimales/],
    ['a fee call without instalment', { type: 'A' }, /tranche/],
    ['an implausible year', { annee: 1800 }, /entre 2000 et 2100/],
    ['an empty subject', { objet: ' ' }, /objet/],
  ])('%s', async (_what, over, message) => {
    const response = await create(over);
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(message);
  });

  it('an unknown action or document', async () => {
    expect((await act('PAY_NOW', { id: 1 })).json()).toMatchObject({
      status: 412,
      message: expect.stringMatching(/Action inconnue/),
    });
    const doc = await t.call({
      method: 'GET',
      url: '/api/compta/commande/1/document/bon',
      token: tokens.lecteur,
    });
    expect(doc.statusCode).toBe(412);
  });

  it('a negative total is only for an adjustment, and a deleted entity or the Union is not billed', async () => {
    const deleted = await b.aLodgeWithMembers({ nom: 'Loge en sommeil', members: 0, etat: 'S' });
    expect((await create({ lignes: [line({ prixUnitaire: -100 })] })).json()).toMatchObject({
      error: 'negative_total',
      message: expect.stringMatching(/^Le total de la pièce est négatif/),
    });
    expect((await create({ idEntite: deleted.id })).json().error).toBe('entity_deleted');
  });
});

describe('rights (403): COMPTA_LECTURE reads, COMPTA_SAISIE acts', () => {
  it('a member without COMPTA_LECTURE reads nothing', async () => {
    for (const [method, url] of [
      ['POST', '/api/compta/commande/search'],
      ['GET', '/api/compta/commande/1/infos'],
      ['GET', '/api/compta/cotisation/excel?annee=2026'],
      ['GET', '/api/compta/commande/1/document/facture'],
    ] as const) {
      expect((await t.call({ method, url, token: tokens.membre, payload: {} })).statusCode).toBe(403);
    }
  });
  it('a reader cannot create, act, preload or call fees; COMPTA_SAISIE alone is not enough', async () => {
    expect((await create({}, tokens.lecteur)).statusCode).toBe(403);
    expect((await create({}, tokens.saisie)).statusCode).toBe(403);
    const order = (await create()).json<OrderDetail>();
    expect((await act('DEVIS_SENT', { id: order.id }, tokens.lecteur)).statusCode).toBe(403);
    expect((await infos(order.id)).etat).toBe('DC');
    expect((await preload(`idEntite=${lodge}&type=A&annee=2026&tranche=A`, tokens.lecteur)).statusCode).toBe(
      403,
    );
    const bulk = await t.call({
      method: 'POST',
      url: '/api/compta/cotisation/appel',
      token: tokens.lecteur,
      payload: { annee: 2026, tranche: 'A' },
    });
    expect(bulk.statusCode).toBe(403);
  });
  it('a reader is offered only READ and the downloads', async () => {
    const order = (await create()).json<OrderDetail>();
    expect((await infos(order.id)).actions).toEqual(['READ', 'DOWNLOAD_DEVIS']);
  });
});

describe('unknown records (404)', () => {
  it('answers 404 for an order or an entity that does not exist', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/compta/commande/999999/infos', token: tokens.lecteur }))
        .statusCode,
    ).toBe(404);
    expect((await act('DEVIS_SENT', { id: 999999 })).json()).toMatchObject({
      status: 404,
      message: "Cette pièce (facture ou devis) n'existe pas.",
    });
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/api/compta/commande/999999/document/devis',
          token: tokens.lecteur,
        })
      ).statusCode,
    ).toBe(404);
    expect((await create({ idEntite: 999999 })).statusCode).toBe(404);
  });
});

describe('a quote becomes an invoice', () => {
  it('numbers the quote at creation, e-mails it with its PDF, transforms it, issues the invoice', async () => {
    const created = await create({ objet: 'Location du temple pour la tenue solsticiale' });
    expect(created.statusCode).toBe(201);
    const quote = created.json<OrderDetail>();
    expect(quote).toMatchObject({ etat: 'DC', total: 6000, numeroFacture: null });
    expect(quote.numeroDevis).toMatch(/^DE-2026-\d{4}$/);

    const edited = await act('EDIT_DEVIS', {
      id: quote.id,
      lignes: [line(), line({ libelle: 'Ménage', quantite: 1, prixUnitaire: 4550 })],
    });
    expect(edited.json<OrderDetail>()).toMatchObject({ total: 10550, etat: 'DC' });

    const sent = await act('SEND_DEVIS', { id: quote.id });
    expect(sent.json<OrderDetail>().etat).toBe('DE');
    const email = await emailWithSubject(
      `Devis ${quote.numeroDevis} – Location du temple pour la tenue solsticiale`,
    );
    expect(email).toMatchObject({
      destinataire: 'tresorerie@chevaliers.fr',
      sujet: `Devis ${quote.numeroDevis} – Location du temple pour la tenue solsticiale`,
    });
    const [pdf] = await attachmentsOf(email.id);
    const text = await pdfText(Buffer.from(pdf!.contenuBase64, 'base64'));
    expect(text).toContain(`Devis ${quote.numeroDevis}`);
    expect(text).toContain('Les Chevaliers du Rhône');
    expect(text).toContain('12 rue Sainte-Catherine');
    expect(text).toContain('Ménage');
    expect(text).toContain('105,50 €');
    expect(text).toContain('TVA non applicable');

    const invoice = (await act('TRANSFORM_DEVIS', { id: quote.id })).json<OrderDetail>();
    expect(invoice).toMatchObject({ etat: 'FC', numeroFacture: null, numeroDevis: quote.numeroDevis });
    const issued = (await act('FACTURE_SENT', { id: quote.id })).json<OrderDetail>();
    expect(issued.etat).toBe('FE');
    expect(issued.numeroFacture).toMatch(/^FA-2026-\d{4}$/);
    expect(issued).toMatchObject({ dateFacture: '2026-11-23', dateEcheance: '2026-12-23' });
    expect(issued.historique.map((h) => h.libelle)).toContain(`Facture ${issued.numeroFacture} émise`);

    const file = await t.call({
      method: 'GET',
      url: `/api/compta/commande/${quote.id}/document/facture`,
      token: tokens.lecteur,
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${issued.numeroFacture}.pdf`);
    const invoiceText = await pdfText(file.rawPayload);
    expect(invoiceText).toContain(`Facture ${issued.numeroFacture}`);
    expect(invoiceText).toContain('23 décembre 2026');
    expect(invoiceText).toMatch(/indemnité forfaitaire pour frais de recouvrement de 40 €/);
  });

  it('an issued invoice is never edited: the machine refuses, and so does the database itself', async () => {
    const issued = await issuedInvoice();
    const edit = await act('EDIT_FACTURE', { id: issued.id, objet: 'Autre chose' });
    expect(edit.statusCode).toBe(412);
    expect(edit.json().message).toMatch(/Action impossible/);
    await expect(
      t.handle.exec(`UPDATE accounting_orders SET total = 1 WHERE id = ${issued.id}`),
    ).rejects.toThrow();
    await expect(
      t.handle.exec(`DELETE FROM accounting_lines WHERE order_id = ${issued.id}`),
    ).rejects.toThrow();
    await expect(t.handle.exec(`DELETE FROM accounting_orders WHERE id = ${issued.id}`)).rejects.toThrow();
    expect((await infos(issued.id)).total).toBe(6000);
  });

  it('sending needs the billing e-mail, and a refused send leaves the draft without number', async () => {
    const draft = (await create({ devis: false, idEntite: lodgeNoEmail })).json<OrderDetail>();
    const sent = await act('SEND_FACTURE', { id: draft.id });
    expect(sent.statusCode).toBe(412);
    expect(sent.json()).toMatchObject({
      error: 'no_billing_email',
      message: expect.stringMatching(/Tolérance et Progrès/),
    });
    expect(await infos(draft.id)).toMatchObject({ etat: 'FC', numeroFacture: null });
  });
});

describe('payments', () => {
  it('records partial payments, refuses an overpayment, settles the invoice on the last one', async () => {
    const invoice = await issuedInvoice();
    const pay = (montant: number) =>
      act('EDIT_PAYMENT', {
        id: invoice.id,
        paiement: { mode: 'C', date: '2026-11-25', reference: 'Chèque 1234', montant },
      });
    expect((await pay(2000)).json<OrderDetail>()).toMatchObject({ etat: 'FE', paye: 2000 });
    const over = await pay(4001);
    expect(over.json()).toMatchObject({ status: 412, error: 'overpayment' });
    expect(over.json().message).toContain('40,00');
    expect((await act('FACTURE_PAID', { id: invoice.id })).json().error).toBe('invoice_not_paid');
    const settled = (await pay(4000)).json<OrderDetail>();
    expect(settled).toMatchObject({ etat: 'FP', paye: 6000 });
    expect(settled.paiements).toHaveLength(2);
    expect(settled.actions).not.toContain('EDIT_PAYMENT');
  });

  it('FACTURE_PAID records the remaining amount when it is sent', async () => {
    const invoice = await issuedInvoice();
    const paid = await act('FACTURE_PAID', {
      id: invoice.id,
      paiement: { mode: 'V', date: '2026-11-24', montant: 6000 },
    });
    expect(paid.json<OrderDetail>()).toMatchObject({ etat: 'FP', paye: 6000 });
  });
});

describe('cancellation', () => {
  it('an issued invoice is cancelled by a numbered credit note that references it', async () => {
    const invoice = await issuedInvoice();
    const cancelled = (
      await act('FACTURE_CANCELLED', { id: invoice.id, motif: 'Erreur de loge' })
    ).json<OrderDetail>();
    expect(cancelled.etat).toBe('FA');
    expect(cancelled.numeroAvoir).toMatch(/^AV-2026-\d{4}$/);
    expect(cancelled.numeroFacture).toBe(invoice.numeroFacture);
    const file = await t.call({
      method: 'GET',
      url: `/api/compta/commande/${invoice.id}/document/avoir`,
      token: tokens.lecteur,
    });
    const text = await pdfText(file.rawPayload);
    expect(text).toContain(`Avoir ${cancelled.numeroAvoir}`);
    expect(text).toContain(`Annule la facture ${invoice.numeroFacture}`);
  });

  it('a draft is cancelled without credit note; a paid-in-part invoice is, its payment left as the lodge’s credit', async () => {
    const draft = (await create({ devis: false })).json<OrderDetail>();
    expect((await act('FACTURE_CANCELLED', { id: draft.id })).json<OrderDetail>()).toMatchObject({
      etat: 'FA',
      numeroAvoir: null,
    });
    const invoice = await issuedInvoice();
    await act('EDIT_PAYMENT', { id: invoice.id, paiement: { mode: 'V', date: '2026-11-24', montant: 100 } });
    expect((await act('FACTURE_CANCELLED', { id: invoice.id })).json<OrderDetail>()).toMatchObject({
      etat: 'FA',
      du: 0,
      paye: 100,
      creditEntite: 100,
    });
  });
});

describe('fee calls', () => {
  it('preloads a third: members active today × a third of the yearly fee of the entity type', async () => {
    const response = await preload(`idEntite=${lodge}&type=A&annee=2026&tranche=A`);
    const proposal = response.json<Preload>();
    expect(proposal.objet).toBe('Cotisations 2026-2027 — 1er tiers');
    // 25 members: one left in October, one joins in December.
    expect(proposal.lignes).toEqual([
      expect.objectContaining({ quantite: 23, prixUnitaire: 4000, montant: 92000 }),
    ]);
    expect((await preload(`idEntite=${lodge}&type=A&annee=2026`)).json().message).toMatch(/tranche/);
  });

  it('calls an instalment once per entity and year, then the bulk call reports the rest', async () => {
    // The bulk call bills every active entity of the building: on a database of its own, it meets only
    // the ones made here, and the calls it makes change no other test's entities.
    const own = await createTestContext({}, { clock });
    try {
      const ob = builders(own);
      const ownAdmin = await ob.aUser({ habilitations: ['USER', 'ADMIN'] });
      await setFees(own, ownAdmin);
      const { token } = await ob.aUser({ habilitations: [...COMPTA] });
      await ob.theUnion();
      const chevaliers = await ob.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', members: FEE_MEMBERS });
      await ob.aLodgeWithMembers({ nom: 'Tolérance et Progrès', type: 'DH', members: since2021(5) });
      await ob.aLodgeWithMembers({ nom: 'Amicale Fraternelle', type: 'AFM', members: 0 });
      await ob.aLodgeWithMembers({ nom: 'Loge en sommeil', members: 0, etat: 'S' });

      const proposal = (
        await own.call({
          method: 'GET',
          url: `/api/compta/commande/preload?idEntite=${chevaliers.id}&type=A&annee=2026&tranche=A`,
          token,
        })
      ).json<Preload>();
      const callA = () =>
        own.call({
          method: 'POST',
          url: '/api/compta/commande',
          token,
          payload: {
            type: 'A',
            tranche: 'A',
            idEntite: chevaliers.id,
            annee: 2026,
            devis: false,
            objet: proposal.objet,
            lignes: proposal.lignes,
          },
        });
      const first = await callA();
      expect(first.statusCode).toBe(201);
      const again = await callA();
      // A draft invoice is named by its id, as its screen shows it: a « facture », never a « commande ».
      expect(again.json()).toMatchObject({
        status: 412,
        error: 'fee_call_exists',
        message: `Le 1er tiers 2026-2027 a déjà été appelé pour « Les Chevaliers du Rhône » (facture n° ${first.json<{ id: number }>().id}) : annulez-le d'abord pour l'appeler de nouveau.`,
      });

      const bulk = await own.call({
        method: 'POST',
        url: '/api/compta/cotisation/appel',
        token,
        payload: { annee: 2026, tranche: 'A' },
      });
      expect(bulk.statusCode).toBe(201);
      const report = bulk.json<BulkCallReport>();
      expect(report.crees).toEqual([
        { id: expect.any(Number), entite: 'Tolérance et Progrès', total: 5 * 3000 },
      ]);
      expect(report.ignores).toEqual(
        expect.arrayContaining([
          {
            entite: 'Les Chevaliers du Rhône',
            raison: `déjà appelé (facture n° ${first.json<{ id: number }>().id})`,
          },
          {
            entite: 'Amicale Fraternelle',
            raison: expect.stringMatching(/cotisation annuelle non renseignée/),
          },
        ]),
      );
    } finally {
      await own.close();
    }
  });

  it('the adjustment counts the year against the thirds called, and can be a credit', async () => {
    const own = await b.aLodgeWithMembers({ members: FEE_MEMBERS });
    for (const tranche of ['A', 'B', 'C'] as const) {
      await aFeeCall(own.id, tranche);
    }
    // Called: 3 × 23 × 40 € = 2 760 €; the year counts 25 members (every one active at some point) × 120 €.
    const adjustment = (await preload(`idEntite=${own.id}&type=A&annee=2026&tranche=D`)).json<Preload>();
    expect(adjustment.lignes[0]).toMatchObject({ quantite: 1, prixUnitaire: 24000 });
    expect(adjustment.explication).toMatch(/reste 240,00/);
  });

  it('shows the year table: a draft is not called yet, an issued call is, with what was paid', async () => {
    const own = await b.aLodgeWithMembers({ type: 'DH', members: since2021(5) });
    await aFeeCall(own.id, 'A');
    const table = async () =>
      (
        await t.call({ method: 'GET', url: '/api/compta/cotisation?annee=2026', token: tokens.lecteur })
      ).json<FeeTable>();
    const row = () => table().then((t) => t.lignes.find((l) => l.entite.id === own.id)!);
    expect((await row()).tranches.A).toEqual({ appele: 0, paye: 0 });
    const [draft] = (
      await t.call({
        method: 'POST',
        url: '/api/compta/commande/search',
        token: tokens.lecteur,
        payload: { idEntite: own.id, type: 'A' },
      })
    ).json<OrderSearchResult>().lignes;
    await act('FACTURE_SENT', { id: draft!.id });
    await act('EDIT_PAYMENT', { id: draft!.id, paiement: { mode: 'V', date: '2026-11-30', montant: 5000 } });
    expect(await row()).toMatchObject({
      membres: 5,
      tranches: { A: { appele: 15000, paye: 5000 } },
      appele: 15000,
      reste: 10000,
    });
  });

  it('exports the year table: one row per entity, each instalment called and paid', async () => {
    const file = await t.call({
      method: 'GET',
      url: '/api/compta/cotisation/excel?annee=2026',
      token: tokens.lecteur,
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Cotisations 2026-2027');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const chevaliers = rows.find((r) => r[1] === 'Les Chevaliers du Rhône')!;
    // Drafts are not called yet: nothing called, nothing paid.
    expect(chevaliers[3]).toBe(23);
    expect(rows.at(-1)![1]).toBe('Total');
  });
});

describe('room rentals', () => {
  it('preloads the confirmed reservations of the year at the room rate, and never bills one twice', async () => {
    const association = await b.aLodgeWithMembers({
      nom: 'Amicale Fraternelle',
      type: 'AFM',
      members: [BOOKER],
    });
    const room = await b.aRoom({ nom: `Temple Hiram ${b.unique()}`, tarifHoraire: 2500 });
    const booking = {
      entity: association,
      room,
      type: 'REU',
    } as const;
    const r = await b.aReservation({
      ...booking,
      day: '2026-12-10',
      start: '19:00',
      end: '21:30',
      libelle: 'Assemblée générale',
      state: 'CR',
    });
    await b.aReservation({
      ...booking,
      day: '2026-12-11',
      start: '10:00',
      end: '11:00',
      libelle: 'Refusée',
      state: 'SU',
    });
    const url = `/api/compta/commande/preload?idEntite=${association.id}&type=L&annee=2026`;
    const proposal = (await t.call({ method: 'GET', url, token: tokens.tresorier })).json<Preload>();
    expect(proposal.lignes).toEqual([
      expect.objectContaining({
        quantite: 2.5,
        prixUnitaire: 2500,
        montant: 6250,
        reservationId: r.id,
        libelle: expect.stringContaining('Assemblée générale'),
      }),
    ]);
    await create({ type: 'L', idEntite: association.id, objet: proposal.objet, lignes: proposal.lignes });
    expect((await t.call({ method: 'GET', url, token: tokens.tresorier })).json<Preload>().lignes).toEqual(
      [],
    );
  });
});

describe('reminders', () => {
  it('refuses before the due date, then sends levels 1, 2, 3 with their letters', async () => {
    // A lodge of its own, with a billing e-mail to remind and a draft that is never overdue.
    const own = await b.aLodgeWithMembers({
      members: 0,
      adresseFacturation: '3 quai Saint-Antoine, 69002 Lyon',
      emailFacturation: `tresorerie-${b.unique()}@exemple.fr`,
    });
    const invoice = await issuedInvoice({ entity: own.id });
    await b.anOrder({ by: { token: tokens.tresorier! }, entity: own.id, annee: 2026 });
    expect((await act('RELANCE_FACTURE', { id: invoice.id })).json().error).toBe('not_overdue');
    clock.at = new Date('2027-01-10T10:00:00Z');
    try {
      // Sessions end 8 hours after their sign-in on the same clock: people of its own sign in in the new "today".
      const tresorier = (await b.aUser({ habilitations: [...COMPTA] })).token;
      const lecteur = (await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] })).token;
      const overdue = (
        await t.call({
          method: 'POST',
          url: '/api/compta/commande/search',
          token: lecteur,
          payload: { enRetard: true, idEntite: own.id },
        })
      ).json<OrderSearchResult>();
      expect(overdue.lignes.map((o) => o.id)).toEqual([invoice.id]);
      expect(overdue.lignes.every((o) => o.enRetard)).toBe(true);

      const first = (await act('RELANCE_FACTURE', { id: invoice.id }, tresorier)).json<OrderDetail>();
      expect(first.niveauRelance).toBe(1);
      const email = await emailWithSubject(`Rappel : facture ${invoice.numeroFacture} impayée`);
      expect(email.destinataire).toMatch(/^tresorerie-\d+@exemple\.fr$/);
      const files = await attachmentsOf(email.id);
      expect(files.map((f) => f.nom)).toEqual([
        `relance-1-${invoice.numeroFacture}.pdf`,
        `${invoice.numeroFacture}.pdf`,
      ]);
      expect(await pdfText(Buffer.from(files[0]!.contenuBase64, 'base64'))).toContain('Rappel de paiement');
      // One level a day at most: the next one the same day is refused, and not offered.
      expect((await act('RELANCE_FACTURE', { id: invoice.id }, tresorier)).json().error).toBe(
        'already_reminded',
      );
      const nextDay = async (at: string) => {
        clock.at = new Date(at);
        return (await b.aUser({ habilitations: [...COMPTA] })).token;
      };
      await act('RELANCE_FACTURE', { id: invoice.id }, await nextDay('2027-01-11T10:00:00Z'));
      const third = (
        await act('RELANCE_FACTURE', { id: invoice.id }, await nextDay('2027-01-12T10:00:00Z'))
      ).json<OrderDetail>();
      expect(third.relances.map((r) => r.niveau)).toEqual([1, 2, 3]);
      const letter = await t.call({
        method: 'GET',
        url: `/api/compta/commande/${invoice.id}/document/relance`,
        token: (await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] })).token,
      });
      expect(await pdfText(letter.rawPayload)).toContain('Mise en demeure de payer');
    } finally {
      clock.at = new Date('2026-11-23T10:00:00Z');
    }
  });
});

describe('search and export', () => {
  it('filters, pages and sums', async () => {
    // An entity of its own: a quote, a draft, two issued invoices (one paid in part), a paid one, a fee call.
    const own = await b.aLodgeWithMembers();
    const by = { token: tokens.tresorier! };
    await b.anOrder({ by, entity: own.id, devis: true });
    await b.anOrder({ by, entity: own.id });
    await b.anOrder({ by, entity: own.id, issued: true });
    const partly = await b.anOrder({ by, entity: own.id, issued: true });
    await act('EDIT_PAYMENT', { id: partly.id, paiement: { mode: 'V', date: '2026-11-24', montant: 1000 } });
    const paid = await b.anOrder({ by, entity: own.id, issued: true });
    await act('FACTURE_PAID', { id: paid.id, paiement: { mode: 'V', date: '2026-11-24', montant: 6000 } });
    await aFeeCall(own.id, 'A');

    const search = (payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/api/compta/commande/search', token: tokens.lecteur, payload });
    expect((await search({})).json<OrderSearchResult>().total).toBeGreaterThan(5);
    const all = (await search({ idEntite: own.id })).json<OrderSearchResult>();
    // Six orders of 60 € but the fee call (1 member × 40 €); due: what the two issued invoices lack.
    expect(all).toMatchObject({ total: 6, montantTotal: 5 * 6000 + 4000, montantDu: 2 * 6000 - 1000 });
    const page = (await search({ idEntite: own.id, taille: 2, page: 2 })).json<OrderSearchResult>();
    expect(page.lignes).toHaveLength(2);
    const fees = (await search({ type: 'A', idEntite: own.id })).json<OrderSearchResult>();
    expect(fees.lignes).toHaveLength(1);
    expect(fees.lignes.every((o) => o.type === 'A' && o.entite.id === own.id)).toBe(true);
    const settled = (await search({ etat: 'FP', idEntite: own.id })).json<OrderSearchResult>();
    expect(settled.lignes.map((o) => o.id)).toEqual([paid.id]);
    expect(settled.lignes.every((o) => o.etat === 'FP')).toBe(true);
    expect((await search({ etat: 'XX' })).statusCode).toBe(412);
  });

  it('exports the same search to Excel', async () => {
    const own = await b.aLodgeWithMembers({ members: 0 });
    const issued = await issuedInvoice({ entity: own.id });
    await b.anOrder({ by: { token: tokens.tresorier! }, entity: own.id });
    const file = await t.call({
      method: 'POST',
      url: '/api/compta/commande/excel',
      token: tokens.lecteur,
      payload: { etat: 'FE', idEntite: own.id },
    });
    expect(file.headers['content-disposition']).toContain('factures-et-devis-union.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    expect(wb.worksheets[0]!.name).toBe('Factures et devis');
    const rows = (wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).slice(1);
    expect(rows.map((r) => r[1])).toEqual([issued.numeroFacture]);
    expect(rows.every((r) => r[5] === 'Facture émise')).toBe(true);
  });
});

describe('numbering', () => {
  it('30 invoices issued at once, a third of them failing: one continuous series, no gap, no reuse', async () => {
    const before = await t.handle.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounting_orders WHERE numero_facture IS NOT NULL`,
    );
    const drafts: number[] = [];
    for (let i = 0; i < 30; i++) {
      // Every third draft is for the lodge without billing e-mail: its send fails after the number is drawn.
      const created = await create({ devis: false, idEntite: i % 3 === 0 ? lodgeNoEmail : lodge });
      drafts.push(created.json<OrderDetail>().id);
    }
    const answers = await Promise.all(drafts.map((id) => act('SEND_FACTURE', { id })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 412)).toHaveLength(10);
    const numbers = (
      await t.handle.rows<{ numero_facture: string }>(
        `SELECT numero_facture FROM accounting_orders WHERE numero_facture LIKE 'FA-2026-%' ORDER BY numero_facture`,
      )
    ).map((r) => r.numero_facture);
    expect(numbers).toHaveLength(before[0]!.n + 20);
    expect(numbers).toEqual(numbers.map((_, i) => `FA-2026-${String(i + 1).padStart(4, '0')}`));
    const [counter] = await t.handle.rows<{ dernier: number }>(
      `SELECT dernier FROM document_counters WHERE serie = 'FA' AND annee = 2026`,
    );
    expect(counter!.dernier).toBe(numbers.length);
  });
});
