/**
 * Spreadsheet files written by hand for the tests: ZIP archives that lie about their sizes, and
 * workbooks far larger than an import allows, built in a fraction of the time a library takes.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive of these entries, deflated, written by hand: an entry may lie about its size (`size`) or
 * bring its stream already deflated (`deflated`, a bomb made once), which a ZIP library (fflate, yazl)
 * does not let a test do. The one copy, for the import's workbooks and the hostile-upload corpus.
 */
export function zipOf(
  entries: { name: string; content?: Buffer; deflated?: Buffer; size?: number }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.deflated ?? deflateRawSync(entry.content ?? Buffer.alloc(0));
    const size = entry.size ?? entry.content?.length ?? 0;
    const crc = entry.content ? crc32(entry.content) : 0;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An .xlsx workbook of one sheet: a header and `count` member rows, laid out as Excel writes it
 * (cells pointing into shared strings, the sheet stored before sharedStrings.xml, telephone numbers as
 * numbers). `row(i)` gives the nom, prénom, e-mail and telephone of row i.
 */
export function bigWorkbook(
  count: number,
  row: (i: number) => [string, string, string, number] = (i) => [
    'Martin',
    'Jean',
    `membre${i}@masse.exemple.fr`,
    600000000 + i,
  ],
  options: { inline?: boolean; relationPrefix?: string } = {},
): Uint8Array {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  /** A text cell: an index into the shared strings, or the text itself with `inline`. */
  const text = (column: string, r: number, value: string) =>
    options.inline
      ? `<c r="${column}${r}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`
      : `<c r="${column}${r}" t="s"><v>${shared(value)}</v></c>`;
  const shared = (text: string) => {
    let index = indexOf.get(text);
    if (index === undefined) {
      index = strings.push(text) - 1;
      indexOf.set(text, index);
    }
    return index;
  };
  const lines: string[] = [];
  const header = ['Nom', 'Prénom', 'E-mail', 'Téléphone'];
  lines.push(`<row r="1">${header.map((h, c) => text('ABCD'[c]!, 1, h)).join('')}</row>`);
  for (let i = 0; i < count; i++) {
    const r = i + 2;
    const [nom, prenom, email, telephone] = row(i);
    lines.push(
      `<row r="${r}">${text('A', r, nom)}${text('B', r, prenom)}${text('C', r, email)}` +
        `<c r="D${r}"><v>${telephone}</v></c></row>`,
    );
  }
  const prefix = options.relationPrefix ?? 'r';
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const xml = (body: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  return zipOf([
    {
      name: '[Content_Types].xml',
      content: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: xml(
        `<workbook xmlns="${ns}" xmlns:${prefix}="${rel}">` +
          `<sheets><sheet name="Membres" sheetId="1" ${prefix}:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: xml(`<worksheet xmlns="${ns}"><sheetData>${lines.join('')}</sheetData></worksheet>`),
    },
    {
      name: 'xl/sharedStrings.xml',
      content: xml(
        `<sst xmlns="${ns}" count="${strings.length}" uniqueCount="${strings.length}">` +
          strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('') +
          '</sst>',
      ),
    },
  ]);
}
