/**
 * SEPA direct debit of the dues (issue 34 §4) through the HTTP API: the Union's creditor identifier (ICS)
 * checked in the settings, a lodge's mandate (RUM unique, one live per lodge, IBAN checked, its signed
 * PDF stored and read back, revoked), a batch made from the invoices due (collection at least 14 days
 * ahead on a TARGET2 day, pre-notified through the outbox, an invoice in one live batch only, even asked
 * twice at once), its pain.008.001.02 file (the default version) valid against ISO 20022's official
 * schema, sent (FRST → RCUR) or cancelled, and what the lodge's officers read of it. Version 001.08 and the
 * `version` query: test/sepa-pain008.test.ts.
 */
import {
  euros,
  type Mandate,
  type SepaBatch,
  type SepaBatchReport,
  type UnionSettings,
} from '@union/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox, sepaBatchLines, sepaMandates } from '../src/db/schema';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { multipartBody, pdfWith } from './documents-helpers';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { painSchemaErrors } from './sepa-schema';

const clock = movableClock('2026-11-23T10:00:00Z');
const ICS = 'FR72ZZZ123456';

let t: TestContext;
let b: Builders;
let admin: Person;
let tresorier: Person;
let lecteur: Person;
let tolerance: Lodge;

async function putSettings(patch: Partial<UnionSettings>) {
  const current: UnionSettings = (
    await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
  ).json();
  return t.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: admin.token,
    payload: { ...current, ...patch },
  });
}

const post = (url: string, payload: unknown, who: Person = tresorier) =>
  t.call({ method: 'POST', url, token: who.token, payload });

const mandateOf = (entity: number, rum: string) => ({
  idEntite: entity,
  rum,
  dateSignature: '2026-10-01',
  debiteur: 'Les Chevaliers du Rhône',
  iban: 'fr76 3000 6000 0112 3456 7890 189',
  bic: 'agrifrpp',
});

const batchFor = (datePrelevement: string) => post('/api/compta/banque/prelevements', { datePrelevement });

const invoiceOf = async (entity: number, cents: number) =>
  (
    await b.anOrder({
      by: tresorier,
      entity,
      issued: true,
      lignes: [{ libelle: 'Cotisations', quantite: 1, prixUnitaire: cents }],
    })
  ).id;

/** A lodge of its own (tests run in any order), with a billing address and, if asked, a mandate. */
async function aLodge(rum?: string): Promise<{ lodge: Lodge; email: string; mandate?: Mandate }> {
  const u = b.unique();
  const email = `tresor${u}@chevaliers.fr`;
  const lodge = await b.aLodgeWithMembers({
    nom: `Les Chevaliers du Rhône ${u}`,
    managers: 1,
    emailFacturation: email,
  });
  if (!rum) return { lodge, email };
  const created = await post('/api/compta/banque/mandats', mandateOf(lodge.id, rum));
  expect(created.statusCode, created.body).toBe(201);
  return { lodge, email, mandate: created.json() };
}

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  tolerance = await b.aLodgeWithMembers({
    nom: 'Tolérance et Progrès',
    managers: 1,
    emailFacturation: 'tresor@tolerance.fr',
  });
  await invoiceOf(tolerance.id, 12_000);
  const saved = await putSettings({
    ics: ICS,
    comptesBancaires: [
      { nom: 'Compte courant', iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPXXX', compte: '5121' },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

it('checks the Union’s ICS (country, length, mod-97 check digits), kept in capitals without spaces', async () => {
  const wrong = await putSettings({ ics: 'FR12ZZZ123456' });
  expect(wrong.statusCode).toBe(412);
  expect(wrong.json().message).toMatch(/identifiant créancier SEPA \(ICS\) n’est pas valide/);
  expect((await putSettings({ ics: 'FR72ZZZ12345' })).statusCode).toBe(412);
  const saved = await putSettings({ ics: 'fr72 zzz 123456' });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((saved.json() as UnionSettings).ics).toBe(ICS);
  // A client that leaves it out keeps it.
  const { ics: _ics, ...rest } = saved.json() as UnionSettings;
  const kept = await t.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: admin.token,
    payload: rest,
  });
  expect((kept.json() as UnionSettings).ics).toBe(ICS);
});

it('records a mandate with its IBAN checked, its RUM unique, one live per lodge, and its signed PDF', async () => {
  const { lodge } = await aLodge();
  const bad = await post('/api/compta/banque/mandats', { ...mandateOf(lodge.id, 'M1'), iban: 'FR76 1234' });
  expect(bad.statusCode).toBe(412);
  expect(bad.json().message).toMatch(/IBAN du débiteur n’est pas valide/);
  const created = await post('/api/compta/banque/mandats', mandateOf(lodge.id, 'UNION-PDF-001'));
  expect(created.statusCode, created.body).toBe(201);
  const mandate: Mandate = created.json();
  expect(mandate).toMatchObject({
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    sequence: 'FRST',
    pdf: false,
    revoqueLe: null,
  });
  const sameRum = await post('/api/compta/banque/mandats', mandateOf(tolerance.id, 'UNION-PDF-001'));
  expect(sameRum.statusCode).toBe(412);
  expect(sameRum.json().error).toBe('sepa_rum_taken');
  const second = await post('/api/compta/banque/mandats', mandateOf(lodge.id, 'UNION-PDF-002'));
  expect(second.json().error).toBe('sepa_mandate_live');
  expect(await t.db.select().from(sepaMandates).where(eq(sepaMandates.entityId, lodge.id))).toHaveLength(1);
  expect((await post('/api/compta/banque/mandats', mandateOf(tolerance.id, 'X'), lecteur)).statusCode).toBe(
    403,
  );

  const pdf = await pdfWith('Mandat de prélèvement SEPA UNION-PDF-001');
  const put = (content: Buffer, name: string) =>
    t.call({
      method: 'PUT',
      url: `/api/compta/banque/mandats/${mandate.id}/pdf`,
      token: tresorier.token,
      ...multipartBody({}, { name, content }),
    });
  expect((await put(Buffer.from('pas un pdf'), 'mandat.pdf')).statusCode).toBe(412);
  const stored = await put(pdf, 'mandat signé.pdf');
  expect(stored.statusCode, stored.body).toBe(200);
  expect((stored.json() as Mandate).pdf).toBe(true);
  const back = await t.call({
    method: 'GET',
    url: `/api/compta/banque/mandats/${mandate.id}/pdf`,
    token: lecteur.token,
  });
  expect(back.statusCode).toBe(200);
  expect(back.headers['content-type']).toBe('application/pdf');
  expect(Buffer.compare(back.rawPayload, pdf)).toBe(0);
});

it('makes a batch 14 days ahead at the soonest, pre-notified, each invoice in one live batch, sent or cancelled', async () => {
  const { lodge, email } = await aLodge('UNION-CHEV-001');
  const own = [await invoiceOf(lodge.id, 36_000), await invoiceOf(lodge.id, 12_550)];
  const lines = () => t.db.select().from(sepaBatchLines).where(eq(sepaBatchLines.entityId, lodge.id));

  // Less than 14 days ahead (Paris calendar): refused, nothing written.
  const tooSoon = await batchFor('2026-12-06');
  expect(tooSoon.statusCode).toBe(412);
  expect(tooSoon.json().error).toBe('sepa_too_soon');
  expect(tooSoon.json().message).toContain('avant le lundi 7 décembre 2026');
  expect(await lines()).toHaveLength(0);

  const made = await batchFor('2026-12-07');
  expect(made.statusCode, made.body).toBe(201);
  const report: SepaBatchReport = made.json();
  const batch = report.lot;
  const mine = batch.lignes.filter((l) => l.idEntite === lodge.id);
  expect(batch.etat).toBe('PREPARE');
  expect(mine.map((l) => l.idCommande).sort()).toEqual([...own].sort());
  expect(mine.every((l) => l.sequence === 'FRST' && l.rum === 'UNION-CHEV-001')).toBe(true);
  expect(report.ecartees).toContainEqual({
    entite: 'Tolérance et Progrès',
    raison: 'pas de mandat SEPA valide',
  });
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.destinataire, email))
    .orderBy(desc(emailOutbox.id));
  expect(mail!.sujet).toBe(`Prélèvement SEPA de ${euros(48_550)} le lundi 7 décembre 2026`);
  expect(mail!.texte).toContain('Référence unique du mandat (RUM) : UNION-CHEV-001');
  expect(mail!.texte).toContain(`Identifiant créancier SEPA (ICS) : ${ICS}`);

  // Its invoices are taken: a second batch finds nothing; of two made at once from a new one, one wins.
  expect((await batchFor('2026-12-10')).json().error).toBe('sepa_nothing');
  const extra = await invoiceOf(lodge.id, 5_000);
  const both = await Promise.all([batchFor('2026-12-11'), batchFor('2026-12-15')]);
  expect(both.map((r) => r.statusCode).sort()).toEqual([201, 412]);
  const extraLines = await t.db.select().from(sepaBatchLines).where(eq(sepaBatchLines.orderId, extra));
  expect(extraLines).toHaveLength(1);
  // The database refuses a second live line of one invoice whatever the service does.
  const { id: _id, ...copy } = extraLines[0]!;
  await expect(t.db.insert(sepaBatchLines).values(copy)).rejects.toThrow();

  // The file (no `version`: 001.02), valid against ISO 20022's own schema (which does fail a broken one).
  const file = await t.call({
    method: 'GET',
    url: `/api/compta/banque/prelevements/${batch.id}/pain008`,
    token: lecteur.token,
  });
  expect(file.statusCode).toBe(200);
  const xml = file.body;
  expect(await painSchemaErrors(xml, '001.02')).toEqual([]);
  expect(xml).toContain('<SeqTp>FRST</SeqTp>');
  expect(xml).toContain('<MndtId>UNION-CHEV-001</MndtId>');
  expect(xml).toContain(`<Id>${ICS}</Id>`);
  expect(xml).toContain(`<EndToEndId>`);
  expect(xml).toMatch(/<Nm>Les Chevaliers du Rhone( \d+)?<\/Nm>/);
  expect(
    await painSchemaErrors(xml.replace('<PmtMtd>DD</PmtMtd>', '<PmtMtd>TRF</PmtMtd>'), '001.02'),
  ).not.toEqual([]);

  // Sent: the mandate's next debits are recurrent; a sent batch is neither sent again nor cancelled.
  const sent = await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  expect((sent.json() as SepaBatch).etat).toBe('TRANSMIS');
  const [m] = await t.db.select().from(sepaMandates).where(eq(sepaMandates.rum, 'UNION-CHEV-001'));
  expect(m!.sequence).toBe('RCUR');
  const again = await post(`/api/compta/banque/prelevements/${batch.id}/transmission`, {});
  expect(again.json().error).toBe('sepa_batch_state');
  const cancelSent = await post(`/api/compta/banque/prelevements/${batch.id}/annulation`, {});
  expect(cancelSent.json().error).toBe('sepa_batch_state');

  // The batch of the extra invoice cancelled: the invoice goes in a new batch, now recurrent.
  const pending = (both.find((r) => r.statusCode === 201)!.json() as SepaBatchReport).lot;
  const cancelled = await post(`/api/compta/banque/prelevements/${pending.id}/annulation`, {});
  expect((cancelled.json() as SepaBatch).etat).toBe('ANNULE');
  const next = await batchFor('2026-12-14');
  expect(next.statusCode, next.body).toBe(201);
  const renewed = (next.json() as SepaBatchReport).lot.lignes.find((l) => l.idCommande === extra)!;
  expect(renewed.sequence).toBe('RCUR');
  const xml2 = (
    await t.call({
      method: 'GET',
      url: `/api/compta/banque/prelevements/${(next.json() as SepaBatchReport).lot.id}/pain008`,
      token: lecteur.token,
    })
  ).body;
  expect(await painSchemaErrors(xml2, '001.02')).toEqual([]);
  expect(xml2).toContain('<SeqTp>RCUR</SeqTp>');

  // The lodge's officers read its mandate and debits; another lodge's do not.
  const url = `/api/loge/${lodge.id}/prelevements`;
  const seen = await t.call({ method: 'GET', url, token: lodge.manager.token });
  expect(seen.statusCode, seen.body).toBe(200);
  expect(seen.json().mandat).toMatchObject({ rum: 'UNION-CHEV-001', iban: 'FR76 •••• 0189' });
  expect(seen.json().ics).toBe(ICS);
  expect(seen.json().prelevements).toHaveLength(3);
  expect((await t.call({ method: 'GET', url, token: tolerance.manager.token })).statusCode).toBe(403);
});

it('collects on a TARGET2 day only: Christmas refused naming the next business day, nothing written', async () => {
  const { lodge } = await aLodge('UNION-NOEL-001');
  const invoice = await invoiceOf(lodge.id, 9_000);
  const batches = async () =>
    (
      await t.call({ method: 'GET', url: '/api/compta/banque/prelevements', token: lecteur.token })
    ).json() as SepaBatch[];
  const before = await batches();
  const mails = (await t.db.select().from(emailOutbox)).length;

  const christmas = await batchFor('2026-12-25');
  expect(christmas.statusCode).toBe(412);
  expect(christmas.json().error).toBe('sepa_not_business_day');
  expect(christmas.json().message).toBe(
    'Le vendredi 25 décembre 2026 n’est pas un jour de règlement SEPA (TARGET2 : week-ends, 1er janvier, Vendredi saint, lundi de Pâques, 1er mai, 25 et 26 décembre) : choisissez le lundi 28 décembre 2026.',
  );
  // A Saturday is closed too.
  expect((await batchFor('2026-12-19')).json().error).toBe('sepa_not_business_day');
  expect(await batches()).toEqual(before);
  expect(await t.db.select().from(sepaBatchLines).where(eq(sepaBatchLines.orderId, invoice))).toHaveLength(0);
  expect(await t.db.select().from(emailOutbox)).toHaveLength(mails);

  const next = await batchFor('2026-12-28');
  expect(next.statusCode, next.body).toBe(201);
  const lot = (next.json() as SepaBatchReport).lot;
  expect(lot.datePrelevement).toBe('2026-12-28');
  expect(lot.lignes.map((l) => l.idCommande)).toContain(invoice);
  expect(await batches()).toHaveLength(before.length + 1);
});

it('no longer debits a revoked mandate, revoked once; a new mandate may follow', async () => {
  const { lodge, mandate } = await aLodge('UNION-REVOQUE-001');
  const invoice = await invoiceOf(lodge.id, 7_000);
  const revoke = (date: string) =>
    post(`/api/compta/banque/mandats/${mandate!.id}/revocation`, { date, motif: 'Changement de banque' });
  expect((await revoke('2027-01-01')).statusCode).toBe(412);
  const revoked = await revoke('2026-11-20');
  expect(revoked.statusCode, revoked.body).toBe(200);
  expect(revoked.json()).toMatchObject({ revoqueLe: '2026-11-20', motifRevocation: 'Changement de banque' });
  expect((await revoke('2026-11-21')).json().error).toBe('sepa_mandate_revoked');
  const made = await batchFor('2026-12-21');
  if (made.statusCode === 201)
    expect((made.json() as SepaBatchReport).lot.lignes.map((l) => l.idCommande)).not.toContain(invoice);
  else expect(made.json().error).toBe('sepa_nothing');
  const renewed = await post('/api/compta/banque/mandats', mandateOf(lodge.id, 'UNION-REVOQUE-002'));
  expect(renewed.statusCode, renewed.body).toBe(201);
});
