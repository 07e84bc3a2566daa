/** Reads the text of a PDF back, page by page, with Mozilla's pdf.js (unpdf's build, as the server reads uploads; the documents' tests read what they print). */
import type { Response } from 'light-my-request';
import { getDocument } from 'unpdf/pdfjs';
import { expect } from 'vitest';

export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    // As the server reads them (lib/untrusted/tasks.ts): the text needs no font's glyphs, and pdf.js would
    // otherwise warn on every standard font it cannot load.
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  // Normalise the spaces PDF fonts use for French typography, so tests compare plain text.
  return pages
    .join('\n')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/ +/g, ' ');
}

/** The text of the PDF a call answered, once the answer is a 200 with a PDF in it. */
export async function pdfAnswerText(response: Response): Promise<string> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}
