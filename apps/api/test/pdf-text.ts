/** Reads the text of a PDF back, page by page, with Mozilla's pdf.js (the documents' tests read what they print). */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Response } from 'light-my-request';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';

/** pdf.js reads the metrics of the 14 standard PDF fonts (Helvetica…) from its own package. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
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
