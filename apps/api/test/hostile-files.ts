/**
 * The hostile files of the upload corpus (test/hostile-uploads.test.ts), generated rather than committed:
 * a PDF whose content stream inflates to 256 MiB weighs ~250 kB, and its variants differ by one filter.
 */
import { createDeflate } from 'node:zlib';
import { pdfWith } from './documents-helpers';
import { zipOf } from './spreadsheets';

export const MiB = 1024 * 1024;

/**
 * `prefix` then `size` bytes of `byte`, deflated (zlib format, as PDF's FlateDecode wants), without
 * holding them whole.
 */
export async function deflatedRun(size: number, byte = 0x20, prefix = ''): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(prefix);
  const piece = Buffer.alloc(MiB, byte);
  for (let written = 0; written < size; written += MiB) {
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** A one-page PDF whose page content is `data`, read through `filter`; its cross-reference table is right. */
export function pdfWithContent(data: Buffer, filter: string): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (chunk: Buffer | string) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length;
    add(`${n} 0 obj\n`);
    if (typeof body === 'string') add(body);
    else body.forEach(add);
    add('\nendobj\n');
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
  object(4, [
    Buffer.from(`<< /Length ${data.length} /Filter ${filter} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
  const xref = length;
  add(`xref\n0 5\n0000000000 65535 f \n`);
  for (let n = 1; n <= 4; n++) add(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** The corpus, built once per test file (a few seconds: 256 MiB are deflated). */
export async function hostileCorpus() {
  // One comment 256 MiB long: pdf.js inflates it and skips it in one synchronous loop (the old code held
  // the main thread, hence every other request, for as long).
  const bomb = await deflatedRun(256 * MiB, 0x41, '%');
  const raw = (zlib: Buffer) => zlib.subarray(2, zlib.length - 4); // zlib → raw deflate, for ZIP entries
  const page = await pdfWith('Compte rendu de la tenue du 2 novembre');
  const workbookEntries = (sheet: { deflated: Buffer; size: number }) => [
    {
      name: '[Content_Types].xml',
      content: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ];
  return {
    /** The finding of issue 17: a content stream that inflates to 256 MiB. */
    pdfBomb: pdfWithContent(bomb, '/FlateDecode'),
    /** The same bomb deflated twice: the first layer alone inflates to ~250 kB. */
    pdfBombTwoLayers: pdfWithContent(await deflatedZlib(bomb), '[/FlateDecode /FlateDecode]'),
    /** The bomb written in hexadecimal: zlib cannot see it, only the worker's limits stop it. */
    pdfBombHex: pdfWithContent(Buffer.from(bomb.toString('hex') + '>'), '[/ASCIIHexDecode /FlateDecode]'),
    /** A workbook whose sheet inflates to 256 MiB, and says so. */
    xlsxBomb: zipOf(workbookEntries({ deflated: raw(bomb), size: 256 * MiB })),
    /** The same, lying: it says its sheet weighs 1 kB. */
    xlsxBombLying: zipOf(workbookEntries({ deflated: raw(bomb), size: 1024 })),
    /** An Office document whose `[Content_Types].xml`, the part file-type inflates to tell the type, is the bomb. */
    officeTypesBomb: zipOf([
      { name: '[Content_Types].xml', deflated: raw(bomb), size: 256 * MiB },
      { name: 'word/document.xml', content: Buffer.from('<w:document/>') },
    ]),
    /** A real PDF with a ZIP archive after its end: a PDF to file-type, garbage to the import. */
    polyglot: Buffer.concat([page, zipOf([{ name: 'a.txt', content: Buffer.from('caché') }])]),
    /** A real PDF cut in the middle. */
    truncated: page.subarray(0, Math.floor(page.length / 2)),
    page,
  };
}

async function deflatedZlib(data: Buffer): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.end(data);
  await done;
  return Buffer.concat(chunks);
}
