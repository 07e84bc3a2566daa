/**
 * The Union's bank (issue 34) through the HTTP API, the statements that are not CAMT.053: an OFX export
 * (1.x SGML, as French banks give it, test/fixtures/bank) imported once by its FITIDs; a CSV export
 * whose columns are asked at the account's first import (the answer shows the file's first rows),
 * remembered, then reused; malformed and huge files refused in French naming the line, nothing stored.
 */
import { readFileSync } from 'node:fs';
import type { BankImportReport, UnionSettings } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankCsvColumns, bankLines } from '../src/db/schema';
import { builders, type Person } from './builders';
import { multipartBody } from './documents-helpers';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-12-02T10:00:00Z');
const UNION_IBAN = 'FR7630006000011234567890189';
const SAVINGS_IBAN = 'FR7630004000031234567890143';
/** The account whose columns are never chosen: the first question is asked for it. */
const POSTAL_IBAN = 'FR1420041010050500013M02606';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url));
const COLUMNS = {
  date: 'Date',
  libelle: 'Libellé',
  montant: null,
  debit: 'Débit euros',
  credit: 'Crédit euros',
  reference: null,
};

let t: TestContext;
let tresorier: Person;

const upload = (content: Buffer | string, name: string, fields: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: '/api/compta/banque/releves',
    token: tresorier.token,
    ...multipartBody(fields, { name, content: Buffer.from(content), type: 'application/octet-stream' }),
  });

async function imported(content: Buffer | string, name: string, fields?: Record<string, string>) {
  const response = await upload(content, name, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as BankImportReport;
}

const linesOf = (iban: string) => t.db.select().from(bankLines).where(eq(bankLines.iban, iban));

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  const b = builders(t);
  const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  const current: UnionSettings = (
    await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
  ).json();
  const saved = await t.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: admin.token,
    payload: {
      ...current,
      comptesBancaires: [
        { nom: 'Compte courant', iban: UNION_IBAN, bic: '', compte: '5121' },
        { nom: 'Livret', iban: SAVINGS_IBAN, bic: '', compte: '5122' },
        { nom: 'CCP', iban: POSTAL_IBAN, bic: '', compte: '5123' },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('an OFX statement', () => {
  it('is imported once: its account made an IBAN, each line keyed by its FITID', async () => {
    const first = await imported(fixture('releve-novembre.ofx'), 'releve.ofx');
    expect(first).toMatchObject({ format: 'ofx', csv: null, nouvelles: 3, alertes: [] });
    expect(first.releves).toMatchObject([
      { iban: UNION_IBAN, identifiant: 'OFX 2026-11-01 au 2026-11-30', soldeCloture: 132670, lignes: 3 },
    ]);
    expect((await linesOf(UNION_IBAN)).map((l) => l.cle).sort()).toEqual([
      'ref:OFX2611120001',
      'ref:OFX2611150002',
      'ref:OFX2611200003',
    ]);
    // The same export again, under another name: nothing new.
    const again = await imported(fixture('releve-novembre.ofx'), 'export.txt');
    expect(again.nouvelles).toBe(0);
    expect(again.releves[0]!.id).toBe(first.releves[0]!.id);
  });

  it('is refused in French, naming the line, when malformed or huge, and nothing is stored', async () => {
    const before = (await t.db.select().from(bankLines)).length;
    const text = fixture('releve-novembre.ofx').toString('latin1');
    const bad = await upload(text.replace('<TRNAMT>-23,30', '<TRNAMT>vingt'), 'releve.ofx');
    expect(bad.statusCode).toBe(412);
    expect(bad.json().message).toBe('Relevé bancaire OFX, ligne 49 : « vingt » n’est pas un montant.');
    const entry = '<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>20261112\n<TRNAMT>1,00\n</STMTTRN>\n';
    const huge = text.replace('<STMTTRN>', entry.repeat(25_000) + '<STMTTRN>');
    const many = await upload(huge, 'releve.ofx');
    expect(many.statusCode).toBe(412);
    expect(many.json().message).toMatch(
      /^Relevé bancaire OFX, ligne \d+ : le relevé compte plus de 20\s000 écritures\.$/,
    );
    const deep = await upload('OFXHEADER:100\n\n<OFX>' + '<A>'.repeat(10_000), 'releve.ofx');
    expect(deep.json().message).toMatch(/imbriqués sur plus de 40 niveaux/);
    expect(await t.db.select().from(bankLines)).toHaveLength(before);
  });
});

describe('a CSV statement', () => {
  it('asks for its account and columns first, showing the first rows; nothing is imported', async () => {
    const first = await imported(fixture('releve-novembre.csv'), 'releve.csv');
    expect(first).toMatchObject({ format: 'csv', releves: [], nouvelles: 0 });
    expect(first.csv).toEqual({
      compte: null,
      comptes: [
        { iban: UNION_IBAN, nom: 'Compte courant' },
        { iban: SAVINGS_IBAN, nom: 'Livret' },
        { iban: POSTAL_IBAN, nom: 'CCP' },
      ],
      entetes: ['Date', 'Libellé', 'Débit euros', 'Crédit euros'],
      apercu: [
        ['12/11/2026', 'VIR SEPA RECU LOGE LES CHEVALIERS FA-2026-0001', '', '250,00'],
        ['15/11/2026', 'FRAIS TENUE DE COMPTE', '23,30', ''],
        ['20/11/2026', 'VIR SEPA RECU DON ANONYME', '', '100,00'],
      ],
      colonnes: { ...COLUMNS, montant: null },
    });
    // The account chosen, its columns still unknown: asked again, for that account.
    const account = await imported(fixture('releve-novembre.csv'), 'releve.csv', { compte: POSTAL_IBAN });
    expect(account.csv).toMatchObject({ compte: POSTAL_IBAN });
    expect(await linesOf(POSTAL_IBAN)).toHaveLength(0);
    expect(await t.db.select().from(bankCsvColumns).where(eq(bankCsvColumns.iban, POSTAL_IBAN))).toEqual([]);
  });

  it('is imported with the columns chosen, which the account keeps for the next imports', async () => {
    const fields = { compte: SAVINGS_IBAN, colonnes: JSON.stringify(COLUMNS) };
    const first = await imported(fixture('releve-novembre.csv'), 'releve.csv', fields);
    expect(first).toMatchObject({ format: 'csv', csv: null, nouvelles: 3 });
    expect(first.releves).toMatchObject([
      { iban: SAVINGS_IBAN, identifiant: 'CSV 2026-11-12 au 2026-11-20', soldeOuverture: null, lignes: 3 },
    ]);
    expect((await linesOf(SAVINGS_IBAN)).map((l) => [l.montant, l.cle.slice(0, 5)])).toEqual([
      [25000, 'hash:'],
      [-2330, 'hash:'],
      [10000, 'hash:'],
    ]);
    const [kept] = await t.db.select().from(bankCsvColumns).where(eq(bankCsvColumns.iban, SAVINGS_IBAN));
    expect(kept!.colonnes).toEqual(COLUMNS);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'bank_statement_imported'));
    expect(audit).toBeDefined();
    // Next time the account alone: its columns are reused, and the same lines are not added twice.
    const next = await imported(fixture('releve-novembre.csv'), 'releve-2.csv', { compte: SAVINGS_IBAN });
    expect(next).toMatchObject({ csv: null, nouvelles: 0, releves: [{ lignes: 3 }] });
  });

  it('is refused in French naming the line, or the column not found, and nothing is stored', async () => {
    const before = (await t.db.select().from(bankLines)).length;
    const fields = { compte: SAVINGS_IBAN, colonnes: JSON.stringify(COLUMNS) };
    const csv = 'Date;Libellé;Débit euros;Crédit euros\n01/12/2026;A;;10,00\n31/13/2026;B;;5,00\n';
    const bad = await upload(csv, 'releve.csv', fields);
    expect(bad.statusCode).toBe(412);
    expect(bad.json().message).toBe(
      'Relevé bancaire CSV, ligne 3 : « 31/13/2026 » n’est pas une date (JJ/MM/AAAA).',
    );
    const renamed = await upload(
      'Jour;Libellé;Débit euros;Crédit euros\n01/12/2026;A;;10,00\n',
      'r.csv',
      fields,
    );
    expect(renamed.json()).toMatchObject({ error: 'bank_csv_columns' });
    expect(renamed.json().message).toMatch(/la colonne « Date » n’est pas dans le fichier/);
    const half = await upload(csv, 'r.csv', {
      ...fields,
      colonnes: JSON.stringify({ ...COLUMNS, credit: null }),
    });
    expect(half.json()).toMatchObject({ error: 'bank_csv_columns' });
    const notJson = await upload(csv, 'r.csv', { ...fields, colonnes: '{' });
    expect(notJson.json().message).toMatch(/colonnes du relevé CSV sont illisibles/);
    const stranger = await upload(csv, 'r.csv', { ...fields, compte: 'FR7630001007941234567890185' });
    expect(stranger.json()).toMatchObject({ error: 'bank_account_unknown' });
    const huge = 'Date;Libellé;Débit euros;Crédit euros\n' + '01/12/2026;A;;1,00\n'.repeat(20_001);
    const many = await upload(huge, 'releve.csv', fields);
    expect(many.json().message).toMatch(/plus de 20\s000 opérations/);
    expect(await t.db.select().from(bankLines)).toHaveLength(before);
  });
});
