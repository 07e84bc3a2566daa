/**
 * What every workbook the intranet writes shares (issues 20 and 31): its number formats and its author.
 * A format code is stored with the file format's own separators (« , » thousands, « . » decimals, text in
 * double quotes) and Excel or LibreOffice shows it in the reader's locale: « 1 234,50 € » in French. A
 * code written the French way (« # ##0,00 € ») reads « , » as a thousands separator and shows no cents;
 * test/excel-formats.test.ts reads every workbook back and checks each cell's format.
 */
import ExcelJS from 'exceljs';

/** Amounts in euros with cents, negative amounts with their minus sign. */
export const EXCEL_EUROS = '#,##0.00 "€";-#,##0.00 "€"';

/** Calendar days (written as midnight UTC, so no time zone shifts the day). */
export const EXCEL_DAY = 'dd/mm/yyyy';

/** Every number format the house's workbooks use: a cell with another one fails the test. */
export const EXCEL_FORMATS = [EXCEL_EUROS, EXCEL_DAY] as const;

/** A yyyy-mm-dd day as the Date exceljs writes as that day; null stays empty. */
export const excelDay = (day: string | null): Date | null => (day ? new Date(`${day}T00:00:00Z`) : null);

/** A new workbook signed by the intranet. */
export function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Intranet de l'Union";
  wb.created = new Date();
  return wb;
}
