/**
 * The Union's bank (issue 34) through the HTTP API: its accounts in the settings, a CAMT.053 statement
 * imported (a file written in the shape a French bank exports, test/fixtures/bank), each line once
 * (the same file again, an overlapping one), the opening balance checked against the previous
 * closing, malformed, foreign and hostile files refused in French, each credit line proposed against
 * the invoice it pays and confirmed through the payments' own use case, once (two simultaneous
 * confirmations), a line left aside with a note.
 */
import { readFileSync } from 'node:fs';
import type {
  BankConfirmExactReport,
  BankImportReport,
  BankStatement,
  BankStatementSummary,
  EntityAccount,
  OrderDetail,
  UnionSettings,
} from '@union/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingPayments, auditLog, bankLines } from '../src/db/schema';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { multipartBody } from './documents-helpers';
import { camt08, UNION_IBAN } from './bank-camt';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-11-23T10:00:00Z');
/** The Union's second account: the tests of imports in sequence use it alone. */
const SAVINGS_IBAN = 'FR7630004000031234567890143';
const FIXTURE = readFileSync(new URL('./fixtures/bank/releve-novembre.camt053.xml', import.meta.url), 'utf8');

let t: TestContext;
let b: Builders;
let admin: Person;
let tresorier: Person;
let lecteur: Person;
let chevaliers: Lodge;
let tolerance: Lodge;
let invoice1: OrderDetail;
let invoice2: OrderDetail;
let invoice3: OrderDetail;

const upload = (who: Person | undefined, xml: string | Buffer, name = 'releve.xml') =>
  t.call({
    method: 'POST',
    url: '/api/compta/banque/releves',
    token: who?.token,
    ...multipartBody({}, { name, content: Buffer.from(xml), type: 'application/xml' }),
  });

async function imported(xml: string): Promise<BankImportReport> {
  const response = await upload(tresorier, xml);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The fixture's statement, imported if it is not yet (an import is idempotent): tests run in any order. */
async function fixtureStatement(): Promise<BankStatement> {
  const report = await imported(FIXTURE);
  return statementOf(report.releves[0]!.id);
}

const statementOf = async (id: number): Promise<BankStatement> => {
  const response = await t.call({
    method: 'GET',
    url: `/api/compta/banque/releves/${id}`,
    token: lecteur.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  chevaliers = await b.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', managers: 1 });
  tolerance = await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', managers: 1 });
  const lignes = (euros: number) => [
    { libelle: 'Location Temple Hiram', quantite: 1, prixUnitaire: euros * 100 },
  ];
  invoice1 = await b.anOrder({ by: tresorier, entity: chevaliers.id, issued: true, lignes: lignes(360) });
  invoice2 = await b.anOrder({ by: tresorier, entity: tolerance.id, issued: true, lignes: lignes(120) });
  invoice3 = await b.anOrder({ by: tresorier, entity: chevaliers.id, issued: true, lignes: lignes(250) });
  const saved = await putAccounts([
    { nom: 'Compte courant', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'agrifrpp xxx', compte: '5121' },
    { nom: 'Livret', iban: SAVINGS_IBAN, bic: '', compte: '5122' },
  ]);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

async function putAccounts(comptesBancaires: unknown) {
  const current: UnionSettings = (
    await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
  ).json();
  return t.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: admin.token,
    payload: { ...current, comptesBancaires },
  });
}

describe('the Union’s bank accounts in the settings', () => {
  it('are saved with their IBAN checked, BIC and 512x account, refused in French otherwise', async () => {
    const wrong = await putAccounts([
      { nom: 'Courant', iban: 'FR76 3000 6000 0112 3456 7890 188', bic: '', compte: '512' },
    ]);
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().message).toMatch(/IBAN du compte bancaire n’est pas valide/);
    const notBank = await putAccounts([{ nom: 'Courant', iban: UNION_IBAN, bic: '', compte: '411' }]);
    expect(notBank.statusCode).toBe(412);
    expect(notBank.json().message).toMatch(/512 ou l’un de ses sous-comptes/);
    const twice = await putAccounts([
      { nom: 'A', iban: UNION_IBAN, bic: '', compte: '512' },
      { nom: 'B', iban: UNION_IBAN, bic: '', compte: '512' },
    ]);
    expect(twice.json().message).toMatch(/Un IBAN ne figure qu’une fois/);
    const read: UnionSettings = (
      await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
    ).json();
    expect(read.comptesBancaires).toEqual([
      { nom: 'Compte courant', iban: UNION_IBAN, bic: 'AGRIFRPPXXX', compte: '5121' },
      { nom: 'Livret', iban: SAVINGS_IBAN, bic: null, compte: '5122' },
    ]);
  });
});

describe('POST /api/compta/banque/releves', () => {
  it('imports a statement once, then an overlapping one’s new lines, and shows a gap with the previous closing', async () => {
    const savings = FIXTURE.replace(UNION_IBAN, SAVINGS_IBAN).replace(/RLV-2026-11-0147/g, 'LIV-0147');
    const first = await imported(savings);
    expect(first.nouvelles).toBe(3);
    expect(first.alertes).toEqual([]);
    expect(first.releves).toMatchObject([
      {
        iban: SAVINGS_IBAN,
        nomCompte: 'Livret',
        compte: '5122',
        identifiant: 'LIV-0147',
        du: '2026-11-16',
        au: '2026-11-20',
        soldeOuverture: 1245030,
        soldeCloture: 1277330,
        ecart: null,
        lignes: 3,
        nouvelles: 3,
      },
    ]);
    const again = await imported(savings);
    expect(again.nouvelles).toBe(0);
    expect(again.releves[0]!.id).toBe(first.releves[0]!.id);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'bank_statement_imported'), eq(auditLog.recordId, first.releves[0]!.id)),
      );
    expect(audits.map((a) => a.details)).toMatchObject([{ nouvelles: 3 }, { nouvelles: 0 }]);
    const overlapping = await imported(
      camt08({
        id: 'LIV-0148',
        iban: SAVINGS_IBAN,
        du: '2026-11-19',
        au: '2026-11-23',
        ouverture: '12930.30',
        cloture: '13023.30',
        entries: [
          // The same debit as the first statement's (no reference: found by its hash).
          {
            amt: '157.00',
            sign: 'DBIT',
            day: '2026-11-19',
            nm: 'EDF ENTREPRISES',
            text: 'PRLV SEPA EDF FACTURE 104587',
          },
          {
            amt: '250.00',
            sign: 'CRDT',
            day: '2026-11-23',
            ref: 'LIV-B-2',
            nm: 'CHEVALIERS',
            text: 'VIREMENT',
          },
        ],
      }),
    );
    expect(overlapping.nouvelles).toBe(1);
    const next = await imported(
      camt08({
        id: 'LIV-0149',
        iban: SAVINGS_IBAN,
        du: '2026-11-24',
        au: '2026-11-27',
        ouverture: '13000.00',
        cloture: '13000.00',
        entries: [],
      }),
    );
    expect(next.nouvelles).toBe(0);
    expect(next.releves[0]!.ecart).toBe(-2330);
    expect(next.alertes).toEqual([
      expect.stringMatching(
        /LIV-0149 .* ne suit pas le solde de clôture du relevé précédent : écart de -23,30/,
      ),
    ]);
    const list: BankStatementSummary[] = (
      await t.call({ method: 'GET', url: '/api/compta/banque/releves', token: lecteur.token })
    ).json();
    expect(list.filter((s) => s.iban === SAVINGS_IBAN).map((s) => s.identifiant)).toEqual([
      'LIV-0149',
      'LIV-0148',
      'LIV-0147',
    ]);
  });

  it('refuses a malformed, foreign or unknown account’s file with a French message naming the line', async () => {
    const cut = await upload(tresorier, FIXTURE.slice(0, 2000));
    expect(cut.statusCode).toBe(412);
    expect(cut.json().message).toMatch(
      /^Relevé bancaire, ligne \d+ : le fichier n’est pas un XML bien formé/,
    );
    const foreign = await upload(
      tresorier,
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>',
    );
    expect(foreign.json().message).toMatch(/ligne 2 : ce fichier n’est pas un relevé de compte CAMT\.053/);
    const amount = await upload(
      tresorier,
      FIXTURE.replace('<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="EUR">12O.00</Amt>'),
    );
    expect(amount.json().message).toMatch(
      /^Relevé bancaire, ligne 1\d\d : « 12O\.00 » n’est pas un montant\.$/,
    );
    const unknown = await upload(tresorier, FIXTURE.replace(UNION_IBAN, 'FR1420041010050500013M02606'));
    expect(unknown.statusCode).toBe(412);
    expect(unknown.json().error).toBe('bank_account_unknown');
    const pdf = await upload(tresorier, Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'releve.pdf');
    expect(pdf.statusCode).toBe(412);
  });

  it('refuses a CAMT bomb: a DTD with entities, deep nesting, 100,000 entries', async () => {
    const before = (await t.db.select().from(bankLines)).length;
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n' +
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&c;</Document>';
    const bomb = await upload(tresorier, laughs);
    expect(bomb.statusCode).toBe(412);
    expect(bomb.json().message).toMatch(/ligne 2 : le fichier déclare une DTD, refusée/);
    const deep = await upload(
      tresorier,
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' + '<a>'.repeat(100_000),
    );
    expect(deep.json().message).toMatch(/imbriqués sur plus de 40 niveaux/);
    const entry =
      '<Ntry><Amt>1</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-17</Dt></BookgDt></Ntry>';
    const huge = FIXTURE.replace('<Ntry>', entry.repeat(100_000) + '<Ntry>');
    const many = await upload(tresorier, huge);
    expect(many.statusCode).toBe(412);
    expect(many.json().message).toMatch(
      /^Relevé bancaire, ligne \d+ : le relevé compte plus de 20\s000 écritures\.$/,
    );
    expect(await t.db.select().from(bankLines)).toHaveLength(before);
  });

  it('is for COMPTA_SAISIE: a reader is refused', async () => {
    expect((await upload(lecteur, FIXTURE)).statusCode).toBe(403);
    expect((await upload(undefined, FIXTURE)).statusCode).toBe(401);
  });
});

describe('matching the lines to invoices', () => {
  const lineOf = (s: BankStatement, text: RegExp) => s.lignes.find((l) => text.test(l.libelle))!;

  it('proposes an exact match by the invoice number, confirmed with the others at once: a transfer dated the value date, once', async () => {
    expect(invoice1.numeroFacture).toBe('FA-2026-0001');
    const statement = await fixtureStatement();
    expect(lineOf(statement, /^FA-2026-0001$/).proposition).toMatchObject({
      nature: 'exacte',
      idEntite: chevaliers.id,
      factures: [{ idCommande: invoice1.id, numeroFacture: 'FA-2026-0001', montant: 36000 }],
    });
    const response = await t.call({
      method: 'POST',
      url: `/api/compta/banque/releves/${statement.id}/confirmation`,
      token: tresorier.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BankConfirmExactReport>()).toEqual({ confirmees: 1, refusees: [] });
    const line = lineOf(statement, /^FA-2026-0001$/);
    const [row] = await t.db.select().from(bankLines).where(eq(bankLines.id, line.id));
    const [payment] = await t.db
      .select()
      .from(accountingPayments)
      .where(eq(accountingPayments.id, row!.paymentId!));
    expect(payment).toMatchObject({ entityId: chevaliers.id, mode: 'V', date: '2026-11-17', montant: 36000 });
    const account: EntityAccount = (
      await t.call({ method: 'GET', url: `/api/compta/entite/${chevaliers.id}/compte`, token: lecteur.token })
    ).json();
    expect(account.factures.map((f) => f.id)).not.toContain(invoice1.id);
    expect(lineOf(await statementOf(statement.id), /^FA-2026-0001$/)).toMatchObject({
      etat: 'RAPPROCHEE',
      idPaiement: payment!.id,
      proposition: null,
    });
    const again = await t.call({
      method: 'POST',
      url: `/api/compta/banque/lignes/${line.id}/confirmation`,
      token: tresorier.token,
      payload: { idEntite: chevaliers.id, affectations: [] },
    });
    expect(again.statusCode).toBe(412);
    expect(again.json().error).toBe('bank_line_done');
  });

  it('suggests by the amount and the lodge’s name, confirmed once even asked twice at the same time', async () => {
    const line = lineOf(await fixtureStatement(), /COTISATION/);
    expect(line.proposition).toMatchObject({
      nature: 'suggestion',
      idEntite: tolerance.id,
      factures: [{ idCommande: invoice2.id, montant: 12000 }],
      raison: 'Même montant, et le virement nomme Tolérance et Progrès.',
    });
    const confirm = () =>
      t.call({
        method: 'POST',
        url: `/api/compta/banque/lignes/${line.id}/confirmation`,
        token: tresorier.token,
        payload: { idEntite: tolerance.id, affectations: [{ idCommande: invoice2.id, montant: 12000 }] },
      });
    const answers = await Promise.all([confirm(), confirm()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toMatchObject({ etat: 'RAPPROCHEE' });
    const payments = await t.db
      .select()
      .from(accountingPayments)
      .where(and(eq(accountingPayments.entityId, tolerance.id), eq(accountingPayments.montant, 12000)));
    expect(payments).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.action, ['bank_line_confirmed']), eq(auditLog.recordId, line.id)));
    expect(audits).toHaveLength(1);
  });

  it('leaves a debit line unmatched with a note, once; a reader may not', async () => {
    const line = lineOf(await fixtureStatement(), /EDF/);
    expect(line.montant).toBe(-15700);
    const ignore = (who: Person, note: string) =>
      t.call({
        method: 'POST',
        url: `/api/compta/banque/lignes/${line.id}/ignorer`,
        token: who.token,
        payload: { note },
      });
    expect((await ignore(lecteur, 'Électricité')).statusCode).toBe(403);
    expect((await ignore(tresorier, '  ')).json().message).toMatch(/Indiquez pourquoi/);
    const confirmDebit = await t.call({
      method: 'POST',
      url: `/api/compta/banque/lignes/${line.id}/confirmation`,
      token: tresorier.token,
      payload: { idEntite: chevaliers.id, affectations: [] },
    });
    expect(confirmDebit.statusCode).toBe(412);
    const done = await ignore(tresorier, 'Électricité du temple');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ etat: 'IGNOREE', note: 'Électricité du temple', proposition: null });
    expect((await ignore(tresorier, 'Encore')).json().error).toBe('bank_line_done');
  });

  it('reads « FA 2026 0003 » written with spaces as the invoice FA-2026-0003', async () => {
    const report = await imported(
      camt08({
        id: 'RLV-2026-11-0200',
        du: '2026-11-23',
        au: '2026-11-23',
        ouverture: '12773.30',
        cloture: '13023.30',
        entries: [
          {
            amt: '250.00',
            sign: 'CRDT',
            day: '2026-11-23',
            ref: 'C-3',
            nm: 'CHEVALIERS',
            text: 'FA 2026 0003',
          },
        ],
      }),
    );
    const line = lineOf(await statementOf(report.releves[0]!.id), /FA 2026 0003/);
    expect(line.proposition).toMatchObject({ nature: 'exacte', factures: [{ idCommande: invoice3.id }] });
  });
});
