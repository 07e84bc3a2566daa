/**
 * Every PDF the server writes (invoices and credit notes, statements, deposit slips, meal recaps, desk
 * receipts) starts here: a PDFKit document, and the file it becomes once the writer has drawn it and
 * called `pdf.end()`. PDFKit streams its bytes while it draws; they are gathered once, here.
 */
import { euros } from '@union/contract';
import PDFDocument from 'pdfkit';

/**
 * An amount as a PDF prints it: « 1 234,50 € ». Intl writes French amounts with a narrow no-break space,
 * which the standard PDF fonts (WinAnsi) lack; the plain no-break space they have keeps the amount whole
 * at the end of a line.
 */
export const pdfEuros = (cents: number) => euros(cents).replace(/\u202f/g, '\u00a0');

export function startPdf(options: PDFKit.PDFDocumentOptions): {
  pdf: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}
