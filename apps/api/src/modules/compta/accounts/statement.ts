/**
 * The statement of an entity's account for a period (relevé de compte), as PDF (pdfkit, the house's PDF
 * library, standard Helvetica as the plain accounting PDFs) and as an Excel workbook (exceljs): the
 * balance brought forward, each invoice, credit note and payment with the running balance, the balance
 * at the end.
 */
import { EXCEL_DAY, EXCEL_EUROS, excelDay, newWorkbook } from '../../../lib/excel';
import { pdfEuros as euros, pdfTableHeader, startPdf } from '../../../lib/pdf';
import type { Executor } from '../../../db/client';
import { unionSettings } from '../../settings/service';
import type { Statement } from './presenter';

const shortDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

const MONTH = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'long' });
/** « 1er novembre 2026 », « 30 novembre 2026 »: the first of the month is an ordinal in French. */
export function frenchDate(day: string): string {
  const d = Number(day.slice(8, 10));
  return `${d === 1 ? '1er' : d} ${MONTH.format(new Date(`${day}T00:00:00Z`))} ${day.slice(0, 4)}`;
}

export const statementTitle = (s: Statement) =>
  `Relevé de compte du ${frenchDate(s.du)} au ${frenchDate(s.au)}`;

/** What the balance means, in words: owed by the entity, or to it. */
export const balanceWords = (cents: number) =>
  cents > 0 ? `${euros(cents)} dû à l'Union` : cents < 0 ? `${euros(-cents)} en votre faveur` : 'soldé';

export async function statementPdf(db: Executor, s: Statement): Promise<Buffer> {
  const union = (await unionSettings(db)).identite;
  const { pdf, bytes } = startPdf({
    size: 'A4',
    margin: 50,
    info: { Title: `${statementTitle(s)} – ${s.entite.nom}`, Author: union.raisonSociale },
  });
  const left = 50;
  const width = pdf.page.width - 100;
  pdf.font('Helvetica-Bold').fontSize(12).text(union.raisonSociale, left, 50, { width: 260 });
  pdf.font('Helvetica').fontSize(9).text(union.adresse, { width: 260 });
  pdf.text(union.email);
  pdf.font('Helvetica-Bold').fontSize(11).text(s.entite.nom, 330, 110, { width: 215 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(s.entite.adresse ?? 'Adresse de facturation non renseignée', { width: 215 });
  pdf.moveDown(2);
  pdf.font('Helvetica-Bold').fontSize(15).text(statementTitle(s), left, Math.max(pdf.y, 190), { width });
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);

  const cols = {
    date: left,
    piece: left + 60,
    label: left + 150,
    debit: left + 315,
    credit: left + 375,
    solde: left + 435,
  };
  const header = pdfTableHeader(pdf, { left, width, fontSize: 8.5 }, [
    { title: 'Date', x: cols.date, width: 58 },
    { title: 'Pièce', x: cols.piece, width: 88 },
    { title: 'Libellé', x: cols.label, width: 160 },
    { title: 'Débit', x: cols.debit, width: 58, align: 'right' },
    { title: 'Crédit', x: cols.credit, width: 58, align: 'right' },
    { title: 'Solde', x: cols.solde, width: 60, align: 'right' },
  ]);
  let y = header(pdf.y + 4);
  const row = (
    date: string,
    piece: string,
    label: string,
    debit: number,
    credit: number,
    solde: number,
    bold = false,
  ) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height = Math.max(
      pdf.heightOfString(label, { width: 160 }),
      pdf.heightOfString(piece, { width: 88 }),
      11,
    );
    if (y + height > pdf.page.height - 80) {
      pdf.addPage();
      y = header(50);
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    }
    pdf.text(date, cols.date, y, { width: 58 });
    pdf.text(piece, cols.piece, y, { width: 88 });
    pdf.text(label, cols.label, y, { width: 160 });
    pdf.text(debit ? euros(debit) : '', cols.debit, y, { width: 58, align: 'right' });
    pdf.text(credit ? euros(credit) : '', cols.credit, y, { width: 58, align: 'right' });
    pdf.text(euros(solde), cols.solde, y, { width: 60, align: 'right' });
    y += height + 4;
  };
  row(shortDate(s.du), '', 'Solde au début de la période', 0, 0, s.soldeInitial, true);
  if (s.lignes.length === 0) row('', '', 'Aucun mouvement sur la période', 0, 0, s.soldeInitial);
  for (const l of s.lignes) row(shortDate(l.date), l.piece, l.libelle, l.debit, l.credit, l.solde);
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 6;
  row(
    shortDate(s.au),
    '',
    'Totaux et solde à la fin de la période',
    s.totalDebit,
    s.totalCredit,
    s.soldeFinal,
    true,
  );
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Solde au ${frenchDate(s.au)} : ${balanceWords(s.soldeFinal)}.`, left, y + 10, { width });
  pdf.end();
  return bytes;
}

const money = (cents: number) => cents / 100;

export async function statementWorkbook(s: Statement): Promise<Buffer> {
  const wb = newWorkbook();
  const sheet = wb.addWorksheet('Relevé', { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.getCell('A1').value = `${s.entite.nom} – ${statementTitle(s)}`;
  sheet.getCell('A1').font = { bold: true, size: 13 };
  sheet.columns = [
    { key: 'date', width: 12, style: { numFmt: EXCEL_DAY } },
    { key: 'piece', width: 18 },
    { key: 'libelle', width: 52 },
    { key: 'debit', width: 14, style: { numFmt: EXCEL_EUROS } },
    { key: 'credit', width: 14, style: { numFmt: EXCEL_EUROS } },
    { key: 'solde', width: 14, style: { numFmt: EXCEL_EUROS } },
  ];
  const head = sheet.getRow(3);
  head.values = ['Date', 'Pièce', 'Libellé', 'Débit', 'Crédit', 'Solde'];
  head.font = { bold: true };
  sheet.addRow({
    date: excelDay(s.du),
    libelle: 'Solde au début de la période',
    solde: money(s.soldeInitial),
  }).font = {
    bold: true,
  };
  for (const l of s.lignes)
    sheet.addRow({
      date: excelDay(l.date),
      piece: l.piece,
      libelle: l.libelle,
      debit: l.debit ? money(l.debit) : null,
      credit: l.credit ? money(l.credit) : null,
      solde: money(l.solde),
    });
  sheet.addRow({
    date: excelDay(s.au),
    libelle: 'Totaux et solde à la fin de la période',
    debit: money(s.totalDebit),
    credit: money(s.totalCredit),
    solde: money(s.soldeFinal),
  }).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
