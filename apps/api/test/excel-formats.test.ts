/**
 * Every workbook the intranet writes (issue 31 §7), downloaded through the API and read back: each cell
 * holding a number or a date carries one of the house's formats (lib/excel.ts), a format a spreadsheet
 * can read (checked with numfmt, Excel's format grammar) that shows amounts with their cents. A format
 * written the French way (« # ##0,00 € ») is valid grammar but shows « 1235 € » for 1 234,50 €.
 */
import { API, pathTo } from '@union/contract';
import ExcelJS from 'exceljs';
import * as numfmt from 'numfmt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEL_DAY, EXCEL_EUROS, EXCEL_FORMATS, EXCEL_HOURS, EXCEL_PERCENT } from '../src/lib/excel';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-11-28T10:00:00Z');

let t: TestContext;
let b: Builders;
let tresorier: Person;
let lodge: Lodge;
let chef: Person;
let staff: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  chef = await b.aUser({ habilitations: ['USER', 'RESTAURATION', 'MENUS'] });
  staff = (await b.theUnion()).member;
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  // A confirmed booking, so the planning's workbook holds hours and rates with decimals.
  await b.aReservation({ day: '2026-12-04', start: '18:00', end: '21:30', state: 'CR' });
  await b.aMeal({ day: '2026-12-03' });
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Amis du Classeur',
    managers: 1,
    members: [{ debut: '2026-09-01', fin: '2027-08-31' }],
  });
  const invoice = await b.anOrder({
    by: tresorier,
    entity: lodge.id,
    issued: true,
    lignes: [{ libelle: 'Location Temple Hiram', quantite: 1, prixUnitaire: 123456 }],
  });
  const paid = await t.call({
    method: 'PUT',
    url: '/api/compta/commande?action=EDIT_PAYMENT',
    token: tresorier.token,
    payload: {
      id: invoice.id,
      paiement: { mode: 'C', date: '2026-11-27', montant: 1050, reference: 'CHQ 1' },
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
});
afterAll(() => t.close());

/** Every route answering a workbook (the contract's paths ending in excel, xlsx or :format). */
const ROUTES = [
  API.compta.excel,
  API.compta.feeTableExcel,
  API.compta.agedReceivablesExcel,
  API.compta.dashboardExcel,
  API.desk.balancesExcel,
  API.imports.membersExcel,
  API.accounts.statement,
  API.restaurant.dashboardExcel,
  API.reservations.dashboardExcel,
  API.peopleDashboards.lodgeExcel,
  API.peopleDashboards.adminExcel,
  API.users.selectionExcel,
] as const;

/**
 * Workbooks of words only: the users' selection (a phone written as a number would lose its leading 0,
 * so no cell of it may be one).
 */
const TEXT_ONLY: readonly string[] = [API.users.selectionExcel];

/** The request that downloads the workbook of `route`, with the account allowed to. */
function requestFor(route: (typeof ROUTES)[number]) {
  const by = { token: tresorier.token };
  switch (route) {
    case API.compta.excel:
      return { ...by, method: 'POST', url: route, payload: { idEntite: lodge.id } } as const;
    case API.compta.feeTableExcel:
      return { ...by, method: 'GET', url: `${route}?annee=2026` } as const;
    case API.desk.balancesExcel:
      return { ...by, method: 'GET', url: `${route}?date=2026-11-28` } as const;
    case API.imports.membersExcel:
      return { method: 'GET', url: pathTo(route, { id: lodge.id }), token: lodge.manager.token } as const;
    case API.accounts.statement: {
      const url = pathTo(route, { idEntite: lodge.id, format: 'xlsx' });
      return { ...by, method: 'GET', url: `${url}?du=2026-11-01&au=2026-11-28` } as const;
    }
    case API.restaurant.dashboardExcel:
      return { method: 'GET', url: route, token: chef.token } as const;
    case API.reservations.dashboardExcel:
      return { method: 'GET', url: route, token: staff.token } as const;
    case API.peopleDashboards.lodgeExcel:
      return {
        method: 'GET',
        url: pathTo(route, { idEntite: lodge.id }),
        token: lodge.manager.token,
      } as const;
    case API.peopleDashboards.adminExcel:
      return { method: 'GET', url: route, token: admin.token } as const;
    case API.users.selectionExcel: {
      const ids = [lodge.manager.id, ...lodge.members.map((m) => m.id)];
      return { method: 'POST', url: route, token: admin.token, payload: { ids } } as const;
    }
    default:
      return { ...by, method: 'GET', url: route } as const;
  }
}

async function download(route: (typeof ROUTES)[number]) {
  const request = requestFor(route);
  const response = await t.call(request);
  expect(response.statusCode, `${request.url}: ${response.body.slice(0, 200)}`).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(response.rawPayload as never);
  return wb;
}

/** The format of every cell holding a number or a date, with where it is. */
function formatsOf(wb: ExcelJS.Workbook): { where: string; value: number | Date; numFmt: string }[] {
  const found: { where: string; value: number | Date; numFmt: string }[] = [];
  for (const sheet of wb.worksheets) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'number' || cell.value instanceof Date) {
          found.push({ where: `${sheet.name}!${cell.address}`, value: cell.value, numFmt: cell.numFmt });
        }
      }),
    );
  }
  return found;
}

describe('the workbooks’ number formats', () => {
  it('the house’s formats are valid and show cents and days', () => {
    for (const format of EXCEL_FORMATS) expect(numfmt.isValidFormat(format), format).toBe(true);
    expect(numfmt.format(EXCEL_EUROS, 1234.5)).toBe('1,234.50 €');
    expect(numfmt.format(EXCEL_EUROS, -0.05)).toBe('-0.05 €');
    expect(numfmt.format(EXCEL_DAY, numfmt.dateToSerial([2026, 11, 28]))).toBe('28/11/2026');
    expect(numfmt.format(EXCEL_PERCENT, 0.425)).toBe('42.5%');
    expect(numfmt.format(EXCEL_HOURS, 210 / 60)).toBe('3.5');
    // What the cards' balances used: valid grammar, but no cents.
    expect(numfmt.format('# ##0,00 €;-# ##0,00 €', 1234.5)).not.toContain('.50');
  });

  it('every route answering a workbook is checked here', () => {
    const excelRoutes = Object.values(API)
      .flatMap((group) => Object.values(group as Record<string, string>))
      .filter((path) => /(excel|xlsx|:format)$/.test(path));
    expect(excelRoutes.sort()).toEqual([...ROUTES].sort());
  });

  it.each(ROUTES)('%s: each number and date cell has a house format', async (route) => {
    const wb = await download(route);
    const cells = formatsOf(wb);
    if (TEXT_ONLY.includes(route)) return expect(cells, route).toEqual([]);
    expect(cells.length, route).toBeGreaterThan(0);
    for (const cell of cells) {
      // Counts (invoices, years) stay General; amounts and days carry a format of the house.
      if (Number.isInteger(cell.value) && !cell.numFmt) continue;
      expect(EXCEL_FORMATS, `${route} ${cell.where} = ${String(cell.value)}`).toContain(cell.numFmt);
    }
    // Amounts with cents carry the euro format; the only other fractions are rates and hours.
    const cents = cells.filter((c) => typeof c.value === 'number' && !Number.isInteger(c.value));
    for (const cell of cents) {
      expect([EXCEL_EUROS, EXCEL_PERCENT, EXCEL_HOURS], `${route} ${cell.where}`).toContain(cell.numFmt);
    }
  });

  it('the aged balance says at which date it stands', async () => {
    const wb = await download(API.compta.agedReceivablesExcel);
    const sheet = wb.getWorksheet('Balance âgée')!;
    expect(sheet.getCell('A1').value).toBe('Balance âgée au 28/11/2026');
    expect(sheet.getRow(3).getCell(1).value).toBe('Loge ou association');
    let line: unknown[] | undefined;
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (values[0] === 'Les Amis du Classeur') line = values;
    });
    // 1 234,56 € issued, 10,50 € paid: 1 224,06 € not yet due.
    expect(line?.slice(0, 3)).toEqual(['Les Amis du Classeur', 1, 1224.06]);
  });
});
