/**
 * The treasurer's work in bulk (issue 20) through the HTTP API, on a database of its own (the overdue list
 * and the fee call's drafts are the whole building's): issuing a fee call's drafts after a preview, gap-free
 * under concurrency; the « Relances » list, preview and batch with the settings' delays; every letter
 * downloadable as it was sent; the daily run, off by default and once a day whatever the instances; the
 * Union's IBAN and BIC checked, printed with the payment reference and as a SEPA transfer QR code.
 */
import {
  EntityType,
  type BulkCallReport,
  type BulkIssuePreview,
  type BulkIssueReport,
  type OrderDetail,
  type OverdueList,
  type ReminderBatchReport,
  type UnionSettings,
} from '@union/contract';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingOrders, auditLog, emailOutbox, reminderRuns } from '../src/db/schema';
import { EXCEL_EUROS } from '../src/lib/excel';
import { epcPayload } from '../src/modules/compta/documents/epc';
import { runDailyReminders } from '../src/modules/compta/reminders/batch';
import { DEFAULT_SETTINGS } from '../src/modules/settings/service';
import { builders, type Builders, type MemberFields } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { pdfText } from './pdf-text';

const clock = movableClock('2026-11-23T10:00:00Z');
const COMPTA = ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] as const;
const since2021 = (n: number): MemberFields[] => Array.from({ length: n }, () => ({ debut: '2021-09-01' }));

let t: TestContext;
let b: Builders;
let admin: string;
let tresorier: string;
let lecteur: string;
let settings: UnionSettings;

/** Signs people in again: sessions end 8 hours after sign-in on the test's clock. */
async function signInAgain() {
  admin = (await b.aUser({ habilitations: ['USER', 'ADMIN'] })).token;
  tresorier = (await b.aUser({ habilitations: [...COMPTA] })).token;
  lecteur = (await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] })).token;
}

const saveSettings = (over: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: '/api/parametres/union', token: admin, payload: { ...settings, ...over } });

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  await signInAgain();
  settings = (
    await t.call({ method: 'GET', url: '/api/parametres/union', token: admin })
  ).json<UnionSettings>();
  const cotisations = Object.fromEntries(EntityType.codes.map((code) => [code, 0]));
  settings = {
    ...settings,
    cotisations: { ...cotisations, GODF: 12000, DH: 9000 } as UnionSettings['cotisations'],
    banque: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' },
  };
  expect((await saveSettings({})).statusCode).toBe(200);
  await b.theUnion();
}, 300_000);
afterAll(() => t.close());

describe('the Union’s bank account in the settings', () => {
  it('refuses a wrong IBAN or BIC in French, changes nothing, and stores them without spaces', async () => {
    const wrong = await saveSettings({ banque: { iban: 'FR76 3000 6000 0112 3456 7890 188', bic: '' } });
    expect(wrong.statusCode).toBe(412);
    expect(wrong.json().message).toMatch(/IBAN n’est pas valide/);
    const country = await saveSettings({ banque: { iban: 'XX76 3000 6000 0112 3456 7890 189', bic: '' } });
    expect(country.statusCode).toBe(412);
    const bic = await saveSettings({ banque: { iban: 'FR7630006000011234567890189', bic: 'AGRI' } });
    expect(bic.json().message).toMatch(/BIC doit comporter 8 ou 11 caractères/);
    const alone = await saveSettings({ banque: { iban: '', bic: 'AGRIFRPPXXX' } });
    expect(alone.json().message).toMatch(/BIC sans IBAN/);
    const stored = (
      await t.call({ method: 'GET', url: '/api/parametres/union', token: admin })
    ).json<UnionSettings>();
    expect(stored.banque).toEqual(settings.banque);

    const saved = await saveSettings({
      banque: { iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agrifrpp xxx' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<UnionSettings>().banque).toEqual({
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
    });
    settings = saved.json<UnionSettings>();
    // A client older than issue 20 (no `banque`) keeps what is stored.
    const { banque: _b, relances: _r, ...older } = settings;
    const kept = await t.call({ method: 'PUT', url: '/api/parametres/union', token: admin, payload: older });
    expect(kept.json<UnionSettings>().banque.iban).toBe('FR7630006000011234567890189');
  });

  it('refuses reminder delays that do not grow, or out of bounds', async () => {
    const flat = await saveSettings({ relances: { ...settings.relances, niveau2: 15 } });
    expect(flat.statusCode).toBe(412);
    expect(flat.json().message).toMatch(/croissants/);
    const zero = await saveSettings({ relances: { ...settings.relances, ecart: 0 } });
    expect(zero.json().message).toMatch(/au moins 1 jour/);
    expect(DEFAULT_SETTINGS.relances).toEqual({
      niveau1: 15,
      niveau2: 30,
      niveau3: 45,
      ecart: 10,
      automatique: false,
    });
  });

  it('builds the EPC069-12 payload as the standard’s example', () => {
    // EPC069-12, section 5 (version 001, UTF-8, with purpose CHAR and a remittance text).
    expect(
      epcPayload({
        version: '001',
        bic: 'BPOTBEB1',
        nom: 'Red Cross of Belgium',
        iban: 'BE72000000001616',
        montant: 100,
        motif: 'CHAR',
        reference: 'Urgency fund',
        information: 'Sample EPC QR code',
      }),
    ).toBe(
      'BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code',
    );
    expect(epcPayload({ nom: 'Union', iban: 'FR76 3000', montant: 12345, reference: 'FA-2026-0001' })).toBe(
      'BCD\n002\n1\nSCT\n\nUnion\nFR763000\nEUR123.45\n\n\nFA-2026-0001',
    );
    expect(() => epcPayload({ nom: 'U', iban: 'FR76', montant: 0 })).toThrow();
  });
});

describe('a fee call issued in one action', () => {
  let call: BulkCallReport;
  const preview = (token = tresorier) =>
    t.call({ method: 'GET', url: '/api/compta/cotisation/emission?annee=2026&tranche=A', token });
  const issue = (ids: number[], token = tresorier) =>
    t.call({
      method: 'POST',
      url: '/api/compta/cotisation/emission',
      token,
      payload: { annee: 2026, tranche: 'A', ids },
    });

  beforeAll(async () => {
    clock.at = new Date('2026-11-23T10:00:00Z');
    await signInAgain();
    for (const nom of ['Amitié', 'Bienfaisance', 'Concorde', 'Droiture'])
      await b.aLodgeWithMembers({
        nom: `Loge ${nom}`,
        members: since2021(3),
        adresseFacturation: '1 rue de la Loge, 69001 Lyon',
        emailFacturation: `${nom
          .normalize('NFD')
          .replace(/[^a-z]/gi, '')
          .toLowerCase()}@exemple.fr`,
      });
    await b.aLodgeWithMembers({ nom: 'Loge Sans Courriel', members: since2021(2) });
    call = (
      await t.call({
        method: 'POST',
        url: '/api/compta/cotisation/appel',
        token: tresorier,
        payload: { annee: 2026, tranche: 'A' },
      })
    ).json<BulkCallReport>();
    expect(call.crees).toHaveLength(5);
  }, 300_000);

  it('previews how many, the total and who is left out and why, then issues all in one action', async () => {
    expect((await preview(lecteur)).statusCode).toBe(403);
    const p = (await preview()).json<BulkIssuePreview>();
    expect(p.emises.map((e) => e.entite)).toEqual([
      'Loge Amitié',
      'Loge Bienfaisance',
      'Loge Concorde',
      'Loge Droiture',
    ]);
    expect(p.total).toBe(4 * 3 * 4000);
    expect(p.ignorees).toEqual([
      expect.objectContaining({
        entite: 'Loge Sans Courriel',
        raison: expect.stringMatching(/pas d’adresse e-mail/),
      }),
    ]);
    // A preview changes nothing.
    const drafts = await t.db.select().from(accountingOrders).where(eq(accountingOrders.etat, 'FC'));
    expect(drafts).toHaveLength(5);

    // A stale selection issues nothing; then all at once, gap-free, once, under concurrency.
    const ids = p.emises.map((e) => e.id);
    const stale = await issue([...ids, p.ignorees[0]!.id]);
    expect(stale.json()).toMatchObject({ status: 412, error: 'bulk_changed' });
    expect((await issue(ids.slice(1))).json().error).toBe('bulk_changed');
    expect(
      await t.db.select().from(accountingOrders).where(like(accountingOrders.objet, 'Cotisations%')),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ etat: 'FE' })]));

    // Two treasurers press at once: one issues all four, the other is told the drafts changed.
    const [one, two] = await Promise.all([issue(ids), issue(ids)]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([200, 412]);
    const report = (one.statusCode === 200 ? one : two).json<BulkIssueReport>();
    // Consecutive numbers in the preview's order (other tests of this file may have issued before).
    const serial = report.emises.map((e) => Number(/^FA-2026-(\d{4})$/.exec(e.numero)![1]));
    expect(serial).toEqual([0, 1, 2, 3].map((i) => serial[0]! + i));
    expect(report.emises.map((e) => e.entite)).toEqual(p.emises.map((e) => e.entite));
    for (const e of report.emises) {
      const mails = await t.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.sujet, `%${e.numero}%`));
      expect(mails).toHaveLength(1);
      // A letter about the lodge's own invoice: no List-Unsubscribe (docs/decisions/mail.md).
      expect(mails[0]!.entetes).toBeNull();
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'accounting_order_changed'), eq(auditLog.recordType, 'accounting_order')),
      );
    const issuedIds = report.emises.map((e) => e.id);
    expect(
      audits.filter(
        (a) =>
          issuedIds.includes(a.recordId!) &&
          (a.details as { action?: string; groupe?: boolean }).action === 'SEND_FACTURE',
      ),
    ).toHaveLength(4);
    // Nothing left to issue but the lodge without e-mail.
    const after = (await preview()).json<BulkIssuePreview>();
    expect(after.emises).toEqual([]);
    expect(after.ignorees).toHaveLength(1);

    // The fee table's workbook shows its amounts with their cents.
    const file = await t.call({
      method: 'GET',
      url: '/api/compta/cotisation/excel?annee=2026',
      token: lecteur,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    const header = sheet.getRow(1).values as string[];
    const appele = sheet.getRow(2).getCell(header.indexOf('Total appelé'));
    expect(appele.numFmt).toBe(EXCEL_EUROS);
    expect(typeof appele.value).toBe('number');
  }, 120_000);
});

describe('reminders in bulk', () => {
  let invoices: OrderDetail[];

  beforeAll(async () => {
    // Four invoices of lodges of their own, issued on 2026-11-23: due on 2026-12-23.
    clock.at = new Date('2026-11-23T10:00:00Z');
    await signInAgain();
    invoices = [];
    for (let i = 0; i < 4; i++) {
      const own = await b.aLodgeWithMembers({
        members: 0,
        adresseFacturation: '3 quai Saint-Antoine, 69002 Lyon',
        emailFacturation: `relances-${b.unique()}@exemple.fr`,
      });
      invoices.push(await b.anOrder({ by: { token: tresorier }, entity: own.id, annee: 2026, issued: true }));
    }
    const first = invoices[0]!;
    // A partial payment on the first: its letters say what remained on their day.
    const paid = await t.call({
      method: 'PUT',
      url: '/api/compta/commande?action=EDIT_PAYMENT',
      token: tresorier,
      payload: { id: first.id, paiement: { mode: 'V', date: '2026-11-24', montant: 2000 } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }, 300_000);

  const list = async () =>
    (await t.call({ method: 'GET', url: '/api/compta/relances', token: lecteur })).json<OverdueList>();
  const batch = (kind: 'apercu' | 'envoi', ids: number[], token = tresorier) =>
    t.call({ method: 'POST', url: `/api/compta/relances/${kind}`, token, payload: { ids } });

  const mine = (l: OverdueList) => l.lignes.filter((x) => invoices.some((i) => i.id === x.id));

  it('lists by level from the settings’ delays, previews, sends in one action, keeps every letter, runs daily', async () => {
    expect(mine(await list())).toEqual([]);
    clock.at = new Date('2027-01-02T10:00:00Z'); // 10 days late: level 1 is due on 2027-01-07
    await signInAgain();
    const early = mine(await list());
    expect(early).toHaveLength(4);
    expect(early[0]).toMatchObject({
      joursRetard: 10,
      prochainNiveau: 1,
      dueLe: '2027-01-07',
      aEnvoyer: false,
    });
    expect(early[0]!.raison).toMatch(/pas avant le jeudi 7 janvier 2027 \(15 jours après l’échéance\)/);
    expect((await batch('envoi', [invoices[0]!.id])).json<ReminderBatchReport>().envoyees).toEqual([]);

    clock.at = new Date('2027-01-08T10:00:00Z');
    await signInAgain();
    const due = mine(await list());
    expect(due.every((l) => l.aEnvoyer && l.prochainNiveau === 1)).toBe(true);
    expect(due.find((l) => l.id === invoices[0]!.id)!.reste).toBe(invoices[0]!.total - 2000);

    // Preview, then send the chosen ones in one action; the refused ones change nothing.
    const chosen = [invoices[0]!.id, invoices[1]!.id];
    expect((await batch('apercu', chosen, lecteur)).statusCode).toBe(403);
    expect((await batch('envoi', [], tresorier)).statusCode).toBe(412);
    const preview = (await batch('apercu', [...chosen, 999_999])).json<ReminderBatchReport>();
    expect(preview.envoyees.map((e) => [e.id, e.niveau])).toEqual(chosen.map((id) => [id, 1]));
    expect(preview.ignorees).toEqual([expect.objectContaining({ id: 999_999 })]);
    expect(mine(await list()).every((l) => l.niveauEnvoye === 0)).toBe(true);

    const sent = (await batch('envoi', chosen)).json<ReminderBatchReport>();
    expect(sent.envoyees.map((e) => e.niveau)).toEqual([1, 1]);
    const after = await list();
    const first = after.lignes.find((l) => l.id === chosen[0])!;
    expect(first).toMatchObject({
      niveauEnvoye: 1,
      derniereRelance: '2027-01-08',
      prochainNiveau: 2,
      aEnvoyer: false,
    });
    expect(first.lettres).toEqual([{ rang: 1, niveau: 1, date: '2027-01-08' }]);
    // The same batch again the same day: nothing is due, each says why.
    const again = (await batch('envoi', chosen)).json<ReminderBatchReport>();
    expect(again.envoyees).toEqual([]);
    expect(again.ignorees.map((i) => i.raison)).toEqual([
      expect.stringMatching(/pas avant/),
      expect.stringMatching(/pas avant/),
    ]);

    // Every level's letter stays downloadable, as it was sent.
    const id = invoices[0]!.id;
    clock.at = new Date('2027-01-23T10:00:00Z'); // 31 days late, 15 since the first letter: level 2
    await signInAgain();
    expect((await batch('envoi', [id])).json<ReminderBatchReport>().envoyees[0]!.niveau).toBe(2);
    // Paid a little more after the second letter: the first and second letters keep their amounts.
    await t.call({
      method: 'PUT',
      url: '/api/compta/commande?action=EDIT_PAYMENT',
      token: tresorier,
      payload: { id, paiement: { mode: 'C', date: '2027-01-23', montant: 1000 } },
    });
    const letter = async (rang: number) =>
      t.call({ method: 'GET', url: `/api/compta/commande/${id}/relances/${rang}`, token: lecteur });
    const one = await letter(1);
    expect(one.statusCode).toBe(200);
    const text1 = await pdfText(one.rawPayload);
    expect(text1).toContain('Rappel de paiement');
    expect(text1).toContain('Lyon, le vendredi 8 janvier 2027');
    const text2 = await pdfText((await letter(2)).rawPayload);
    expect(text2).toContain('Deuxième relance');
    const reste = invoices[0]!.total - 2000;
    expect(text2).toContain(`${(reste / 100).toFixed(2).replace('.', ',')}`);
    expect(text2).toContain('IBAN FR76 3000 6000 0112 3456 7890 189');
    expect(text2).toContain(`Référence à indiquer avec le paiement : ${invoices[0]!.numeroFacture}`);
    expect(text2).toContain('Le trésorier de l’Union');
    expect((await letter(3)).json()).toMatchObject({ status: 412, error: 'no_reminder' });
    expect((await letter(0)).statusCode).toBe(412);

    // The daily run: off by default; on, once a day whatever the instances.
    await dailyRun();
  }, 180_000);

  it('prints the IBAN, BIC, payment reference and the transfer QR code on the invoice', async () => {
    const invoice = invoices[1]!;
    const pdf = await t.call({
      method: 'GET',
      url: `/api/compta/commande/${invoice.id}/document/facture`,
      token: lecteur,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('IBAN FR76 3000 6000 0112 3456 7890 189 — BIC AGRIFRPPXXX');
    expect(text).toContain(`Référence à indiquer avec le paiement : ${invoice.numeroFacture}`);
    expect(text).toMatch(/scannez ce code avec l'application de votre banque/);
  });

  async function dailyRun() {
    clock.at = new Date('2027-02-10T10:00:00Z');
    await signInAgain();
    expect(await runDailyReminders(t.db, clock)).toBeUndefined(); // off by default
    expect(await t.db.select().from(reminderRuns)).toEqual([]);
    const on = await saveSettings({ relances: { ...settings.relances, automatique: true } });
    expect(on.statusCode).toBe(200);
    const due = (await list()).lignes.filter((l) => l.aEnvoyer).map((l) => l.id);
    expect(due).toEqual(expect.arrayContaining(invoices.slice(2).map((i) => i.id)));
    expect(due.length).toBeGreaterThan(0);
    const [a, c] = await Promise.all([runDailyReminders(t.db, clock), runDailyReminders(t.db, clock)]);
    const reports = [a, c].filter((r) => r !== undefined);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.envoyees.map((e) => e.id).sort()).toEqual([...due].sort());
    expect(await runDailyReminders(t.db, clock)).toBeUndefined();
    const [run] = await t.db.select().from(reminderRuns);
    expect(run).toMatchObject({ jour: '2027-02-10', envoyees: due.length });
    const auto = await t.db.select().from(auditLog).where(eq(auditLog.action, 'accounting_order_changed'));
    expect(
      auto.filter((e) => (e.details as { automatique?: boolean }).automatique && e.actorId === null),
    ).toHaveLength(due.length);
    await saveSettings({ relances: { ...settings.relances, automatique: false } });
  }
});
