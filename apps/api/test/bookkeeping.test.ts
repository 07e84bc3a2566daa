/**
 * The books (issue 31 §2): every invoice, credit note and payment is an entry recorded with its number and
 * validation date once; the FEC reads them back (numbers never change when an earlier-dated payment
 * arrives); entries are frozen and balanced by the database; payments dated out of range are refused.
 */
import type { OrderDetail } from '@union/contract';
import { and, eq, sql } from 'drizzle-orm';
import { journalEntries, journalLines } from '../src/db/schema';
import { bookkeeping } from '../src/modules/bookkeeping/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builders, type Builders, type Person } from './builders';
import { testEngine } from './engine';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let b: Builders;
let tresorier: Person;
let lodgeId: number;

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lodgeId = (await b.aLodgeWithMembers({ code: 'LIVRES', nom: 'Les Livres Ouverts', managers: 1 })).id;
});
afterAll(() => t.close());

const anInvoice = (prixUnitaire: number) =>
  b.anOrder({
    by: tresorier,
    entity: lodgeId,
    objet: 'Location',
    issued: true,
    lignes: [{ libelle: 'Location Temple Hiram', quantite: 1, prixUnitaire }],
  });

const pay = (order: OrderDetail, montant: number, date: string, mode: 'C' | 'V' = 'V') =>
  t.call({
    method: 'PUT',
    url: '/api/compta/commande?action=EDIT_PAYMENT',
    token: tresorier.token,
    payload: { id: order.id, paiement: { mode, date, montant, reference: `REF-${date}` } },
  });

/** The FEC's lines of the period, as arrays of its 18 fields. */
async function fec(du: string, au: string): Promise<string[][]> {
  const file = await t.call({
    method: 'GET',
    url: `/api/compta/fec?du=${du}&au=${au}`,
    token: tresorier.token,
  });
  expect(file.statusCode, file.body).toBe(200);
  const text = new TextDecoder('iso-8859-15').decode(file.rawPayload);
  return text
    .slice(0, -2)
    .split('\r\n')
    .slice(1)
    .map((l) => l.split('\t'));
}

describe('the FEC reads the recorded entries back', () => {
  it('numbers and validation dates never change when an earlier-dated payment arrives', async () => {
    clock.at = new Date('2026-10-05T10:00:00Z');
    const first = await anInvoice(10000);
    clock.at = new Date('2026-10-20T10:00:00Z');
    expect((await pay(first, 4000, '2026-10-19')).statusCode).toBe(200);
    const before = await fec('2026-10-01', '2026-10-31');
    expect(before.length).toBeGreaterThanOrEqual(4);
    for (const l of before) expect(l[2]).toMatch(/^(VT|BQ)2026-\d{6}$/);

    // A cheque received on 6 October, recorded a month later: it comes before the other payment by date.
    clock.at = new Date('2026-11-23T10:00:00Z');
    expect((await pay(first, 1000, '2026-10-06', 'C')).statusCode).toBe(200);
    const after = await fec('2026-10-01', '2026-10-31');
    expect(after.length).toBe(before.length + 2);
    const key = (l: string[]) => `${l[2]}|${l[4]}|${l[11]}|${l[12]}|${l[15]}`;
    for (const l of before) expect(after.map(key)).toContain(key(l));
    const added = after.filter((l) => !before.map(key).includes(key(l)));
    // Numbered after the entries already recorded, validated the day it was recorded.
    const ranks = before.filter((l) => l[0] === 'BQ').map((l) => l[2]!);
    for (const l of added) {
      expect(l[3]).toBe('20261006');
      expect(l[15]).toBe('20261123');
      for (const r of ranks) expect(l[2]! > r).toBe(true);
    }
    expect(added.map((l) => l[4]).sort()).toEqual(['411', '5112']);
  });

  it('refuses a period that ends before it starts, in the one sentence of every period', async () => {
    const r = await t.call({
      method: 'GET',
      url: '/api/compta/fec?du=2026-11-30&au=2026-11-01',
      token: tresorier.token,
    });
    expect(r.statusCode).toBe(412);
    expect(r.json().message).toContain('La date de début doit précéder la date de fin.');
  });

  it('every issued invoice, credit note and payment is one balanced entry, numbered without a gap', async () => {
    const list = await t.db
      .select({
        journal: journalEntries.journal,
        annee: journalEntries.annee,
        rang: journalEntries.rang,
        gap: sql<number>`sum(${journalLines.debit} - ${journalLines.credit})::int`,
      })
      .from(journalEntries)
      .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
      .groupBy(journalEntries.id)
      .orderBy(journalEntries.journal, journalEntries.annee, journalEntries.rang);
    expect(list.length).toBeGreaterThan(0);
    const seen = new Map<string, number>();
    for (const r of list) {
      expect(r.gap).toBe(0);
      const k = `${r.journal}${r.annee}`;
      expect(r.rang).toBe((seen.get(k) ?? 0) + 1);
      seen.set(k, r.rang);
    }
  });
});

describe('the database keeps the books', () => {
  it('refuses to change or delete a recorded entry, and an unbalanced entry at commit', async () => {
    await expect(
      t.db.execute(sql`UPDATE journal_lines SET debit = debit + 1 WHERE debit > 0`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM journal_entries`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(journalEntries)
          .values({
            journal: 'OD',
            annee: 2026,
            rang: 999,
            numero: 'OD2026-000999',
            date: '2026-11-23',
            valideLe: '2026-11-23',
            piece: 'X',
            pieceDate: '2026-11-23',
            libelle: 'X',
            source: 'test:1',
          })
          .returning();
        await tx
          .insert(journalLines)
          .values({ entryId: entry!.id, compte: '512', compteLib: 'Banque', debit: 100 });
      }),
    ).rejects.toThrow();
    expect(await t.db.select().from(journalEntries).where(eq(journalEntries.source, 'test:1'))).toHaveLength(
      0,
    );
  });
});

describe('a reversing entry', () => {
  it('exchanges the sides of the entry it reverses, names it, and is recorded once', async () => {
    clock.at = new Date('2026-11-23T10:00:00Z');
    await t.db.transaction(async (db) => {
      await bookkeeping.post(
        { db, clock },
        {
          journal: 'OD',
          date: '2026-11-23',
          piece: 'ESSAI',
          libelle: 'Essai',
          source: 'test:reversed',
          lines: [
            { compte: 'banque', montant: 500 },
            { compte: 'caisse', montant: -500 },
          ],
        },
      );
      await bookkeeping.reverse({ db, clock }, 'test:reversed', {
        source: 'test:reversal',
        date: '2026-11-24',
        libelle: 'Contre-passation de l’essai',
      });
    });
    const [original] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.source, 'test:reversed'));
    const [reversal] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.source, 'test:reversal'));
    expect(reversal).toMatchObject({ contrePasseId: original!.id, date: '2026-11-24', piece: 'ESSAI' });
    const sides = (entryId: number) =>
      t.db
        .select({ compte: journalLines.compte, debit: journalLines.debit, credit: journalLines.credit })
        .from(journalLines)
        .where(eq(journalLines.entryId, entryId))
        .orderBy(journalLines.id);
    expect(await sides(reversal!.id)).toEqual(
      (await sides(original!.id)).map((l) => ({ compte: l.compte, debit: l.credit, credit: l.debit })),
    );
    await expect(
      t.db.transaction((db) =>
        bookkeeping.reverse({ db, clock }, 'test:reversed', {
          source: 'test:again',
          date: '2026-11-24',
          libelle: 'X',
        }),
      ),
    ).rejects.toThrow();
  });
});

describe('a payment dated out of the plausible range', () => {
  it('is refused (412, French) before the first accounting year or more than 7 days ahead; nothing recorded', async () => {
    clock.at = new Date('2026-11-23T10:00:00Z');
    const invoice = await anInvoice(5000);
    for (const date of ['1900-01-01', '2019-12-31', '2026-12-01', '2199-01-01']) {
      const r = await pay(invoice, 100, date);
      expect(r.statusCode, date).toBe(412);
      expect(r.json()).toMatchObject({ error: 'payment_date_out_of_range' });
      expect(r.json().message).toBe(
        'La date du règlement doit être comprise entre le 1er janvier 2020 et le lundi 30 novembre 2026.',
      );
    }
    // Not a day at all, or a year no date of the intranet takes: the contract refuses it first (412).
    for (const date of [
      '0001-01-01',
      '9999-12-31',
      '2026-02-30',
      '20261123',
      '2026-11-23T00:00:00Z',
      '+02026-11-23',
    ])
      expect((await pay(invoice, 100, date)).statusCode, date).toBe(412);
    const entity = await t.call({
      method: 'POST',
      url: '/api/compta/paiement',
      token: tresorier.token,
      payload: { idEntite: lodgeId, mode: 'V', date: '2199-01-01', montant: 100, affectations: [] },
    });
    expect(entity.statusCode).toBe(412);
    const refund = await t.call({
      method: 'POST',
      url: `/api/compta/entite/${lodgeId}/remboursement`,
      token: tresorier.token,
      payload: { mode: 'V', date: '1900-01-01', montant: 100 },
    });
    expect(refund.statusCode).toBe(412);
    expect(refund.json().error).toBe('payment_date_out_of_range');
    expect((await pay(invoice, 100, '2026-11-30')).statusCode).toBe(200);
    expect((await pay(invoice, 100, '2020-01-01')).statusCode).toBe(200);
  });
});

describe('the books’ settings', () => {
  it('the chart of accounts and the first year, saved by an administrator, are what the next entries use', async () => {
    clock.at = new Date('2026-11-23T10:00:00Z');
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    const current = (
      await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
    ).json();
    expect(current.comptabilite.comptes.ventes).toEqual({ num: '706', lib: 'Prestations de services' });
    const put = (comptabilite: unknown) =>
      t.call({
        method: 'PUT',
        url: '/api/parametres/union',
        token: admin.token,
        payload: { ...current, comptabilite },
      });
    const bad = await put({
      ...current.comptabilite,
      comptes: { ...current.comptabilite.comptes, ventes: { num: '06', lib: 'X' } },
    });
    expect(bad.statusCode).toBe(412);
    expect(bad.body).toContain('Un numéro de compte commence par sa classe');
    const saved = await put({
      premierExercice: 2024,
      comptes: { ...current.comptabilite.comptes, ventes: { num: '756', lib: 'Cotisations' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const invoice = await anInvoice(1000);
    const refused = await pay(invoice, 100, '2023-12-31');
    expect(refused.json().message).toBe(
      'La date du règlement doit être comprise entre le 1er janvier 2024 et le lundi 30 novembre 2026.',
    );
    const lines = await fec('2026-11-23', '2026-11-23');
    const own = lines.filter((l) => l[8] === invoice.numeroFacture);
    expect(own.map((l) => [l[4], l[5]])).toContainEqual(['756', 'Cotisations']);
    expect((await put(current.comptabilite)).statusCode).toBe(200);
  });
});

/** PostgreSQL only: PGlite has one connection, so its transactions never interleave. */
if (testEngine() === 'postgres') {
  describe('under concurrency (PostgreSQL)', () => {
    it('ten payments at once take ten consecutive numbers of the bank journal', async () => {
      clock.at = new Date('2026-11-23T10:00:00Z');
      const invoices = [];
      for (let i = 0; i < 10; i++) invoices.push(await anInvoice(1000));
      const responses = await Promise.all(invoices.map((o) => pay(o, 1000, '2026-11-23')));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const ranks = (
        await t.db
          .select({ rang: journalEntries.rang })
          .from(journalEntries)
          .where(and(eq(journalEntries.journal, 'BQ'), eq(journalEntries.annee, 2026)))
          .orderBy(journalEntries.rang)
      ).map((r) => r.rang);
      expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    });

    it('two deposits of the same cheques at once: one records them, the other is refused', async () => {
      clock.at = new Date('2026-11-23T10:00:00Z');
      const invoice = await anInvoice(3000);
      expect((await pay(invoice, 1000, '2026-11-22', 'C')).statusCode).toBe(200);
      const deposit = () =>
        t.call({
          method: 'POST',
          url: '/api/compta/remises-cheques',
          token: tresorier.token,
          payload: { du: '2026-11-22', au: '2026-11-22' },
        });
      const answers = await Promise.all([deposit(), deposit()]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 412]);
      expect(['cheque_deposited', 'no_cheque_to_deposit']).toContain(
        answers.find((r) => r.statusCode === 412)!.json().error,
      );
    });
  });
}
