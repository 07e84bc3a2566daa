/**
 * A SEPA batch collected and one of its debits returned (issue 34 §4), through the HTTP API, on PGlite and
 * PostgreSQL: a statement written like a French bank's camt.053 carries the batch's credit (its PmtInfId
 * in the batch details) and an AM04 return naming a debit's end-to-end id. The credit is proposed against
 * the batch and confirmed once (two confirmations at once: one wins), recording one payment per invoice
 * by direct debit, dated the value date, posted 5121 ↔ 411; the return, confirmed once, reverses that
 * invoice's payment (it opens again, 411 ↔ 5121), e-mails the lodge and the Union's contact through a real
 * SMTP server, and the lodge's account shows « Provision insuffisante ».
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  BankImportReport,
  BankReconciliation,
  BankStatement,
  LodgeDirectDebits,
  OrderDetail,
  SepaBatch,
  SepaBatchReport,
  UnionSettings,
} from '@union/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smtpInbox, type Inbox, type Received } from './smtp-inbox';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { multipartBody } from './documents-helpers';
import { fecLines } from './fec';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-11-23T10:00:00Z');
const ICS = 'FR72ZZZ123456';
const UNION_IBAN = 'FR7630004000031234567890143';
const FIXTURE = readFileSync(join(__dirname, 'fixtures/bank/releve-prelevements.camt053.xml'), 'utf8');

let t: TestContext;
let b: Builders;
let inbox: Inbox;
let admin: Person;
let tresorier: Person;
let lecteur: Person;
let chevaliers: Lodge;
let tolerance: Lodge;
let unionEmail: string;
let montantLodge: Lodge;
/** The two lodges whose debits come back in one entry (made before the clock moves: the builders sign in). */
let returnedLodges: Lodge[];
/** The two lodges of a batch credited net of one of them. */
let netLodges: Lodge[];

const post = (url: string, payload: unknown, who: Person = tresorier) =>
  t.call({ method: 'POST', url, token: who.token, payload });
const get = <T>(url: string, who: Person = tresorier) =>
  t.call({ method: 'GET', url, token: who.token }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  });
/** Moves the clock, and signs everyone in again at that time (tokens do not outlive weeks). */
async function at(instant: string) {
  clock.at = new Date(instant);
  for (const who of [
    tresorier,
    lecteur,
    chevaliers.manager,
    tolerance.manager,
    ...[...returnedLodges, ...netLodges].map((l) => l.manager),
  ])
    who.token = await t.signIn(who.identifiant);
}
const soon = () => new Date(Date.now() + 1000);
async function deliver(): Promise<Received[]> {
  const before = inbox.received.length;
  await t.app.mailWorker!.flush(soon());
  return inbox.received.slice(before);
}

const invoiceOf = async (entity: number, cents: number) =>
  (
    await b.anOrder({
      by: tresorier,
      entity,
      issued: true,
      lignes: [{ libelle: 'Cotisations', quantite: 1, prixUnitaire: cents }],
    })
  ).id;

/**
 * The fixture filled for a batch: its credit of `total` cents on `day` (the fixture's 8 December by
 * default), and a return of `returned` cents naming `e2e`. With `own`, the statement and its lines get
 * references of their own (another test's statements share the account); without, the fixture's.
 */
function statementFor(o: {
  reference: string;
  total: number;
  returned: number;
  e2e: string;
  rum?: string;
  day?: string;
  own?: string;
}): string {
  let xml = FIXTURE;
  if (o.own)
    xml = xml
      .replace('RLV-2026-12-0163', `RLV-${o.own}`)
      .replaceAll('1208PRLV0000163', `PRLV-${o.own}`)
      .replaceAll('1210IMPAYE0000163', `IMPAYE-${o.own}`);
  if (o.day) xml = xml.replaceAll('2026-12-08', o.day);
  return xml
    .replaceAll('{{IBAN}}', UNION_IBAN)
    .replaceAll('{{MSGID}}', o.reference)
    .replaceAll('{{TOTAL}}', (o.total / 100).toFixed(2))
    .replaceAll('{{RETURNED}}', (o.returned / 100).toFixed(2))
    .replaceAll('{{E2E}}', o.e2e)
    .replaceAll('{{RUM}}', o.rum ?? 'X');
}

/** A statement file imported on Banque as the treasurer (201): the import's report. */
async function importStatement(xml: string): Promise<BankImportReport> {
  const r = await t.call({
    method: 'POST',
    url: '/api/compta/banque/releves',
    token: tresorier.token,
    ...multipartBody({}, { name: 'releve.xml', content: Buffer.from(xml), type: 'application/xml' }),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as BankImportReport;
}

/** The first statement an import brought, with its lines and their proposals. */
const statementOf = (report: BankImportReport) =>
  get<BankStatement>(`/api/compta/banque/releves/${report.releves[0]!.id}`);

/** The tests run in a shuffled order: a test that leaves invoices due ends its mandates, out of the others' batches. */
async function revokeAll(lodges: Lodge[], day: string) {
  const mandates = (
    await get<{ id: number; idEntite: number; revoqueLe: string | null }[]>('/api/compta/banque/mandats')
  ).filter((m) => lodges.some((l) => l.id === m.idEntite) && !m.revoqueLe);
  for (const m of mandates) {
    const r = await post(`/api/compta/banque/mandats/${m.id}/revocation`, {
      date: day,
      motif: 'Fin du test',
    });
    expect(r.statusCode, r.body).toBe(200);
  }
}

async function withMandate(lodge: Lodge, rum: string) {
  const created = await post('/api/compta/banque/mandats', {
    idEntite: lodge.id,
    rum,
    dateSignature: '2026-10-01',
    debiteur: 'Loge',
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
  });
  expect(created.statusCode, created.body).toBe(201);
}

beforeAll(async () => {
  inbox = await smtpInbox();
  t = await createTestContext({ SMTP_URL: inbox.url, MAIL_POLL_MS: '3600000' }, { clock });
  b = builders(t);
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  chevaliers = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    managers: 1,
    emailFacturation: 'tresorerie@chevaliers.example',
  });
  tolerance = await b.aLodgeWithMembers({
    nom: 'Tolérance et Progrès',
    managers: 1,
    emailFacturation: 'tresor@tolerance.example',
  });
  montantLodge = await b.aLodgeWithMembers({
    nom: 'Loge du montant',
    managers: 1,
    emailFacturation: 'montant@loge.example',
  });
  returnedLodges = [
    await b.aLodgeWithMembers({ nom: 'Loge Un', managers: 1, emailFacturation: 'un@loge.example' }),
    await b.aLodgeWithMembers({ nom: 'Loge Deux', managers: 1, emailFacturation: 'deux@loge.example' }),
  ];
  netLodges = [
    await b.aLodgeWithMembers({ nom: 'Loge Nette', managers: 1, emailFacturation: 'nette@loge.example' }),
    await b.aLodgeWithMembers({ nom: 'Loge Rejetée', managers: 1, emailFacturation: 'rejetee@loge.example' }),
  ];
  const current: UnionSettings = (
    await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
  ).json();
  unionEmail = current.identite.email;
  const saved = await t.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: admin.token,
    payload: {
      ...current,
      ics: ICS,
      comptesBancaires: [{ nom: 'Compte courant', iban: UNION_IBAN, bic: 'BNPAFRPPXXX', compte: '5121' }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The tests follow a batch over weeks: longer than the second factor's 30 days of grace.
  const grace = await t.call({
    method: 'PUT',
    url: '/api/parametres/second-facteur',
    token: admin.token,
    payload: { habilitations: ['ADMIN', 'COMPTA_SAISIE', 'LOGE'], delaiJours: 90 },
  });
  expect(grace.statusCode, grace.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await inbox?.close();
});

it('records a collected batch as its invoices’ payments, once, and a return (AM04) as its reversal, once', async () => {
  await at('2026-11-23T10:00:00Z');
  await withMandate(chevaliers, 'UNION-COLL-CHEV');
  await withMandate(tolerance, 'UNION-COLL-TOL');
  const chevInvoice = await invoiceOf(chevaliers.id, 12_000);
  const tolInvoice = await invoiceOf(tolerance.id, 8_000);
  const made = await post('/api/compta/banque/prelevements', { datePrelevement: '2026-12-08' });
  expect(made.statusCode, made.body).toBe(201);
  const batch = (made.json() as SepaBatchReport).lot;
  expect(batch.total).toBe(20_000);
  const chevLine = batch.lignes.find((l) => l.idCommande === chevInvoice)!;
  await deliver(); // the pre-notifications

  await at('2026-12-11T08:00:00Z');
  // A batch not sent yet is collected by nothing.
  const early = await importStatement(
    statementFor({
      reference: batch.reference,
      total: 20_000,
      returned: 12_000,
      e2e: chevLine.numeroFacture,
      rum: 'UNION-COLL-CHEV',
    }),
  );
  const statementId = early.releves[0]!.id;
  const statementUrl = `/api/compta/banque/releves/${statementId}`;
  let statement = await get<BankStatement>(statementUrl);
  // Other tests' statements of the account may share the period: the lines are found by their reference.
  const mine = (s: BankStatement) =>
    ['1208PRLV0000163', '1210IMPAYE0000163'].map((ref) => s.lignes.find((l) => l.reference === ref)!);
  const [credit, debit] = mine(statement);
  expect(credit!.prelevement).toBeNull();
  expect(debit!.retour).toEqual({
    code: 'AM04',
    motif: 'Provision insuffisante',
    endToEndId: chevLine.numeroFacture,
  });
  const confirmUrl = (id: number) => `/api/compta/banque/lignes/${id}/prelevement`;
  const tooSoon = await post(confirmUrl(credit!.id), { idLot: batch.id });
  expect(tooSoon.statusCode).toBe(412);
  expect(tooSoon.json().error).toBe('sepa_batch_state');

  expect((await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {})).statusCode).toBe(200);
  statement = await get<BankStatement>(statementUrl);
  expect(mine(statement)[0]!.prelevement).toMatchObject({
    sens: 'ENCAISSEMENT',
    nature: 'exacte',
    idLot: batch.id,
    reference: batch.reference,
    debits: [{ idCommande: chevInvoice }, { idCommande: tolInvoice }].sort(
      (x, y) =>
        batch.lignes.findIndex((l) => l.idCommande === x.idCommande) -
        batch.lignes.findIndex((l) => l.idCommande === y.idCommande),
    ),
  });
  expect(mine(statement)[0]!.proposition).toBeNull();
  // The return waits for its batch to be collected.
  expect(mine(statement)[1]!.prelevement).toBeNull();

  // A reader may not; the return is not the batch's credit.
  expect((await post(confirmUrl(credit!.id), { idLot: batch.id }, lecteur)).statusCode).toBe(403);
  const returnFirst = await post(confirmUrl(debit!.id), { idLot: batch.id });
  expect(returnFirst.statusCode).toBe(412);
  expect(returnFirst.json().error).toBe('sepa_batch_state');

  // Two confirmations at the same time: one collects, the other is refused; nothing twice.
  const both = await Promise.all([
    post(confirmUrl(credit!.id), { idLot: batch.id }),
    post(confirmUrl(credit!.id), { idLot: batch.id }),
  ]);
  expect(both.map((r) => r.statusCode).sort()).toEqual([200, 412]);
  expect(['bank_line_done', 'sepa_batch_state']).toContain(
    both.find((r) => r.statusCode === 412)!.json().error,
  );
  expect(both.find((r) => r.statusCode === 200)!.json()).toMatchObject({
    etat: 'RAPPROCHEE',
    prelevement: { sens: 'ENCAISSEMENT', idLot: batch.id },
  });
  const batches = await get<SepaBatch[]>('/api/compta/banque/prelevements');
  expect(batches.find((x) => x.id === batch.id)!.etat).toBe('ENCAISSE');
  for (const id of [chevInvoice, tolInvoice]) {
    const order = await get<OrderDetail>(`/api/compta/commande/${id}/infos`);
    expect(order.etat).toBe('FP');
    expect(order.paiements).toMatchObject([{ mode: 'P', date: '2026-12-08', reference: batch.reference }]);
  }
  const fec = async () =>
    (await fecLines(t, tresorier.token, '2026-01-01', '2026-12-31'))
      .filter((l) => l[8] === batch.reference)
      .map((l) => [l[4], l[11], l[12]]);
  expect((await fec()).filter(([compte]) => compte === '5121')).toEqual([
    ['5121', '120,00', '0,00'],
    ['5121', '80,00', '0,00'],
  ]);

  // The return is now an exact match against the collected debit, confirmed once.
  statement = await get<BankStatement>(statementUrl);
  expect(mine(statement)[1]!.prelevement).toMatchObject({
    sens: 'RETOUR',
    nature: 'exacte',
    debits: [{ idCommande: chevInvoice, montant: 12_000 }],
  });
  const twice = await Promise.all([
    post(confirmUrl(debit!.id), { idLot: batch.id }),
    post(confirmUrl(debit!.id), { idLot: batch.id }),
  ]);
  expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 412]);
  const chev = await get<OrderDetail>(`/api/compta/commande/${chevInvoice}/infos`);
  expect(chev.etat).toBe('FE');
  expect(chev.paiements.map((p) => p.nature).sort()).toEqual(['C', 'E']);
  // The counter-entry is dated the bank's day of the return, not the day it was confirmed.
  expect(chev.paiements.find((p) => p.nature === 'C')!.date).toBe('2026-12-10');
  expect((await get<OrderDetail>(`/api/compta/commande/${tolInvoice}/infos`)).etat).toBe('FP');
  expect((await fec()).filter(([compte]) => compte === '5121')).toEqual([
    ['5121', '120,00', '0,00'],
    ['5121', '80,00', '0,00'],
    ['5121', '0,00', '120,00'],
  ]);

  // The lodge and the Union's contact are told, with the reason in French.
  const mails = await deliver();
  expect(mails.map((m) => m.to[0]).sort()).toEqual([unionEmail, 'tresorerie@chevaliers.example'].sort());
  for (const m of mails) expect(m.raw).toContain('AM04');
  const lodgeMail = mails.find((m) => m.to[0] === 'tresorerie@chevaliers.example')!;
  expect(lodgeMail.raw.replace(/=\r?\n/g, '')).toMatch(/Provision insuffisante|Provision =?insuffisante/);

  // The lodge's account shows the rejected debit and why.
  const seen = await get<LodgeDirectDebits>(`/api/loge/${chevaliers.id}/prelevements`, chevaliers.manager);
  expect(seen.prelevements.find((p) => p.numeroFacture === chevLine.numeroFacture)).toMatchObject({
    etat: 'ENCAISSE',
    retour: { code: 'AM04', motif: 'Provision insuffisante', date: '2026-12-10' },
  });
  const after = await get<BankStatement>(statementUrl);
  expect(mine(after).map((l) => [l.etat, l.prelevement?.sens])).toEqual([
    ['RAPPROCHEE', 'ENCAISSEMENT'],
    ['RAPPROCHEE', 'RETOUR'],
  ]);
  // The reconciliation pairs the batch's credit with its payments' entries, the return with the reversal.
  const reconciled = await get<BankReconciliation>(
    `/api/compta/banque/rapprochement?iban=${UNION_IBAN}&date=2026-12-11`,
  );
  expect(reconciled.lignesBanque.map((l) => l.id)).not.toContain(credit!.id);
  expect(reconciled.lignesBanque.map((l) => l.id)).not.toContain(debit!.id);
  expect(reconciled.ecritures.filter((e) => e.piece === batch.reference)).toEqual([]);
  // The invoice returned may be debited again.
  const next = await post('/api/compta/banque/prelevements', { datePrelevement: '2026-12-28' });
  expect(next.statusCode, next.body).toBe(201);
  expect((next.json() as SepaBatchReport).lot.lignes.map((l) => l.idCommande)).toContain(chevInvoice);
});

it('refuses a credit that is not the batch’s total, and an unknown batch', async () => {
  await at('2026-12-11T08:00:00Z');
  const lodge = montantLodge;
  await withMandate(lodge, `UNION-MONTANT-${b.unique()}`);
  await invoiceOf(lodge.id, 5_000);
  const made = await post('/api/compta/banque/prelevements', { datePrelevement: '2026-12-29' });
  expect(made.statusCode, made.body).toBe(201);
  const batch = (made.json() as SepaBatchReport).lot;
  expect((await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {})).statusCode).toBe(200);
  const statement = await statementOf(
    await importStatement(
      statementFor({
        reference: batch.reference,
        total: 4_900,
        returned: 1_000,
        e2e: 'FA-INCONNUE',
        own: `MONTANT-${b.unique()}`,
      }),
    ),
  );
  const credit = statement.lignes.find((l) => l.montant === 4_900)!;
  expect(credit.prelevement).toBeNull();
  const wrong = await post(`/api/compta/banque/lignes/${credit.id}/prelevement`, { idLot: batch.id });
  expect(wrong.statusCode).toBe(412);
  expect(wrong.json().message).toMatch(/n’est pas le total du lot/);
  const unknown = await post(`/api/compta/banque/lignes/${credit.id}/prelevement`, { idLot: 999_999 });
  expect(unknown.statusCode).toBe(404);
  expect(
    (await get<SepaBatch[]>('/api/compta/banque/prelevements')).find((x) => x.id === batch.id)!.etat,
  ).toBe('TRANSMIS');
});

/** A camt.053.001.08 entry returning several debits at once, each in its own TxDtls. */
const severalReturns = (
  iban: string,
  id: string,
  ref: string,
  debits: { e2e: string; amount: string; code: string }[],
) => {
  const total = debits.reduce((t, d) => t + Number(d.amount), 0).toFixed(2);
  const txs = debits
    .map(
      (d) => `<TxDtls><Refs><EndToEndId>${d.e2e}</EndToEndId></Refs><Amt Ccy="EUR">${d.amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>LOGE ${d.e2e}</Nm></Pty></Dbtr></RltdPties>
        <RmtInf><Ustrd>IMPAYE ${d.e2e}</Ustrd></RmtInf><RtrInf><Rsn><Cd>${d.code}</Cd></Rsn></RtrInf></TxDtls>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-12-31T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${id}</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">${total}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2026-12-30</Dt></BookgDt><ValDt><Dt>2026-12-30</Dt></ValDt><AcctSvcrRef>${ref}</AcctSvcrRef>
<NtryDtls>${txs}</NtryDtls><AddtlNtryInf>IMPAYES PRELEVEMENTS SEPA</AddtlNtryInf></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
};

it('splits an entry that returns several debits into one line per debit, each confirmed against its own', async () => {
  await at('2026-12-11T08:00:00Z');
  const [one, two] = returnedLodges;
  await withMandate(one!, `UNION-UN-${b.unique()}`);
  await withMandate(two!, `UNION-DEUX-${b.unique()}`);
  const invoices = [await invoiceOf(one!.id, 3_000), await invoiceOf(two!.id, 4_500)];
  const made = await post('/api/compta/banque/prelevements', { datePrelevement: '2026-12-28' });
  expect(made.statusCode, made.body).toBe(201);
  const batch = (made.json() as SepaBatchReport).lot;
  const mineOnly = batch.lignes.filter((l) => invoices.includes(l.idCommande));
  expect(mineOnly).toHaveLength(2);
  expect((await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {})).statusCode).toBe(200);

  // The batch's credit, through the first fixture, confirmed.
  await at('2026-12-31T08:00:00Z');
  const creditStatement = await statementOf(
    await importStatement(
      statementFor({
        reference: batch.reference,
        total: batch.total,
        returned: 100,
        e2e: 'FA-AUCUNE',
        day: '2026-12-28',
        own: `PLUSIEURS-${b.unique()}`,
      }),
    ),
  );
  const credit = creditStatement.lignes.find((l) => l.montant === batch.total)!;
  const collected = await post(`/api/compta/banque/lignes/${credit.id}/prelevement`, { idLot: batch.id });
  expect(collected.statusCode, collected.body).toBe(200);

  // One entry returns both debits: two lines, each its debit's amount, reason and reference.
  const ref = `IMPAYES-${b.unique()}`;
  const xml = severalReturns(UNION_IBAN, `RLV-RETOURS-${b.unique()}`, ref, [
    { e2e: mineOnly[0]!.numeroFacture, amount: (mineOnly[0]!.montant / 100).toFixed(2), code: 'AM04' },
    { e2e: mineOnly[1]!.numeroFacture, amount: (mineOnly[1]!.montant / 100).toFixed(2), code: 'AC04' },
  ]);
  const report = await importStatement(xml);
  expect(report.releves[0]).toMatchObject({ lignes: 2, nouvelles: 2 });
  // Imported again, nothing is added.
  expect((await importStatement(xml)).releves[0]).toMatchObject({ nouvelles: 0 });
  const statement = await statementOf(report);
  const returns = statement.lignes.filter((l) => l.reference?.startsWith(ref));
  expect(returns.map((l) => [l.reference, l.montant, l.retour?.code, l.retour?.endToEndId])).toEqual([
    [`${ref}/1`, -mineOnly[0]!.montant, 'AM04', mineOnly[0]!.numeroFacture],
    [`${ref}/2`, -mineOnly[1]!.montant, 'AC04', mineOnly[1]!.numeroFacture],
  ]);
  for (const [i, line] of returns.entries()) {
    expect(line.prelevement).toMatchObject({
      sens: 'RETOUR',
      nature: 'exacte',
      debits: [{ idCommande: mineOnly[i]!.idCommande }],
    });
    const done = await post(`/api/compta/banque/lignes/${line.id}/prelevement`, { idLot: batch.id });
    expect(done.statusCode, done.body).toBe(200);
  }
  for (const id of invoices) {
    const order = await get<OrderDetail>(`/api/compta/commande/${id}/infos`);
    expect(order.etat).toBe('FE');
    expect(order.paiements.find((p) => p.nature === 'C')!.date).toBe('2026-12-30');
  }
  await revokeAll(returnedLodges, '2026-12-31');
});

it('collects a batch credited net of a debit rejected before settlement: that invoice stays due, its lodge told', async () => {
  await at('2026-12-31T09:00:00Z');
  const [one, two] = netLodges;
  await withMandate(one!, `UNION-NET-UN-${b.unique()}`);
  await withMandate(two!, `UNION-NET-DEUX-${b.unique()}`);
  await invoiceOf(one!.id, 2_700);
  await invoiceOf(two!.id, 3_900);
  const made = await post('/api/compta/banque/prelevements', { datePrelevement: '2027-01-15' });
  expect(made.statusCode, made.body).toBe(201);
  const batch = (made.json() as SepaBatchReport).lot;
  const rejected = batch.lignes.find((l) => l.idEntite === two!.id)!;
  expect(rejected).toBeDefined();
  expect((await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {})).statusCode).toBe(200);
  await deliver();

  await at('2027-01-16T08:00:00Z');
  const net = batch.total - rejected.montant;
  const statement = await statementOf(
    await importStatement(
      statementFor({
        reference: batch.reference,
        total: net,
        returned: 100,
        e2e: 'FA-AUCUNE',
        day: '2027-01-15',
        own: `NET-${b.unique()}`,
      }),
    ),
  );
  const credit = statement.lignes.find((l) => l.montant === net)!;
  expect(credit.prelevement).toMatchObject({
    sens: 'ENCAISSEMENT',
    nature: 'suggestion',
    idLot: batch.id,
    rejetes: [{ idCommande: rejected.idCommande, montant: rejected.montant }],
  });
  const url = `/api/compta/banque/lignes/${credit.id}/prelevement`;
  // Refused, and nothing done: the full batch for a net amount, a debit of another batch.
  const whole = await post(url, { idLot: batch.id });
  expect(whole.statusCode).toBe(412);
  const foreign = await post(url, { idLot: batch.id, rejetes: [999_999] });
  expect(foreign.statusCode).toBe(412);
  expect(foreign.json().message).toMatch(/n’est pas dans le lot/);
  expect(
    (await get<SepaBatch[]>('/api/compta/banque/prelevements')).find((x) => x.id === batch.id)!.etat,
  ).toBe('TRANSMIS');

  const done = await post(url, { idLot: batch.id, rejetes: [rejected.idCommande] });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({
    etat: 'RAPPROCHEE',
    prelevement: { rejetes: [{ idCommande: rejected.idCommande }] },
  });
  expect(
    (await get<SepaBatch[]>('/api/compta/banque/prelevements')).find((x) => x.id === batch.id)!.etat,
  ).toBe('ENCAISSE');
  const left = await get<OrderDetail>(`/api/compta/commande/${rejected.idCommande}/infos`);
  expect(left.etat).toBe('FE');
  expect(left.paiements.filter((p) => p.date === '2027-01-15')).toEqual([]);
  for (const l of batch.lignes.filter((x) => x.idCommande !== rejected.idCommande))
    expect((await get<OrderDetail>(`/api/compta/commande/${l.idCommande}/infos`)).etat).toBe('FP');
  const mails = await deliver();
  const lodgeMail = mails.find((m) => m.to[0] === 'rejetee@loge.example')!;
  expect(lodgeMail.raw.replace(/=\r?\n/g, '')).toContain('MS03');
  expect(mails.map((m) => m.to[0])).toContain(unionEmail);
  const seen = await get<LodgeDirectDebits>(`/api/loge/${two!.id}/prelevements`, two!.manager);
  expect(seen.prelevements.find((p) => p.numeroFacture === rejected.numeroFacture)).toMatchObject({
    retour: { code: 'MS03', motif: 'Motif non communiqué', date: '2027-01-15' },
  });
  await revokeAll(netLodges, '2027-01-16');
});
