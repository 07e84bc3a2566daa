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
  for (const who of [tresorier, lecteur, chevaliers.manager, tolerance.manager])
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
  const xml = FIXTURE.replaceAll('{{IBAN}}', UNION_IBAN)
    .replaceAll('{{MSGID}}', batch.reference)
    .replaceAll('{{TOTAL}}', '200.00')
    .replaceAll('{{RETURNED}}', '120.00')
    .replaceAll('{{E2E}}', chevLine.numeroFacture)
    .replaceAll('{{RUM}}', 'UNION-COLL-CHEV');
  const upload = () =>
    t.call({
      method: 'POST',
      url: '/api/compta/banque/releves',
      token: tresorier.token,
      ...multipartBody({}, { name: 'releve.xml', content: Buffer.from(xml), type: 'application/xml' }),
    });

  // A batch not sent yet is collected by nothing.
  const early = await upload();
  expect(early.statusCode, early.body).toBe(201);
  const statementId = (early.json() as BankImportReport).releves[0]!.id;
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
  const made = await post('/api/compta/banque/prelevements', { datePrelevement: '2026-12-26' });
  expect(made.statusCode, made.body).toBe(201);
  const batch = (made.json() as SepaBatchReport).lot;
  expect((await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {})).statusCode).toBe(200);
  const xml = FIXTURE.replaceAll('{{IBAN}}', UNION_IBAN)
    .replace('RLV-2026-12-0163', `RLV-MONTANT-${b.unique()}`)
    .replaceAll('1208PRLV0000163', `PRLV-MONTANT-${b.unique()}`)
    .replaceAll('1210IMPAYE0000163', `IMPAYE-MONTANT-${b.unique()}`)
    .replaceAll('{{MSGID}}', batch.reference)
    .replaceAll('{{TOTAL}}', '49.00')
    .replaceAll('{{RETURNED}}', '10.00')
    .replaceAll('{{E2E}}', 'FA-INCONNUE')
    .replaceAll('{{RUM}}', 'X');
  const imported = await t.call({
    method: 'POST',
    url: '/api/compta/banque/releves',
    token: tresorier.token,
    ...multipartBody({}, { name: 'releve.xml', content: Buffer.from(xml), type: 'application/xml' }),
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const statement = await get<BankStatement>(
    `/api/compta/banque/releves/${(imported.json() as BankImportReport).releves[0]!.id}`,
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
