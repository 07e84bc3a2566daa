/**
 * The deposit slip (bordereau de remise de chèques) the treasurer brings to the bank with the cheques
 * received in a period: the Union's identity, each cheque (date, drawer, number, amount), their count and
 * total, and a place for the bank's stamp. Plain PDF (pdfkit, like the other documents): it is no invoice.
 */
import type { UnionSettings } from '@union/contract';
import { frenchDate } from '../../../lib/dates';
import { pdfEuros as euros, pdfTableHeader, startPdf } from '../../../lib/pdf';

export interface DepositSlip {
  union: UnionSettings;
  du: string;
  au: string;
  /** The day it is made. */
  date: string;
  cheques: { entite: string; date: string; reference: string | null; montant: number }[];
}

export function renderDepositSlip(d: DepositSlip): Promise<Buffer> {
  const id = d.union.identite;
  const { pdf, bytes } = startPdf({
    size: 'A4',
    margin: 50,
    info: { Title: 'Bordereau de remise de chèques', Author: id.raisonSociale },
  });
  const left = 50;
  const width = pdf.page.width - 100;

  pdf.font('Helvetica-Bold').fontSize(12).text(id.raisonSociale, left, 50, { width });
  pdf.font('Helvetica').fontSize(9).text(id.adresse, { width });
  pdf.moveDown(2);
  pdf.font('Helvetica-Bold').fontSize(16).text('Bordereau de remise de chèques', { width });
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Chèques reçus du ${frenchDate(d.du)} au ${frenchDate(d.au)}`, { width });
  pdf.text(`Établi le ${frenchDate(d.date)}`, { width });
  pdf.moveDown();

  const cols = { date: left, entite: left + 90, numero: left + 300, montant: left + 400 } as const;
  const header = pdfTableHeader(pdf, { left, width, fontSize: 9 }, [
    { title: 'Date', x: cols.date, width: 85 },
    { title: 'Tireur', x: cols.entite, width: 205 },
    { title: 'N° du chèque', x: cols.numero, width: 95 },
    { title: 'Montant', x: cols.montant, width: 95, align: 'right' },
  ]);
  let y = header(pdf.y);
  if (!d.cheques.length) {
    pdf.text('Aucun chèque reçu sur cette période.', left, y, { width });
    y += 16;
  }
  for (const c of d.cheques) {
    const height = pdf.heightOfString(c.entite, { width: 205 });
    if (y + height > pdf.page.height - 140) {
      pdf.addPage();
      y = header(50);
    }
    pdf.text(frenchDate(c.date), cols.date, y, { width: 85 });
    pdf.text(c.entite, cols.entite, y, { width: 205 });
    pdf.text(c.reference ?? '—', cols.numero, y, { width: 95 });
    pdf.text(euros(c.montant), cols.montant, y, { width: 95, align: 'right' });
    y += Math.max(height, 12) + 4;
  }
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;
  const total = d.cheques.reduce((s, c) => s + c.montant, 0);
  const count = d.cheques.length;
  pdf.font('Helvetica-Bold').fontSize(10);
  pdf.text(`${count} chèque${count > 1 ? 's' : ''}`, cols.date, y, { width: 200 });
  pdf.text(`Total : ${euros(total)}`, cols.numero, y, { width: 195, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  pdf.text('Cachet et signature de la banque :', left, y + 40, { width });
  pdf.end();
  return bytes;
}
