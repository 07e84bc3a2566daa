/**
 * Every dashboard's « Exporter (Excel) » (issue 33): the restaurant's, the planning's, a lodge's and the
 * administration's, downloaded as each one's reader and read back as real .xlsx files: one sheet per
 * chart, headed on row 3, each figure the same as the dashboard's own answer (amounts in euros, rates as
 * fractions, hours from minutes). Who may download is the dashboard's rule (test/authz rows too).
 */
import type { AdminDashboard, LodgeDashboard, PlanningDashboard, RestaurantDashboard } from '@union/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEL_EUROS, EXCEL_HOURS, EXCEL_PERCENT } from '../src/lib/excel';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let chef: Person;
let staff: Person;
let admin: Person;
let lodge: Lodge;

beforeAll(async () => {
  t = await createTestContext({}, { clock: movableClock('2026-11-15T10:00:00Z') });
  b = builders(t);
  chef = await b.aUser({ habilitations: ['USER', 'RESTAURATION', 'MENUS'] });
  staff = (await b.theUnion()).member;
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  lodge = await b.aLodgeWithMembers({ nom: 'La Concorde', managers: 1, members: 2 });
  const tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  await b.anOrder({
    by: tresorier,
    entity: lodge.id,
    issued: true,
    lignes: [{ libelle: 'Location Temple', quantite: 1, prixUnitaire: 12345 }],
  });
  await b.aReservation({ day: '2026-11-20', start: '18:00', end: '21:30', state: 'CR' });
});
afterAll(() => t.close());

async function json<T>(who: Person, url: string): Promise<T> {
  const response = await t.call({ method: 'GET', url, token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function workbook(who: Person, url: string, name: string) {
  const response = await t.call({ method: 'GET', url, token: who.token });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-disposition']).toContain(name);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(response.rawPayload as never);
  return wb;
}

/** A sheet's rows under its headers (row 3), as values. */
function rowsOf(wb: ExcelJS.Workbook, sheet: string): unknown[][] {
  const ws = wb.getWorksheet(sheet);
  expect(ws, `sheet ${sheet}`).toBeDefined();
  const rows: unknown[][] = [];
  ws!.eachRow((row, n) => {
    if (n > 3) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('the dashboards’ workbooks', () => {
  it('the restaurant’s: a sheet per chart, weeks as days, takings in euros', async () => {
    const d = await json<RestaurantDashboard>(chef, '/api/repas/tableau-de-bord');
    const wb = await workbook(chef, '/api/repas/tableau-de-bord/excel', 'tableau-de-bord-restauration.xlsx');
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Couverts par repas',
      'Encaissements par semaine',
      'Rechargements par semaine',
      'Plats les plus commandés',
      'Prochain repas',
      'Remarques et allergies',
    ]);
    expect(wb.getWorksheet('Couverts par repas')!.getCell('A3').value).toBe('Jour');
    expect(rowsOf(wb, 'Encaissements par semaine')).toEqual(
      d.encaissements.map((w) => [
        day(w.semaine),
        ...[w.carte, w.especes, w.cheque, w.bar, w.carteUnion].map((c) => c / 100),
      ]),
    );
    expect(wb.getWorksheet('Encaissements par semaine')!.getColumn(2).numFmt).toBe(EXCEL_EUROS);
  });

  it('the planning’s: occupancy as percents, hours per month, the requests waiting', async () => {
    const d = await json<PlanningDashboard>(staff, '/api/reservation/tableau-de-bord');
    const wb = await workbook(
      staff,
      '/api/reservation/tableau-de-bord/excel',
      'tableau-de-bord-planning.xlsx',
    );
    const occupancy = rowsOf(wb, 'Occupation des salles');
    expect(occupancy).toEqual(d.salles.map((s) => [s.nom, s.minutes / 60, s.taux / 100]));
    // The booking of 3 h 30 is counted somewhere, in hours.
    expect(occupancy.some((r) => r[1] === 3.5)).toBe(true);
    const ws = wb.getWorksheet('Occupation des salles')!;
    expect(ws.getRow(4).getCell(2).numFmt).toBe(EXCEL_HOURS);
    expect(ws.getRow(4).getCell(3).numFmt).toBe(EXCEL_PERCENT);
    expect(rowsOf(wb, 'Salles et jours')).toEqual(d.salles.map((s) => [s.nom, ...s.jours]));
    expect(wb.getWorksheet('Heures par salle et mois')!.getRow(3).getCell(2).value).toBe('septembre 2026');
    expect(rowsOf(wb, 'Demandes en attente')).toHaveLength(d.demandes.length);
  });

  it('a lodge’s: its account in euros and its sessions ahead', async () => {
    const url = `/api/loge/${lodge.id}/tableau-de-bord`;
    const d = await json<LodgeDashboard>(lodge.manager, url);
    const wb = await workbook(lodge.manager, `${url}/excel`, 'tableau-de-bord-loge.xlsx');
    const account = rowsOf(wb, 'Compte avec l’Union');
    expect(account[0]).toEqual(['Dû sur les factures émises', d.compte.du / 100]);
    expect(d.compte.du).toBeGreaterThan(0);
    expect(rowsOf(wb, 'Prochaines tenues')).toHaveLength(d.seances.length);
  });

  it('the administration’s: thirty days of sign-ins and e-mails, second factors, the outbox', async () => {
    const d = await json<AdminDashboard>(admin, '/api/admin/tableau-de-bord');
    const wb = await workbook(
      admin,
      '/api/admin/tableau-de-bord/excel',
      'tableau-de-bord-administration.xlsx',
    );
    expect(rowsOf(wb, 'Connexions par jour')).toEqual(
      d.connexions.map((c) => [day(c.jour), c.reussies, c.echouees]),
    );
    expect(rowsOf(wb, 'Double authentification')).toEqual(
      d.secondFacteur.map((g) => [g.groupe === 'officiers' ? 'Officiers' : 'Autres comptes', g.avec, g.sans]),
    );
    expect(rowsOf(wb, 'Courriels par jour')).toHaveLength(30);
  });

  it('only each dashboard’s readers download it', async () => {
    const member = lodge.members[0]!;
    for (const url of [
      '/api/repas/tableau-de-bord/excel',
      '/api/reservation/tableau-de-bord/excel',
      `/api/loge/${lodge.id}/tableau-de-bord/excel`,
      '/api/admin/tableau-de-bord/excel',
    ]) {
      expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.call({ method: 'GET', url, token: member.token })).statusCode, url).toBe(403);
    }
  });
});
