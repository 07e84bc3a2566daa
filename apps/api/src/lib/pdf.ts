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

/**
 * Rewrites the title, author and subject for the XMP metadata only. pdfkit 0.20's `end()` writes the info
 * dictionary, then copies the same values into the XMP as they are, in a step its type definitions do not
 * name (`_addInfo`); the rewrite runs between the two, so the dictionary keeps the plain text. A pdfkit
 * without that step fails here rather than writing malformed metadata (the Factur-X tests read both).
 */
export function rewriteInfoForXmp(pdf: PDFKit.PDFDocument, rewrite: (text: string) => string): void {
  const copyIntoXmp: unknown = Reflect.get(pdf, '_addInfo');
  if (typeof copyIntoXmp !== 'function') throw new Error('pdfkit no longer copies its info into the XMP');
  Reflect.set(pdf, '_addInfo', () => {
    for (const key of ['Title', 'Author', 'Subject'] as const) {
      const text = pdf.info[key];
      if (text !== undefined) pdf.info[key] = rewrite(text);
    }
    copyIntoXmp.call(pdf);
  });
}

/** A column of a table a PDF prints: its title, where it starts, how wide it is and how it aligns. */
export interface PdfColumn {
  title: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table's header row (statements, invoices, deposit slips): the titles in bold, a rule across the
 * table 4 points below them, and the regular font back for the rows. Gives the function that prints it
 * at `y` and returns where the first row starts; the writers call it again at the top of each new page.
 */
export function pdfTableHeader(
  pdf: PDFKit.PDFDocument,
  table: { left: number; width: number; fontSize: number },
  columns: readonly PdfColumn[],
): (y: number) => number {
  return (y) => {
    pdf.font('Helvetica-Bold').fontSize(table.fontSize);
    for (const c of columns) pdf.text(c.title, c.x, y, { width: c.width, align: c.align ?? 'left' });
    const rule = y + Math.floor(table.fontSize) + 4;
    pdf
      .moveTo(table.left, rule)
      .lineTo(table.left + table.width, rule)
      .stroke();
    pdf.font('Helvetica');
    return rule + 5;
  };
}
