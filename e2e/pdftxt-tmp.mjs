import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
for (const path of process.argv.slice(2)) {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), isEvalSupported: false, standardFontDataUrl }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) for (const it of (await (await pdf.getPage(n)).getTextContent()).items) if ('str' in it) text += it.str + (it.hasEOL ? '\n' : ' ');
  console.log('==', path, '\n' + text);
}
