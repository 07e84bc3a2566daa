/**
 * The treasurer's dashboard (issue 33) through the HTTP API, on invoices issued on chosen days, payments,
 * reminders and card movements: every figure of every chart group checked exactly, the year asked for,
 * bad years refused with 412, readers only, and the Excel file read back (one sheet per chart).
 */
import type { DashboardCards, DashboardDue, DashboardMonths, DashboardReceivables } from '@union/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMovements, cards } from '../src/db/schema';
import { EXCEL_EUROS } from '../src/lib/excel';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2025-06-10T10:00:00Z');
/** Moves the clock to a day, with a treasurer signed in then (a session does not last a year). */
async function at(day: string) {
  clock.at = new Date(`${day}T10:00:00Z`);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
}

let t: TestContext;
let b: Builders;
let tresorier: Person;
let lecteur: Person;
let membre: Person;
let concorde: Lodge;
let amis: Lodge;

const get = (who: Person, url: string) => t.call({ method: 'GET', url, token: who.token });
async function read<T>(who: Person, url: string): Promise<T> {
  const response = await get(who, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function invoice(entity: number, day: string) {
  await at(day);
  return b.anOrder({ by: tresorier, entity, issued: true });
}

async function remind(id: number, day: string) {
  await at(day);
  const sent = await t.call({
    method: 'PUT',
    url: '/api/compta/commande?action=RELANCE_FACTURE',
    token: tresorier.token,
    payload: { id },
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

async function pay(idEntite: number, date: string, montant: number, affectations: object[]) {
  const paid = await t.call({
    method: 'POST',
    url: '/api/compta/paiement',
    token: tresorier.token,
    payload: { idEntite, mode: 'V', date, montant, affectations },
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  await at('2025-06-10');
  const email = { emailFacturation: 'tresorerie@loge.example' };
  concorde = await b.aLodgeWithMembers({ nom: 'La Concorde', ...email });
  amis = await b.aLodgeWithMembers({ nom: 'Les Amis réunis', ...email });

  // Each invoice is 6 000 cents, due 30 days after it is issued; today is 23 November 2026.
  const old = await invoice(concorde.id, '2025-06-10'); // due 2025-07-10: over 90 days
  const august = await invoice(amis.id, '2026-08-10'); // due 2026-09-09: 75 days
  const september = await invoice(amis.id, '2026-09-10'); // due 2026-10-10: 44 days
  await remind(august.id, '2026-10-01');
  await invoice(concorde.id, '2026-10-20'); // due 2026-11-19: 4 days
  await remind(september.id, '2026-11-20');
  await invoice(concorde.id, '2026-11-20'); // due 2026-12-20: not yet due
  await at('2026-11-23');
  lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  membre = await b.aUser({ habilitations: ['USER', 'RESTAURATION'] });
  await pay(concorde.id, '2025-07-15', 2500, [{ idCommande: old.id, montant: 2500 }]);
  await pay(amis.id, '2026-10-05', 1000, [{ idCommande: september.id, montant: 1000 }]);
  await pay(amis.id, '2026-11-01', 700, []); // kept as the lodge's credit: collected all the same

  // One card; the movements straddle Paris midnights at the months' ends.
  const [card] = await t.db.insert(cards).values({ userId: lecteur.id }).returning();
  const movement = (createdAt: string, montant: number) => ({
    cardId: card!.id,
    type: montant > 0 ? ('J' as const) : ('P' as const),
    montant,
    libelle: 'Mouvement',
    createdAt: new Date(createdAt),
  });
  await t.db.insert(cardMovements).values([
    movement('2025-11-15T10:00:00Z', 5000),
    movement('2025-11-30T23:30:00Z', 300), // 1 December in Paris
    movement('2026-01-31T23:30:00Z', 2000), // 1 February in Paris
    movement('2026-03-10T10:00:00Z', -1500),
    movement('2026-11-22T10:00:00Z', 1000),
  ]);
});
afterAll(() => t.close());

describe('the treasurer’s dashboard', () => {
  it('sums what each lodge owes by days past due, the largest debt first', async () => {
    const r = await read<DashboardReceivables>(lecteur, '/api/compta/tableau-de-bord/creances');
    expect(r).toEqual({
      date: '2026-11-23',
      lignes: [
        {
          entite: { id: concorde.id, nom: 'La Concorde' },
          nonEchu: 6000,
          j0a30: 6000,
          j31a60: 0,
          j61a90: 0,
          plus90: 3500,
          total: 15500,
        },
        {
          entite: { id: amis.id, nom: 'Les Amis réunis' },
          nonEchu: 0,
          j0a30: 0,
          j31a60: 5000,
          j61a90: 6000,
          plus90: 0,
          total: 11000,
        },
      ],
    });
  });

  it('puts each month’s invoices and collections beside the year before’s', async () => {
    const m = await read<DashboardMonths>(lecteur, '/api/compta/tableau-de-bord/mois');
    expect(m.annee).toBe(2026);
    const month = (n: number) => m.mois[n - 1];
    expect(m.mois.map((x) => x.mois)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(month(6)).toEqual({ mois: 6, facture: 0, encaisse: 0, factureAvant: 6000, encaisseAvant: 0 });
    expect(month(7)).toEqual({ mois: 7, facture: 0, encaisse: 0, factureAvant: 0, encaisseAvant: 2500 });
    expect(month(8)).toEqual({ mois: 8, facture: 6000, encaisse: 0, factureAvant: 0, encaisseAvant: 0 });
    expect(month(9)).toEqual({ mois: 9, facture: 6000, encaisse: 0, factureAvant: 0, encaisseAvant: 0 });
    expect(month(10)).toEqual({ mois: 10, facture: 6000, encaisse: 1000, factureAvant: 0, encaisseAvant: 0 });
    expect(month(11)).toEqual({ mois: 11, facture: 6000, encaisse: 700, factureAvant: 0, encaisseAvant: 0 });
    const sum = (k: 'facture' | 'encaisse' | 'factureAvant' | 'encaisseAvant') =>
      m.mois.reduce((s, x) => s + x[k], 0);
    expect([sum('facture'), sum('encaisse'), sum('factureAvant'), sum('encaisseAvant')]).toEqual([
      24000, 1700, 6000, 2500,
    ]);

    const before = await read<DashboardMonths>(lecteur, '/api/compta/tableau-de-bord/mois?annee=2025');
    expect(before.annee).toBe(2025);
    expect(before.mois[5]).toEqual({
      mois: 6,
      facture: 6000,
      encaisse: 0,
      factureAvant: 0,
      encaisseAvant: 0,
    });
    expect(before.mois.reduce((s, x) => s + x.factureAvant + x.encaisseAvant, 0)).toBe(0);
  });

  it('refuses a year that is not one with a French 412', async () => {
    for (const annee of ['1999', '2101', 'deux-mille', '2026.5']) {
      const response = await get(lecteur, `/api/compta/tableau-de-bord/mois?annee=${annee}`);
      expect(response.statusCode, annee).toBe(412);
      expect(response.body).toMatch(/exercice/);
    }
  });

  it('cumulates the cards’ balances at the end of each of the last twelve Paris months', async () => {
    const c = await read<DashboardCards>(lecteur, '/api/compta/tableau-de-bord/cartes');
    expect(c.mois.map((m) => m.mois)).toEqual([
      '2025-12',
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((m) => `2026-${m}`),
    ]);
    expect(c.mois[0]).toEqual({ mois: '2025-12', solde: 5300, credits: 300, debits: 0 });
    expect(c.mois[1]).toEqual({ mois: '2026-01', solde: 5300, credits: 0, debits: 0 });
    expect(c.mois[2]).toEqual({ mois: '2026-02', solde: 7300, credits: 2000, debits: 0 });
    expect(c.mois[3]).toEqual({ mois: '2026-03', solde: 5800, credits: 0, debits: 1500 });
    expect(c.mois[10]).toEqual({ mois: '2026-10', solde: 5800, credits: 0, debits: 0 });
    expect(c.mois[11]).toEqual({ mois: '2026-11', solde: 6800, credits: 1000, debits: 0 });
  });

  it('counts the reminders due by level (delays and gap of the settings) and names the next fee call', async () => {
    const d = await read<DashboardDue>(lecteur, '/api/compta/tableau-de-bord/echeances');
    expect(d).toEqual({
      date: '2026-11-23',
      // The 2025 invoice is due its first letter; August's its second (30 days, 10 since the first);
      // September's was reminded three days ago, and October's is only 4 days late.
      relances: [
        { niveau: 1, factures: 1, montant: 3500 },
        { niveau: 2, factures: 1, montant: 6000 },
      ],
      appel: { annee: 2026, tranche: 'A', libelle: '1er tiers', appelees: 0, entites: 2 },
    });
  });

  it('is for the accounting’s readers only', async () => {
    for (const path of ['creances', 'mois', 'cartes', 'echeances', 'excel'])
      expect((await get(membre, `/api/compta/tableau-de-bord/${path}`)).statusCode, path).toBe(403);
  });

  it('writes every chart’s figures in Excel, one sheet each, amounts in euros', async () => {
    const response = await get(lecteur, '/api/compta/tableau-de-bord/excel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('tableau-de-bord-comptable.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Créances par ancienneté',
      'Dû par loge',
      'Facturé et encaissé',
      'Soldes des cartes',
      'Relances à envoyer',
    ]);
    const owed = wb.getWorksheet('Dû par loge')!;
    expect(owed.getRow(4).values).toEqual([undefined, 'La Concorde', 95, 60, 155]);
    expect(owed.getCell('D4').numFmt).toBe(EXCEL_EUROS);
    const months = wb.getWorksheet('Facturé et encaissé')!;
    expect(months.getRow(3).values).toEqual([
      undefined,
      'Mois',
      'Facturé 2026',
      'Encaissé 2026',
      'Facturé 2025',
      'Encaissé 2025',
    ]);
    expect(months.getRow(14).values).toEqual([undefined, 'novembre', 60, 7, 0, 0]);
    expect(wb.getWorksheet('Soldes des cartes')!.getRow(15).values).toEqual([
      undefined,
      '2026-11',
      68,
      10,
      0,
    ]);
    expect(wb.getWorksheet('Relances à envoyer')!.getRow(5).values).toEqual([
      undefined,
      'Deuxième relance',
      1,
      60,
    ]);
  });
});
