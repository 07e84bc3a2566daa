/**
 * The bank reconciled (issue 34 §3) through the HTTP API: a Union account's statement balance against
 * its 512 account at a date, the difference explained to the cent by the lines each side lacks (a fee
 * set aside, a cheque deposit not yet on a statement, the books before the first statement); the period
 * validated only when nothing waits and nothing is unexplained, only forward, audited; then closed in the
 * database (a line of it, a new line, an entry of the books dated in it). The races: beside, in
 * bank-reconciliation-races.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankLines, bankReconciliations, journalEntries } from '../src/db/schema';
import { camt, reconciliationWorld, type ReconciliationWorld } from './bank-reconciliation-world';
import { movableClock } from './helpers';

// 23:30 in Paris on 30 November: an hour later it is 1 December (sessions outlive one hour's jump).
const clock = movableClock('2026-11-30T22:30:00Z');
const IBAN = 'FR7630006000011234567890189';
const NOVEMBER = {
  id: 'RAP-2026-11',
  iban: IBAN,
  du: '2026-11-01',
  au: '2026-11-30',
  open: '1000.00',
  close: '1315.00',
};

let w: ReconciliationWorld;

beforeAll(async () => {
  w = await reconciliationWorld(clock, [
    { nom: 'Compte courant', iban: IBAN, compte: '512' },
    { nom: 'Livret', iban: 'FR7630004000031234567890143', compte: '5122' },
  ]);
  // A cheque received on 10 November, deposited today (30 November): not yet on any statement.
  const cheque = await w.act('EDIT_PAYMENT', {
    id: w.invoice.id,
    paiement: { mode: 'C', date: '2026-11-10', reference: 'CHQ 1234567', montant: 12000 },
  });
  expect(cheque.statusCode, cheque.body).toBe(200);
  const deposit = await w.t.call({
    method: 'POST',
    url: '/api/compta/remises-cheques',
    token: w.tresorier.token,
    payload: { du: '2026-11-01', au: '2026-11-30' },
  });
  expect(deposit.statusCode, deposit.body).toBeLessThan(300);
  // November's statement: 1 000,00 € at the start, a transfer of 360,00 €, the bank's fee of 45,00 €.
  await w.imported(
    camt(NOVEMBER, [
      {
        amt: '360.00',
        sign: 'CRDT',
        day: '2026-11-05',
        ref: 'RAP-VIR-1',
        text: 'Chevaliers du Rhone location',
      },
      { amt: '45.00', sign: 'DBIT', day: '2026-11-12', ref: 'RAP-FRAIS-1', text: 'Frais de tenue de compte' },
    ]),
  );
});
afterAll(() => w.t.close());

describe('the reconciliation of an account', () => {
  it('explains the difference to the cent, is validated once nothing waits, then closes the period', async () => {
    const {
      t,
      tresorier,
      lecteur,
      invoice,
      state,
      validate,
      lineId,
      confirm,
      ignore,
      act,
      upload,
      imported,
    } = w;
    const before = await state(IBAN, '2026-11-30');
    expect(before).toMatchObject({
      compte: { nom: 'Compte courant', iban: IBAN, compte: '512' },
      date: '2026-11-30',
      premierReleve: { date: '2026-11-01', soldeOuverture: 100000 },
      finReleves: '2026-11-30',
      soldeReleve: 131500,
      totalBanque: 31500,
      totalEcritures: 12000,
      reprise: -100000,
      soldeComptable: 12000,
      ecart: 0,
      enAttente: 2,
      validable: false,
      verrou: null,
    });
    expect(before.lignesBanque.map((l) => [l.dateComptable, l.montant, l.etat])).toEqual([
      ['2026-11-05', 36000, 'A_TRAITER'],
      ['2026-11-12', -4500, 'A_TRAITER'],
    ]);
    expect(before.ecritures).toEqual([expect.objectContaining({ date: '2026-11-30', montant: 12000 })]);
    expect(before.raison).toBe(
      '2 lignes du relevé attendent d’être confirmées ou ignorées : traitez-les dans Comptabilité › Banque.',
    );

    // At the 10th, the fee is not on the statement yet and the deposit not in the books.
    const early = await state(IBAN, '2026-11-10');
    expect(early).toMatchObject({
      soldeReleve: 136000,
      totalBanque: 36000,
      totalEcritures: 0,
      soldeComptable: 0,
    });
    expect(early.ecart).toBe(0);

    // Before any statement: nothing to reconcile with.
    const none = await state(IBAN, '2026-10-15');
    expect(none).toMatchObject({ soldeReleve: null, validable: false, lignesBanque: [], ecritures: [] });
    expect(none.raison).toMatch(/Aucun relevé de ce compte ne commence le 15 octobre 2026 ou avant/);

    const unknown = await t.call({
      method: 'GET',
      url: '/api/compta/banque/rapprochement?iban=FR7630006000011234567890188',
      token: lecteur.token,
    });
    expect(unknown.statusCode).toBe(412);
    expect(unknown.json().message).toMatch(/n’est pas parmi les comptes bancaires de l’Union/);
    const byDefault = await state('', '2026-11-30');
    expect(byDefault.compte?.iban).toBe(IBAN);
    expect(byDefault.comptes).toHaveLength(2);

    // Validated only once nothing waits and nothing is unexplained, by a keeper, only forward.
    const waiting = await validate(IBAN, '2026-11-30');
    expect(waiting.statusCode).toBe(412);
    expect(waiting.json()).toMatchObject({ error: 'bank_reconciliation_refused' });
    expect(waiting.json().message).toMatch(/2 lignes du relevé attendent/);

    expect((await confirm(await lineId(IBAN, 'RAP-VIR-1'), 36000)).statusCode).toBe(200);
    expect(
      (await ignore(await lineId(IBAN, 'RAP-FRAIS-1'), 'Frais bancaires, à passer en 627')).statusCode,
    ).toBe(200);
    const ready = await state(IBAN, '2026-11-30');
    expect(ready).toMatchObject({
      soldeReleve: 131500,
      totalBanque: -4500,
      totalEcritures: 12000,
      reprise: -100000,
      soldeComptable: 48000,
      ecart: 0,
      enAttente: 0,
      validable: true,
      raison: null,
    });
    expect(ready.lignesBanque).toEqual([expect.objectContaining({ montant: -4500, etat: 'IGNOREE' })]);

    expect((await validate(IBAN, '2026-11-30', lecteur)).statusCode).toBe(403);
    const future = await validate(IBAN, '2026-12-01');
    expect(future.json().message).toBe('Un rapprochement se valide à une date passée ou à la date du jour.');
    const done = await validate(IBAN, '2026-11-30');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ date: '2026-11-30', soldeReleve: 131500, soldeComptable: 48000 });
    expect(done.json().par).toBeTruthy();
    expect((await state(IBAN, '2026-11-30')).verrou).toMatchObject({ date: '2026-11-30' });

    const again = await validate(IBAN, '2026-11-30');
    expect(again.statusCode).toBe(412);
    expect(again.json().message).toMatch(/déjà validé au 30 novembre 2026/);
    expect((await validate(IBAN, '2026-11-20')).statusCode).toBe(412);
    // The database itself refuses a validation that would go back, whatever the service checked.
    await expect(
      t.db.insert(bankReconciliations).values({
        iban: IBAN,
        compte: '512',
        date: '2026-11-15',
        soldeReleve: 0,
        soldeComptable: 0,
        validatedById: tresorier.id,
        validatedAt: clock.now(),
      }),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'bank_reconciliations_forward' }),
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bank_reconciliation_validated'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: tresorier.id, recordType: 'bank_reconciliation' });

    // From then the period is closed in the database: its lines, a new line, an entry dated in it.
    const fee = await lineId(IBAN, 'RAP-FRAIS-1');
    await expect(
      t.db.update(bankLines).set({ note: null }).where(eq(bankLines.id, fee)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'bank_lines_reconciled' }) });

    // The same statement again adds nothing and passes; one bringing a line into the period is refused.
    expect((await imported(camt(NOVEMBER, []))).nouvelles).toBe(0);
    const late = await upload(
      camt(
        {
          id: 'RAP-2026-11-BIS',
          iban: IBAN,
          du: '2026-11-20',
          au: '2026-12-01',
          open: '1315.00',
          close: '1305.00',
        },
        [{ amt: '10.00', sign: 'DBIT', day: '2026-11-25', ref: 'RAP-TARD', text: 'Agios' }],
      ),
    );
    expect(late.statusCode).toBe(412);
    expect(late.json()).toMatchObject({ error: 'bank_reconciled' });
    expect(late.json().message).toMatch(/période dont le rapprochement bancaire est validé/);

    // The transfer reversed today would be dated 30 November, inside: refused, and nothing changes.
    const paymentId = (
      await t.db.select({ p: bankLines.paymentId }).from(bankLines).where(eq(bankLines.cle, 'ref:RAP-VIR-1'))
    )[0]!.p!;
    const entries = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(journalEntries))[0]!.n;
    const count = await entries();
    const inside = await act('REVERSE_PAYMENT', {
      id: invoice.id,
      paiementId: paymentId,
      motif: 'Virement rejeté',
    });
    expect(inside.statusCode).toBe(412);
    expect(inside.json()).toMatchObject({ error: 'bank_reconciled' });
    expect(inside.json().message).toMatch(/Datez-la après la date du rapprochement/);
    expect(await entries()).toBe(count);

    // An hour later it is 1 December in Paris: the reversal is dated after the period and passes.
    clock.at = new Date('2026-11-30T23:30:00Z');
    const after = await act('REVERSE_PAYMENT', {
      id: invoice.id,
      paiementId: paymentId,
      motif: 'Virement rejeté',
    });
    expect(after.statusCode, after.body).toBe(200);
    const [reversal] = await t.db
      .select({ date: journalEntries.date })
      .from(journalEntries)
      .where(sql`${journalEntries.contrePasseId} IS NOT NULL`)
      .orderBy(sql`${journalEntries.id} DESC`)
      .limit(1);
    expect(reversal!.date).toBe('2026-12-01');
    // The reconciled state at the 30th is what was validated.
    expect(await state(IBAN, '2026-11-30')).toMatchObject({
      soldeReleve: 131500,
      soldeComptable: 48000,
      ecart: 0,
    });
  });

  it('pairs a line imputed to an account with its own entry: neither side lists it', async () => {
    const LIVRET = 'FR7630004000031234567890143';
    await w.imported(
      camt(
        {
          id: 'LIV-2026-11',
          iban: LIVRET,
          du: '2026-11-01',
          au: '2026-11-30',
          open: '500.00',
          close: '497.00',
        },
        [
          {
            amt: '3.00',
            sign: 'DBIT',
            day: '2026-11-12',
            ref: 'LIV-FRAIS-1',
            text: 'Frais de tenue du livret',
          },
        ],
      ),
    );
    const fee = await w.lineId(LIVRET, 'LIV-FRAIS-1');
    const imputed = await w.t.call({
      method: 'POST',
      url: `/api/compta/banque/lignes/${fee}/imputation`,
      token: w.tresorier.token,
      payload: { compte: { num: '627', lib: 'Services bancaires' }, libelle: 'Frais du livret' },
    });
    expect(imputed.statusCode, imputed.body).toBeLessThan(300);
    expect(await w.state(LIVRET, '2026-11-30')).toMatchObject({
      compte: { compte: '5122' },
      soldeReleve: 49700,
      lignesBanque: [],
      ecritures: [],
      reprise: -50000,
      soldeComptable: -300,
      ecart: 0,
      enAttente: 0,
    });
  });
});
