/**
 * The bank's lines in the books (issue 34), through the HTTP API and read back from the FEC: a confirmed
 * transfer is posted to the 512x of the statement's account (and its counter-entry takes it back from
 * there), a fee call named as lodges write it is an exact match, a debit line given an account of the
 * chart posts that account against the 512x, once even asked twice at the same time, audited.
 */
import type {
  BankImportReport,
  BankLine,
  BankStatement,
  OrderDetail,
  ProviderForm,
  TopUp,
  UnionSettings,
} from '@union/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingOrders, auditLog, bankSettledEntries, journalEntries } from '../src/db/schema';
import { camt08, UNION_IBAN } from './bank-camt';
import { builders, named, type Builders, type Lodge, type Person } from './builders';
import { multipartBody } from './documents-helpers';
import { fecLines } from './fec';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { ipnRequest, providerNotification } from './payment-provider';

const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let b: Builders;
let tresorier: Person;
let lecteur: Person;
let chevaliers: Lodge;
let tolerance: Lodge;
let rental: OrderDetail;
let feeCall: OrderDetail;

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.call({ method, url, token: who.token, ...(payload === undefined ? {} : { payload }) });
const fec = () => fecLines(t, tresorier.token, '2026-01-01', '2026-12-31');
/** The FEC's lines of the entry whose piece is `piece`: account, debit, credit. */
const entryLines = async (piece: string) =>
  (await fec()).filter((l) => l[8] === piece).map((l) => [l[4], l[11], l[12]]);

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  chevaliers = await b.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', managers: 1 });
  tolerance = await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', managers: 1 });
  rental = await b.anOrder({
    by: tresorier,
    entity: chevaliers.id,
    issued: true,
    lignes: [{ libelle: 'Location Temple Hiram', quantite: 1, prixUnitaire: 36000 }],
  });
  feeCall = await b.anOrder({
    by: tresorier,
    entity: tolerance.id,
    type: 'A',
    tranche: 'A',
    objet: 'Cotisations 2026-2027 — 1er tiers',
    issued: true,
    lignes: [
      { libelle: 'Cotisation 2026-2027, 1er tiers : 10 membres actifs', quantite: 10, prixUnitaire: 4500 },
    ],
  });
  const current: UnionSettings = (await call(admin, 'GET', '/api/parametres/union')).json();
  const saved = await call(admin, 'PUT', '/api/parametres/union', {
    ...current,
    comptesBancaires: [{ nom: 'Compte courant', iban: UNION_IBAN, bic: '', compte: '5121' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

let statements = 0;
/**
 * A statement of its own with one line (tests run in any order, so none leans on another's line): the
 * line as the statement shows it, and the statement's id.
 */
async function oneLine(entry: Parameters<typeof camt08>[0]['entries'][number]) {
  const id = `RLV-LIVRES-${++statements}`;
  const xml = camt08({
    id,
    du: entry.day,
    au: entry.day,
    ouverture: '0.00',
    cloture: '0.00',
    entries: [entry],
  });
  const upload = await t.call({
    method: 'POST',
    url: '/api/compta/banque/releves',
    token: tresorier.token,
    ...multipartBody({}, { name: 'releve.xml', content: Buffer.from(xml), type: 'application/xml' }),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const statement = upload.json<BankImportReport>().releves[0]!.id;
  const read: BankStatement = (await call(lecteur, 'GET', `/api/compta/banque/releves/${statement}`)).json();
  return { line: read.lignes.find((l) => l.reference === entry.ref)!, statement };
}
const edf = () =>
  oneLine({
    amt: '157.00',
    sign: 'DBIT',
    day: '2026-11-19',
    ref: `PRLV-${statements + 1}`,
    nm: 'EDF',
    text: 'PRLV SEPA EDF 104587',
  });

describe('a confirmed transfer in the books', () => {
  it('is posted to the 512x of the statement’s account, and its counter-entry takes it back from there', async () => {
    expect(rental.numeroFacture).toBe('FA-2026-0001');
    const { line } = await oneLine({
      amt: '360.00',
      sign: 'CRDT',
      day: '2026-11-17',
      ref: 'VIR-1',
      nm: 'CHEVALIERS',
      text: 'FA-2026-0001',
    });
    const confirmed = await call(tresorier, 'POST', `/api/compta/banque/lignes/${line.id}/confirmation`, {
      idEntite: chevaliers.id,
      affectations: [{ idCommande: rental.id, montant: 36000 }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await entryLines('VIR-1')).toEqual([
      ['5121', '360,00', '0,00'],
      ['411', '0,00', '360,00'],
    ]);
    const fecRow = (await fec()).find((l) => l[8] === 'VIR-1' && l[4] === '5121')!;
    expect(fecRow[5]).toBe('Compte courant');
    const reversed = await call(tresorier, 'PUT', '/api/compta/commande?action=REVERSE_PAYMENT', {
      id: rental.id,
      paiementId: confirmed.json<BankLine>().idPaiement,
      motif: 'Virement rappelé par la banque',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await entryLines('VIR-1')).toEqual([
      ['5121', '360,00', '0,00'],
      ['411', '0,00', '360,00'],
      ['5121', '0,00', '360,00'],
      ['411', '360,00', '0,00'],
    ]);
  });
});

describe('a fee call named in the transfer', () => {
  it('is an exact match of the lodge’s fee-call invoice, confirmed with the statement’s exact matches', async () => {
    const { line, statement } = await oneLine({
      amt: '450.00',
      sign: 'CRDT',
      day: '2026-11-18',
      ref: 'VIR-2',
      nm: 'TOLERANCE ET PROGRES',
      text: 'COTISATIONS 2026-2027 1ER TIERS',
    });
    expect(line.proposition).toMatchObject({
      nature: 'exacte',
      idEntite: tolerance.id,
      factures: [{ idCommande: feeCall.id, montant: 45000 }],
      raison:
        'Le libellé cite l’appel de cotisation 2026-2027, 1er tiers de Tolérance et Progrès, pour le montant dû.',
    });
    const report = await call(tresorier, 'POST', `/api/compta/banque/releves/${statement}/confirmation`);
    expect(report.json()).toEqual({ confirmees: 1, refusees: [] });
    const [invoice] = await t.db.select().from(accountingOrders).where(eq(accountingOrders.id, feeCall.id));
    expect(invoice!.etat).toBe('FP');
    expect(await entryLines('VIR-2')).toEqual([
      ['5121', '450,00', '0,00'],
      ['411', '0,00', '450,00'],
    ]);
  });
});

describe('POST /api/compta/banque/lignes/:id/imputation', () => {
  const impute = (who: Person, id: number, compte: unknown, libelle = 'Électricité du temple') =>
    call(who, 'POST', `/api/compta/banque/lignes/${id}/imputation`, { compte, libelle });
  const electricity = { num: '6061', lib: 'Fournitures non stockables' };

  it('refuses a reader, a malformed account, the bank’s own or a lodge’s account, in French', async () => {
    const { line } = await edf();
    expect((await impute(lecteur, line.id, electricity)).statusCode).toBe(403);
    const malformed = await impute(tresorier, line.id, { num: 'ABC', lib: 'X' });
    expect(malformed.statusCode).toBe(412);
    expect(malformed.json().message).toMatch(/commence par sa classe/);
    const bank = await impute(tresorier, line.id, { num: '5121', lib: 'Banque' });
    expect(bank.statusCode).toBe(412);
    expect(bank.json().error).toBe('bank_account_invalid');
    expect((await impute(tresorier, line.id, { num: '411', lib: 'Clients' })).json().error).toBe(
      'bank_account_invalid',
    );
    const noLabel = await impute(tresorier, line.id, electricity, ' ');
    expect(noLabel.json().message).toMatch(/Indiquez le libellé de l’écriture/);
  });

  it('posts the account against the 512x once, even asked twice at the same time, audited', async () => {
    const { line } = await edf();
    const piece = line.reference!;
    const answers = await Promise.all([
      impute(tresorier, line.id, electricity),
      impute(tresorier, line.id, electricity),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    expect(answers.find((a) => a.statusCode === 412)!.json().error).toBe('bank_line_done');
    expect(answers.find((a) => a.statusCode === 200)!.json()).toMatchObject({
      etat: 'IMPUTEE',
      compte: '6061',
      proposition: null,
    });
    expect(await entryLines(piece)).toEqual([
      ['6061', '157,00', '0,00'],
      ['5121', '0,00', '157,00'],
    ]);
    const row = (await fec()).find((l) => l[8] === piece)!;
    expect([row[0], row[3], row[10]]).toEqual(['BQ', '20261119', 'Électricité du temple']);
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.source, `bank_line:${line.id}`));
    expect(entries).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bank_line_imputed'), eq(auditLog.recordId, line.id)));
    expect(audits.map((a) => a.details)).toEqual([
      {
        compte: '6061',
        intitule: 'Fournitures non stockables',
        libelle: 'Électricité du temple',
        entryId: entries[0]!.id,
      },
    ]);
    const ignored = await call(tresorier, 'POST', `/api/compta/banque/lignes/${line.id}/ignorer`, {
      note: 'X',
    });
    expect(ignored.json().error).toBe('bank_line_done');
  });
});

describe('a card provider’s settlement', () => {
  /** An invoice of the lodge paid online by its venerable (the provider's notification, AUTHORISED). */
  async function paidOnline(lodge: Lodge, cents: number) {
    const invoice = await b.anOrder({
      by: tresorier,
      entity: lodge.id,
      issued: true,
      lignes: [{ libelle: 'Agapes', quantite: 1, prixUnitaire: cents }],
    });
    const form: ProviderForm = (
      await call(lodge.members[0]!, 'POST', `/api/loge/${lodge.id}/compte/commande/${invoice.id}/paiement-cb`)
    ).json();
    expect((await t.call(ipnRequest(providerNotification(form, 'AUTHORISED')))).statusCode).toBe(200);
  }

  it('is proposed against the card payments of the days before, and posts 512x and 627 against 512, once', async () => {
    const lodge = await b.aLodgeWithMembers({
      nom: 'Loge des Paiements en Ligne',
      members: [named('venerablecb', ['USER', 'LOGE'], { gestion: true })],
    });
    await paidOnline(lodge, 10000);
    await paidOnline(lodge, 5000);
    const { line } = await oneLine({
      amt: '148.20',
      sign: 'CRDT',
      day: '2026-11-24',
      ref: 'SYSTEMPAY-1',
      nm: 'LYRA NETWORK',
      text: 'VIR SEPA SYSTEMPAY REMISE 20261123',
    });
    expect(line.proposition).toBeNull();
    expect(line.reglementCarte).toMatchObject({ brut: 15000, frais: 180 });
    const ids = line.reglementCarte!.paiements.map((p) => p.idEcriture);
    expect(ids).toHaveLength(2);
    const settle = (ecritures: number[], id = line.id) =>
      call(tresorier, 'POST', `/api/compta/banque/lignes/${id}/reglement-carte`, { ecritures });
    expect(
      (
        await call(lecteur, 'POST', `/api/compta/banque/lignes/${line.id}/reglement-carte`, {
          ecritures: ids,
        })
      ).statusCode,
    ).toBe(403);
    const short = await settle([ids[1]!]);
    expect(short.statusCode).toBe(412);
    expect(short.json().message).toMatch(
      /Le virement \(148,20\s€\) dépasse les paiements par carte choisis \(50,00\s€\)/,
    );
    // A second provider's line asks for the same payments at the same time: one settles them.
    const { line: other } = await oneLine({
      amt: '148.20',
      sign: 'CRDT',
      day: '2026-11-24',
      ref: 'SYSTEMPAY-2',
      nm: 'LYRA NETWORK',
      text: 'SYSTEMPAY',
    });
    const answers = await Promise.all([settle(ids), settle(ids, other.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    expect(answers.find((a) => a.statusCode === 412)!.json().error).toBe('bank_card_settled');
    const won = answers.find((a) => a.statusCode === 200)!.json<BankLine>();
    expect(won).toMatchObject({ etat: 'IMPUTEE', compte: '512', reglementCarte: null });
    expect(await entryLines(won.reference!)).toEqual([
      ['5121', '148,20', '0,00'],
      ['627', '1,80', '0,00'],
      ['512', '0,00', '150,00'],
    ]);
    expect(
      await t.db.select().from(bankSettledEntries).where(eq(bankSettledEntries.bankLineId, won.id)),
    ).toHaveLength(2);
    // Settled, the payments are proposed to no other transfer.
    const again = (
      await call(
        lecteur,
        'GET',
        `/api/compta/banque/releves/${(await oneLine({ amt: '1.00', sign: 'CRDT', day: '2026-11-25', ref: 'SYSTEMPAY-3', nm: 'LYRA', text: 'SYSTEMPAY' })).statement}`,
      )
    ).json<BankStatement>();
    expect(again.lignes.find((l) => l.reference === 'SYSTEMPAY-3')!.reglementCarte).toBeNull();
  });

  it('counts the cards topped up online among the payments it settles, read through the restaurant', async () => {
    const lodge = await b.aLodgeWithMembers({
      nom: 'Loge des Cartes Rechargées',
      members: [named('venerablerc', ['USER', 'LOGE', 'PAYMENT'], { gestion: true })],
    });
    // Paid three days before the other test's payments: whichever test runs first, neither's days are
    // the other's (the file's tests run shuffled).
    const was = clock.at;
    clock.at = new Date('2026-11-20T10:00:00Z');
    let topUp: TopUp;
    try {
      await paidOnline(lodge, 6000);
      // The venerable tops up their restaurant card online; the treasurer validates the top-up.
      const payer = lodge.members[0]!;
      topUp = (await call(payer, 'POST', '/api/user/payments', { montant: 4000 })).json<TopUp>();
      const form = (
        await call(payer, 'GET', `/api/user/payments/${topUp.id}/systempay`)
      ).json<ProviderForm>();
      expect((await t.call(ipnRequest(providerNotification(form, 'AUTHORISED')))).statusCode).toBe(200);
      const validated = await call(tresorier, 'POST', `/api/payment/${topUp.id}/validate`);
      expect(validated.statusCode, validated.body).toBe(200);
    } finally {
      clock.at = was;
    }
    const { line } = await oneLine({
      amt: '98.80',
      sign: 'CRDT',
      day: '2026-11-21',
      ref: 'SYSTEMPAY-4',
      nm: 'LYRA NETWORK',
      text: 'VIR SEPA SYSTEMPAY REMISE 20261120',
    });
    expect(line.reglementCarte).toMatchObject({ brut: 10000, frais: 120 });
    const paiements = line.reglementCarte!.paiements;
    expect(paiements.map((p) => [p.date, p.montant]).sort()).toEqual([
      ['2026-11-20', 4000],
      ['2026-11-20', 6000],
    ]);
    const card = paiements.find((p) => p.montant === 4000)!;
    expect(card.libelle).toMatch(new RegExp(`^Rechargement n° ${topUp.id} \\(carte bancaire\\)`));
    const settled = await call(tresorier, 'POST', `/api/compta/banque/lignes/${line.id}/reglement-carte`, {
      ecritures: paiements.map((p) => p.idEcriture),
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await entryLines('SYSTEMPAY-4')).toEqual([
      ['5121', '98,80', '0,00'],
      ['627', '1,20', '0,00'],
      ['512', '0,00', '100,00'],
    ]);
    // The top-up's own entry had put the 40 € on 512, which the settlement has now cleared.
    expect(
      (await t.db.select().from(bankSettledEntries).where(eq(bankSettledEntries.bankLineId, line.id)))
        .map((r) => [r.entryId, r.montant])
        .sort(),
    ).toEqual(paiements.map((p) => [p.idEcriture, p.montant]).sort());
    // Settled once: the same top-up is proposed to no later transfer, and cannot be settled again.
    const { line: later } = await oneLine({
      amt: '39.50',
      sign: 'CRDT',
      day: '2026-11-21',
      ref: 'SYSTEMPAY-5',
      nm: 'LYRA',
      text: 'SYSTEMPAY',
    });
    expect(later.reglementCarte).toBeNull();
    const twice = await call(tresorier, 'POST', `/api/compta/banque/lignes/${later.id}/reglement-carte`, {
      ecritures: [card.idEcriture],
    });
    expect(twice.statusCode).toBe(412);
    expect(twice.json().error).toBe('bank_card_settled');
  });
});
