/**
 * What the schema-driven fuzzer sends (test/fuzz.test.ts): a seeded random source, valid values built
 * from a route's JSON Schema (the contract's Zod schemas through z.toJSONSchema), and the ways a valid
 * request is then broken. Everything random comes from one seed, so a failure replays with FUZZ_SEED.
 */
import { z } from 'zod';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** The subset of JSON Schema z.toJSONSchema writes for our contract. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: Json[];
  const?: Json;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: Json;
}

/** mulberry32: small, fast and good enough to pick test cases; the same seed gives the same run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

/** A Zod schema (as a route declares it) as JSON Schema of what the client sends. */
export function jsonSchemaOf(schema: unknown): Schema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Schema;
}

const STRING_CANDIDATES = [
  '19:00',
  '08:30',
  '2026-06-16',
  '04 78 00 00 00',
  '#1c7ed6',
  '12345678901234',
  'W123456789',
  'ABC-12',
  'jean.dupont',
  'prenom.nom@exemple.fr',
  'Texte de test',
  '',
];

/** TARGET2 holidays that fall on weekdays: 1 January, Good Friday, 1 May, 25 and 26 December. */
const CLOSED_DAYS = ['2027-01-01', '2028-04-14', '2028-05-01', '2028-12-25', '2028-12-26'];

/** A number, or text that only digits satisfy (a path id `z.string().regex(/^\d+$/)…`). */
export function isNumericText(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'integer' || schema.type === 'number') return true;
  if (schema.type !== 'string' || !schema.pattern) return false;
  const pattern = new RegExp(schema.pattern);
  return pattern.test('7') && !pattern.test('a');
}

function validString(schema: Schema, key: string, rng: Rng): string {
  if (/e-?mail/i.test(key)) return `fuzz${rng.int(1, 99999)}@exemple.fr`;
  if (schema.format === 'date' || /^(date|debut|fin)$/.test(key)) {
    // Now and then a day the SEPA network is closed (the draw below meets weekends and Easter's days by
    // itself, never 1 January, 1 May or Christmas): a batch's collection day is refused there with a 412.
    if (rng.chance(0.1)) return rng.pick(CLOSED_DAYS);
    return `20${rng.int(27, 29)}-0${rng.int(1, 9)}-${String(rng.int(10, 28))}`;
  }
  // A number written as text (a path or query id): small, so that it names records of the test world.
  if (isNumericText(schema)) return String(rng.chance(0.6) ? rng.int(1, 4) : rng.int(1, 30));
  let value = 'Texte de test';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const matching = STRING_CANDIDATES.filter((c) => pattern.test(c));
    if (matching.length > 0) value = rng.pick(matching);
  }
  if (schema.minLength && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = value.slice(0, schema.maxLength);
  return value;
}

function validNumber(schema: Schema, rng: Rng, integer: boolean): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const max = Math.min(schema.maximum ?? min + 30, min + 30);
  // Mostly the first few: ids that name records of the test world (it holds a handful of each).
  if (integer) return rng.chance(0.6) ? rng.int(min, Math.min(max, min + 3)) : rng.int(min, max);
  return min + rng.next() * (max - min);
}

/** A value the schema accepts (as far as JSON Schema says: refinements are not in it). */
export function validValue(schema: Schema, rng: Rng, key = ''): Json {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const notNull = branches.filter((b) => b.type !== 'null');
    return validValue(
      rng.chance(0.85) && notNull.length > 0 ? rng.pick(notNull) : rng.pick(branches),
      rng,
      key,
    );
  }
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, rng, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      const required = new Set(schema.required ?? []);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(name) || rng.chance(0.7)) out[name] = validValue(property, rng, name);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, rng.int(0, 3)));
      return Array.from({ length: n }, () => validValue(schema.items ?? {}, rng, key));
    }
    case 'string':
      return validString(schema, key, rng);
    case 'integer':
      return validNumber(schema, rng, true);
    case 'number':
      return validNumber(schema, rng, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Values that are wrong in one way or another wherever they land. */
export const HUGE = 'x'.repeat(100_000);
const deep = (depth: number): Json => {
  let value: Json = 'fond';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
export const ODD_VALUES: readonly Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  '',
  ' ',
  '1',
  '0x10',
  ' 1',
  '-1',
  '1e3',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '2026-13-01',
  '24:00',
  '19:15',
  'é'.repeat(50_000),
  HUGE,
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '%',
  '../../etc/passwd',
  [],
  [1, 2, 3],
  [{}],
  {},
  { a: 1 },
  deep(200),
  Array.from({ length: 10_000 }, (_, i) => `X${i}`),
  Array.from({ length: 10_000 }, () => ({ a: -1 })),
];

/** Strings for a path parameter or a query-string value (already URL-encoded where they need to be). */
export const ODD_PARAMS: readonly string[] = [
  '0',
  '-1',
  '0x10',
  '%201',
  '1e3',
  '1.5',
  '1.0',
  '+1',
  '01',
  '2147483648',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'abc',
  '%00',
  'a%00b',
  '%C3%A9',
  '%FF',
  '%E0%A4%A',
  '2026-02-30',
  '0000-01-01',
  '2026-2-3',
  '20260203',
  '..',
  '%2E%2E%2F',
  'x'.repeat(10_000),
  '__proto__',
  'constructor',
  '[]',
  '{}',
];

/** Every path to a value in a JSON value (the root is []). */
export function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? {} : value;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let node = copy as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy as Json;
}

/** A body: the raw text sent and what was done to it. */
export interface BodyCase {
  what: string;
  payload?: string;
  /** A binary body (an upload) instead of `payload`. */
  bytes?: Buffer;
  contentType?: string;
  /** Larger than any route takes (its body limit, its form fields): never accepted. */
  oversized?: boolean;
}

const json = (value: Json) => JSON.stringify(value);

/** A valid body broken in one way (or, now and then, left valid). */
export function brokenBody(valid: Json, rng: Rng): BodyCase {
  const paths = pathsOf(valid);
  const inner = paths.length > 1 ? paths.slice(1) : paths;
  const at = rng.pick(inner);
  const where = at.length ? at.join('.') : 'the body';
  switch (rng.int(0, 12)) {
    case 0:
      return { what: 'valid', payload: json(valid), contentType: 'application/json' };
    case 1:
    case 2:
    case 3: {
      const odd = rng.pick(ODD_VALUES);
      return {
        what: `${where} ← ${typeof odd === 'string' && odd.length > 40 ? `string of ${odd.length}` : json(odd).slice(0, 60)}`,
        payload: json(setAt(valid, at, odd)),
        contentType: 'application/json',
      };
    }
    case 4:
      return {
        what: `${where} removed`,
        payload: json(setAt(valid, at, undefined)),
        contentType: 'application/json',
      };
    case 5: {
      // Written by hand: JSON.stringify would drop a __proto__ key set on an object literal.
      const key = rng.pick(['__proto__', 'constructor', 'prototype']);
      const text = json(valid);
      const poisoned =
        text.startsWith('{') && text.length > 2
          ? `{"${key}":{"admin":true,"prototype":{"x":1}},${text.slice(1)}`
          : `{"${key}":{"admin":true}}`;
      return { what: `"${key}" key`, payload: poisoned, contentType: 'application/json' };
    }
    case 6:
      return {
        what: 'an array for the body',
        payload: json(rng.chance(0.5) ? [] : [valid]),
        contentType: 'application/json',
      };
    case 7: {
      // Written as text: JSON.stringify itself cannot go this deep.
      const depth = rng.pick([50, 2_000, 20_000, 200_000]);
      const open = rng.chance(0.5) ? '{"a":' : '[';
      const close = open === '[' ? ']' : '}';
      return {
        what: `body nested ${depth} deep`,
        payload: `${open.repeat(depth)}1${close.repeat(depth)}`,
        contentType: 'application/json',
      };
    }
    case 8:
      return {
        what: 'malformed JSON',
        payload: rng.pick(['{', '{"a":', 'nul', '"\\u00"', '{"a":1}}', '\u0000', '[1,]']),
        contentType: 'application/json',
      };
    case 9:
      return {
        what: 'another content type',
        payload: rng.pick(['a=1&a=2&__proto__=x', json(valid), '--x\r\n\r\n', '']),
        contentType: rng.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/xml',
        ]),
      };
    case 10:
      return {
        what: 'extra fields',
        payload: json({ ...(valid as object), inconnu: HUGE.slice(0, 1000), id: -1 }),
        contentType: 'application/json',
      };
    case 11:
      // Over every route's limit (issue 31 §3): refused with 413 before it is read or parsed.
      return rng.pick<BodyCase>([
        {
          what: 'oversized: a form of 300,000 fields',
          payload: 'a=1&'.repeat(300_000),
          contentType: 'application/x-www-form-urlencoded',
          oversized: true,
        },
        {
          what: 'oversized: a JSON body of 2 MB',
          payload: json({ ...(valid as object), inconnu: 'é'.repeat(1_000_000) }),
          contentType: 'application/json',
          oversized: true,
        },
        {
          what: 'oversized: a form of 300 fields',
          payload: Array.from({ length: 300 }, (_, i) => `k${i}=v`).join('&'),
          contentType: 'application/x-www-form-urlencoded',
          oversized: true,
        },
      ]);
    default:
      return { what: 'no body', contentType: rng.pick([undefined, 'application/json']) };
  }
}

const HEADER = 'Nom;Prénom;E-mail;Téléphone;Fonction\n';
/** File contents for an upload route (the member import): readable, damaged, hostile. */
function fileContent(rng: Rng): { what: string; bytes: Buffer; name: string } {
  const csv = (text: string, what: string, name = 'membres.csv') => ({
    what,
    bytes: Buffer.from(text),
    name,
  });
  const random = (n: number) => Buffer.from(Array.from({ length: n }, () => rng.int(0, 255)));
  switch (rng.int(0, 19)) {
    case 0:
      return csv(
        `${HEADER}Durand;Paul;paul.durand${rng.int(1, 999)}@exemple.fr;0478000000;Orateur\n`,
        'valid CSV',
      );
    case 1:
      return csv(`${HEADER}"Durand;Paul;x@y.fr\n"a""b;c\n`, 'broken quotes');
    case 2:
      return csv(`${HEADER}${'x'.repeat(100_000)};Paul;p@exemple.fr\n`, 'a 100 kB field');
    case 3:
      return csv(`${HEADER}Du\u0000rand;Pa\u0000ul;p\u0000@exemple.fr\n`, 'NUL bytes');
    case 4:
      return { what: 'random bytes', bytes: random(rng.int(1, 4000)), name: 'membres.csv' };
    case 5:
      return {
        what: 'a damaged XLSX',
        bytes: Buffer.concat([Buffer.from('PK\u0003\u0004'), random(rng.int(10, 3000))]),
        name: 'membres.xlsx',
      };
    case 6:
      return csv('', 'an empty file');
    case 7:
      return csv('Nom;Nom;E-mail;E-mail\nA;B;a@b.fr;c@d.fr\n', 'duplicated columns');
    case 8:
      return {
        what: 'Windows-1252 bytes',
        bytes: Buffer.from([
          ...Buffer.from('Nom;Pr'),
          0xe9,
          ...Buffer.from('nom;E-mail\nL'),
          0xe9,
          ...Buffer.from('a;Zo'),
          0xe9,
          ...Buffer.from(';z@e.fr\n'),
        ]),
        name: 'membres.csv',
      };
    case 9:
      return csv(`${HEADER}=HYPERLINK("http://x");@SUM(1);+1;-1;=1+1\n`, 'formulas');
    case 10:
      return csv(`${Array.from({ length: 2000 }, (_, i) => `C${i}`).join(';')}\n1;2;3\n`, '2,000 columns');
    case 11:
      return csv(`${HEADER}${'a;b;c@d.fr\n'.repeat(rng.pick([3, 10_001]))}`, 'the same address many times');
    case 12:
      return csv(
        `\uFEFF${HEADER}Durand;Paul;paul@exemple.fr\n`,
        'CSV with a BOM',
        rng.pick(['../../x.csv', '', 'a\u0000.csv', `${'n'.repeat(300)}.csv`]),
      );
    case 13: {
      // A bank statement (CAMT.053) with a broken amount, date, sign or an unknown account.
      const camt = `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.0${rng.int(1, 9)}"><BkToCstmrStmt><Stmt><Id>F${rng.int(0, 1e6)}</Id><Acct><Id><IBAN>${rng.pick(['FR7630006000011234567890189', 'XX00', ''])}</IBAN></Id></Acct><Ntry><Amt Ccy="${rng.pick(['EUR', 'USD'])}">${rng.pick(['1.00', '-1', '1e9', '99999999999999', ''])}</Amt><CdtDbtInd>${rng.pick(['CRDT', 'DBIT', 'X'])}</CdtDbtInd><BookgDt><Dt>${rng.pick(['2026-11-20', '2026-02-30', 'hier'])}</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`;
      return csv(camt, 'a CAMT.053 statement with odd values', 'releve.xml');
    }
    case 14:
      return csv(
        '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><Document>&b;</Document>',
        'XML with a DTD and entities',
        'releve.xml',
      );
    case 15:
      return csv(
        `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">${'<a>'.repeat(rng.pick([50, 50_000]))}`,
        'deeply nested XML',
        'releve.xml',
      );
    case 16: {
      // A bank statement in OFX 1.x (SGML: leaves never closed) with odd values, tags and text.
      const odd = (values: string[]) => rng.pick(values);
      const ofx = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n<CURDEF>${odd(['EUR', 'USD', ''])}\n<BANKACCTFROM><BANKID>${odd(['30006', 'x', ''])}\n<BRANCHID>00001\n<ACCTID>${odd(['12345678901', 'FR7630006000011234567890189', '42', '<'])}\n</BANKACCTFROM>\n<BANKTRANLIST>\n<STMTTRN>\n<DTPOSTED>${odd(['20261120', '20260230', 'hier'])}\n<TRNAMT>${odd(['1,00', '-1.5', '1e9', '99999999999999', ''])}\n<FITID>F${rng.int(0, 1e6)}\n<NAME>${odd(['M&M', '<b>', 'é\u0000', 'x'.repeat(3000)])}\n</STMTTRN>\n${odd(['</BANKTRANLIST>', '', '<!ENTITY a "b">', '<?pi?>'])}\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`;
      return csv(
        ofx,
        'an OFX 1.x statement with odd values',
        odd(['releve.ofx', 'releve.qfx', 'releve.txt']),
      );
    }
    case 17:
      return csv(
        `<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>\n${rng.pick(['<!DOCTYPE OFX [<!ENTITY a "aaaa">]>', ''])}<OFX>${'<STMTRS>'.repeat(rng.pick([2, 5_000]))}&a;`,
        'an OFX 2.x statement with a DTD or deep nesting',
        'releve.ofx',
      );
    case 18:
      // A bank CSV export with odd dates and amounts, a preamble, or no header at all.
      return csv(
        `${rng.pick(['Compte;123\n', '', '01/11/2026;x;1,00\n'])}Date;Libellé;Montant\n${rng.pick(['01/11/2026', '31/02/2026', '2026-11-01', ''])};"${rng.pick(['VIR "X"', 'a;b', '=1+1'])}";${rng.pick(['1 234,56', '-0,5', 'dix', '1,234'])}\n`,
        'a bank CSV statement with odd values',
        rng.pick(['releve.csv', 'releve.ofx']),
      );
    default:
      return csv(
        `${HEADER}Durand;Paul;${rng.pick(['pas-un-email', '@', 'a@b', 'é@é.fr'])};${rng.pick(['+', '0'.repeat(40), 'abc'])}\n`,
        'bad values',
      );
  }
}

/** A multipart/form-data upload of one file, sometimes broken in its envelope. */
export function brokenUpload(rng: Rng): BodyCase {
  const file = fileContent(rng);
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="${file.name}"\r\n` +
      `Content-Type: ${rng.pick(['text/csv', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const envelope = rng.int(0, 5);
  const parts =
    envelope === 0
      ? [head, file.bytes] // cut short: no closing boundary
      : envelope === 1
        ? [head, file.bytes, tail, head, file.bytes, tail] // two files
        : [head, file.bytes, tail];
  return {
    what: `upload: ${file.what}${envelope === 0 ? ', cut short' : envelope === 1 ? ', two files' : ''}`,
    contentType: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.concat(parts),
  };
}
