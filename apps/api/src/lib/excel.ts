/**
 * What every workbook the intranet writes shares (issues 20 and 31): its number formats and its author.
 * A format code is stored with the file format's own separators (« , » thousands, « . » decimals, text in
 * double quotes) and Excel or LibreOffice shows it in the reader's locale: « 1 234,50 € » in French. A
 * code written the French way (« # ##0,00 € ») reads « , » as a thousands separator and shows no cents;
 * test/excel-formats.test.ts reads every workbook back and checks each cell's format.
 */
import { contentDisposition } from './file-names';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** The content type of an .xlsx file. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Amounts in euros with cents, negative amounts with their minus sign. */
export const EXCEL_EUROS = '#,##0.00 "€";-#,##0.00 "€"';

/** Calendar days (written as midnight UTC, so no time zone shifts the day). */
export const EXCEL_DAY = 'dd/mm/yyyy';

/** Shares of a whole (rates of occupancy), written as fractions: « 42,5 % » in French. */
export const EXCEL_PERCENT = '0.0%';

/** Durations in hours to a tenth, from minutes: « 12,5 ». */
export const EXCEL_HOURS = '0.0';

/** Every number format the house's workbooks use: a cell with another one fails the test. */
export const EXCEL_FORMATS = [EXCEL_EUROS, EXCEL_DAY, EXCEL_PERCENT, EXCEL_HOURS] as const;

/** A yyyy-mm-dd day as the Date exceljs writes as that day; null stays empty. */
export const excelDay = (day: string | null): Date | null => (day ? new Date(`${day}T00:00:00Z`) : null);

/** A new workbook signed by the intranet. */
export function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Intranet de l'Union";
  wb.created = new Date();
  return wb;
}

/** A name Excel accepts for a sheet: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (name: string, fallback = 'Feuille') =>
  name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || fallback;

/**
 * A list's sheet, as every list the intranet exports has it: one header row, bold and frozen, then the
 * rows the caller adds under `columns`' keys.
 */
export function listSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: Partial<ExcelJS.Column>[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/**
 * A column of a dashboard's sheet: money is written in euros from cents, a percent from 0–100, hours
 * from minutes, a day from yyyy-mm-dd.
 */
export interface FigureColumn {
  header: string;
  width: number;
  kind?: 'money' | 'percent' | 'hours' | 'day';
}

/** One chart's figures: a sheet named for the chart, headed by what it shows and when. */
export interface FigureSheet {
  name: string;
  title: string;
  columns: FigureColumn[];
  rows: (string | number | null)[][];
}

const FORMAT_OF = { money: EXCEL_EUROS, percent: EXCEL_PERCENT, hours: EXCEL_HOURS, day: EXCEL_DAY } as const;

function cellOf(kind: FigureColumn['kind'], v: string | number | null) {
  if (v === null || kind === undefined) return v;
  if (kind === 'money') return (v as number) / 100;
  if (kind === 'percent') return (v as number) / 100;
  if (kind === 'hours') return (v as number) / 60;
  return excelDay(v as string);
}

/**
 * Every dashboard's « Exporter (Excel) » (issue 33): one sheet per chart, the title in A1, the headers on
 * row 3 (frozen), amounts from cents with the money format. The dashboards only say which sheets.
 */
export async function figuresWorkbook(sheets: FigureSheet[]): Promise<Buffer> {
  const wb = newWorkbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(sheetName(s.name), {
      views: [{ state: 'frozen', ySplit: 3 }],
    });
    ws.getCell('A1').value = s.title;
    ws.getCell('A1').font = { bold: true, size: 13 };
    ws.columns = s.columns.map((c) => ({
      width: c.width,
      style: c.kind ? { numFmt: FORMAT_OF[c.kind] } : {},
    }));
    const head = ws.getRow(3);
    head.values = s.columns.map((c) => c.header);
    head.font = { bold: true };
    for (const row of s.rows) ws.addRow(row.map((v, i) => cellOf(s.columns[i]!.kind, v)));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A yyyy-mm-dd day as the French read it, for a sheet's title. */
export const frenchDay = (day: string) => day.split('-').reverse().join('/');

/**
 * A dashboard's workbook sent as a download, from any module: here rather than in compta/documents, so
 * that the planning's and the restaurant's modules need not import the accounting (a cycle).
 */
export function sendWorkbook(reply: FastifyReply, name: string, content: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition('attachment', name))
    .send(content);
}
