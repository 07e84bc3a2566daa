/**
 * The reader of a bank's statement in OFX, as French banks export it (« Money », « Quicken »): OFX 1.x
 * (SGML: a header of `KEY:VALUE` lines, then tags whose leaves are never closed) and OFX 2.x (XML). No
 * library is used: the OFX readers of npm are built on whole-tree XML parsers without limits of depth,
 * count or text and close the SGML leaves with regular expressions over the whole file; here 1.x is
 * first made XML by {@link sgmlToXml} (one pass over the tags, each open leaf closed before the next
 * tag), then both are read by one pass of saxes under the same limits as CAMT.053 (no DTD, depth,
 * entries, text). It runs in the untrusted-file worker and refuses, naming the line, what is not a
 * bank statement in euros.
 *
 * Kept of each STMTRS: the account (BANKACCTFROM: BANKID, BRANCHID and ACCTID make the French IBAN,
 * its RIB key and check digits computed when the bank gives only the account number), the period
 * (BANKTRANLIST's DTSTART and DTEND), the closing balance (LEDGERBAL) and the opening one it implies;
 * of each STMTTRN: DTPOSTED, DTUSER (value date), TRNAMT (signed), FITID (the bank's reference: the
 * line's key), NAME and MEMO (the label).
 */
import { composeIBAN, electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { SaxesParser, type SaxesTag } from 'saxes';
import { AppError, invalid } from '../../../lib/errors';
import { CAMT_LIMITS, type CamtEntry, type CamtStatement } from './camt';

const fail = (line: number | string, message: string): never => {
  throw invalid(`Relevé bancaire OFX, ligne ${line} : ${message}`);
};

/** Whether the text is an OFX file: its 1.x header, or an `<OFX>` element near the start. */
export function looksLikeOfx(text: string): boolean {
  const start = text.slice(0, 4096).replace(/^\uFEFF/, '');
  return /^\s*OFXHEADER\s*:/.test(start) || /<\?OFX[\s?]/i.test(start) || /<OFX>/i.test(start);
}

const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/i;

/** Text made safe for XML: a bare `&` (banks write « M&M ») becomes `&amp;`. */
function escapeText(text: string): string {
  return text.replace(/&/g, (_m, offset: number) =>
    ENTITY.test(text.slice(offset, offset + 10)) ? '&' : '&amp;',
  );
}

/**
 * OFX 1.x (SGML) to XML. The header (lines `KEY:VALUE` up to the first `<`) is dropped; each tag of the
 * body is kept as it is, and a leaf (an open tag followed by text) is closed right after its text
 * unless the file closes it itself. Line breaks are kept, so saxes's line numbers are the file's.
 * A processing instruction, a declaration (`<!`) or an attribute has no place in OFX 1.x: refused.
 */
export function sgmlToXml(sgml: string): string {
  const first = sgml.indexOf('<');
  if (first < 0) fail(1, 'le fichier n’a pas de balise <OFX>.');
  const header = sgml.slice(0, first);
  const out: string[] = [header.replace(/[^\n]/g, '')];
  const tag = /<(\/?)([^<>]*)>/g;
  let at = first;
  let open: string | undefined;
  let line = header.split('\n').length;
  for (let m = tag.exec(sgml); m; m = tag.exec(sgml)) {
    const between = sgml.slice(at, m.index);
    if (between.includes('<')) fail(line, 'une balise n’est pas fermée par « > ».');
    line += between.split('\n').length - 1;
    const [, slash, name] = m as unknown as [string, string, string];
    if (!/^[A-Za-z][A-Za-z0-9.]*$/.test(name))
      fail(line, `« <${slash}${name.slice(0, 30)}> » n’est pas une balise OFX.`);
    const text = between.trim();
    if (open && text) {
      out.push(
        escapeText(between.replace(/\s+$/, '')),
        `</${open}>`,
        between.slice(between.trimEnd().length),
      );
      if (slash && name === open) {
        at = m.index + m[0].length;
        open = undefined;
        continue;
      }
    } else {
      if (text) fail(line, `du texte (« ${text.slice(0, 30)} ») est hors de toute balise.`);
      out.push(between);
    }
    out.push(m[0]);
    open = slash ? undefined : name;
    at = m.index + m[0].length;
  }
  const rest = sgml.slice(at);
  if (rest.includes('<')) fail(line, 'une balise n’est pas fermée par « > ».');
  if (open && rest.trim()) out.push(escapeText(rest.trimEnd()), `</${open}>`);
  else if (rest.trim()) fail(line, 'du texte est hors de toute balise.');
  else out.push(rest);
  return out.join('');
}

/** The French RIB key of a bank, branch and account number (letters as the RIB counts them). */
export function ribKey(bank: string, branch: string, account: string): string {
  const digits = account.toUpperCase().replace(/[A-Z]/g, (c) => {
    const n = c.charCodeAt(0) - 64;
    return String(n <= 9 ? n : n <= 18 ? n - 9 : n - 17);
  });
  const value = (BigInt(bank) * 89n + BigInt(branch) * 15n + BigInt(digits) * 3n) % 97n;
  return String(97n - value).padStart(2, '0');
}

/** The account's IBAN: ACCTID when it is one, else made of the French bank, branch and account. */
function ibanOf(bank: string, branch: string, account: string, line: number): string {
  const whole = electronicFormatIBAN(account) ?? '';
  if (isValidIBAN(whole)) return whole;
  const acct = account.replace(/\s+/g, '').toUpperCase();
  if (/^\d{5}$/.test(bank) && /^\d{5}$/.test(branch) && /^[0-9A-Z]{11}(\d{2})?$/.test(acct)) {
    const number = acct.slice(0, 11);
    const key = acct.length === 13 ? acct.slice(11) : ribKey(bank, branch, number);
    const iban = composeIBAN({ countryCode: 'FR', bban: `${bank}${branch}${number}${key}` });
    if (iban && isValidIBAN(iban)) return iban;
  }
  return fail(
    line,
    `le compte (BANKID ${bank.slice(0, 12)}, BRANCHID ${branch.slice(0, 12)}, ACCTID ${acct.slice(0, 34)}) ` +
      'ne forme pas un IBAN : exportez le relevé depuis le compte courant de l’Union.',
  );
}

/** "-1234.5", "1234,50", "+12" → cents, signed. */
function cents(text: string, line: number): number {
  const m = /^([+-]?)(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return fail(line, `« ${text.slice(0, 40)} » n’est pas un montant.`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -value : value;
}

/** "20261115" or "20261115120000[+1:CET]" → "2026-11-15". */
function day(text: string, line: number): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  if (!m || Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString().slice(0, 10) !== iso)
    return fail(line, `« ${text.slice(0, 40)} » n’est pas une date OFX (AAAAMMJJ).`);
  return iso;
}

interface Draft {
  ligne: number;
  bank: string;
  branch: string;
  account: string;
  accountLine: number;
  currency?: string;
  du?: string;
  au?: string;
  closing?: number;
  entries: CamtEntry[];
}

/** Reads the bank statements (STMTRS) of an OFX file, 1.x or 2.x, or throws the 412 naming the line. */
export function readOfx(text: string): CamtStatement[] {
  const body = text.replace(/^\uFEFF/, '');
  const xml = /^\s*OFXHEADER\s*:/.test(body) ? sgmlToXml(body) : body;
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  const statements: CamtStatement[] = [];
  let draft: Draft | undefined;
  let entry: Record<string, string> | undefined;
  let entryLine = 0;
  let count = 0;
  let content = '';
  let failure: Error | undefined;
  const at = () => parser.line;

  parser.on('doctype', () => fail(at(), 'le fichier déclare une DTD, refusée dans un relevé.'));
  parser.on('opentag', (tag: SaxesTag) => {
    const name = tag.name.toUpperCase();
    if (path.length === 0 && name !== 'OFX')
      fail(at(), 'ce fichier n’est pas un relevé OFX (l’élément racine n’est pas <OFX>).');
    path.push(name);
    if (path.length > CAMT_LIMITS.depth)
      fail(at(), `les éléments sont imbriqués sur plus de ${CAMT_LIMITS.depth} niveaux.`);
    content = '';
    if (name === 'STMTRS')
      draft = { ligne: at(), bank: '', branch: '', account: '', accountLine: at(), entries: [] };
    else if (name === 'STMTTRN' && draft) {
      if (++count > CAMT_LIMITS.entries)
        fail(at(), `le relevé compte plus de ${CAMT_LIMITS.entries.toLocaleString('fr-FR')} écritures.`);
      entry = {};
      entryLine = at();
    }
  });
  parser.on('text', (t) => {
    if (content.length + t.length > CAMT_LIMITS.text)
      fail(at(), `un texte dépasse ${CAMT_LIMITS.text} caractères.`);
    content += t;
  });
  parser.on('closetag', (tag: SaxesTag) => {
    const name = tag.name.toUpperCase();
    const value = content.replace(/\s+/g, ' ').trim();
    content = '';
    const parent = path[path.length - 2];
    if (entry && parent === 'STMTTRN') entry[name] = value;
    else if (entry && name === 'STMTTRN') closeEntry(entry);
    else if (draft) closeInStatement(draft, name, parent, value);
    path.pop();
  });

  function closeEntry(e: Record<string, string>) {
    entry = undefined;
    if (!e.TRNAMT) fail(entryLine, 'une opération (STMTTRN) n’a pas de montant (TRNAMT).');
    if (!e.DTPOSTED) fail(entryLine, 'une opération (STMTTRN) n’a pas de date (DTPOSTED).');
    const label = [e.NAME, e.MEMO].filter((v, i, all) => v && all.indexOf(v) === i).join(' ');
    draft!.entries.push({
      ligne: entryLine,
      dateComptable: day(e.DTPOSTED!, entryLine),
      dateValeur: e.DTUSER ? day(e.DTUSER, entryLine) : null,
      montant: cents(e.TRNAMT!, entryLine),
      reference: e.FITID || null,
      contrepartie: null,
      ibanContrepartie: null,
      libelle: label || e.TRNTYPE || '',
    });
  }

  function closeInStatement(s: Draft, name: string, parent: string | undefined, value: string) {
    if (parent === 'BANKACCTFROM') {
      if (name === 'BANKID') s.bank = value;
      else if (name === 'BRANCHID') s.branch = value;
      else if (name === 'ACCTID') s.account = value;
      s.accountLine = at();
    } else if (parent === 'STMTRS' && name === 'CURDEF') s.currency = value;
    else if (parent === 'BANKTRANLIST' && name === 'DTSTART') s.du = day(value, at());
    else if (parent === 'BANKTRANLIST' && name === 'DTEND') s.au = day(value, at());
    else if (parent === 'LEDGERBAL' && name === 'BALAMT') s.closing = cents(value, at());
    else if (name === 'STMTRS') {
      draft = undefined;
      if (s.currency && s.currency !== 'EUR')
        fail(
          s.ligne,
          `le compte est tenu en ${s.currency.slice(0, 3)} : seuls les comptes en euros sont lus.`,
        );
      if (!s.account) fail(s.ligne, 'le relevé ne donne pas le compte (BANKACCTFROM/ACCTID).');
      const iban = ibanOf(s.bank, s.branch, s.account, s.accountLine);
      const du = s.du ?? s.entries[0]?.dateComptable ?? null;
      const au = s.au ?? s.entries.at(-1)?.dateComptable ?? null;
      const total = s.entries.reduce((t, e) => t + e.montant, 0);
      statements.push({
        // OFX names no statement: its account and period do (the same export again is found by them).
        identifiant: `OFX ${du ?? '?'} au ${au ?? '?'}`,
        iban,
        du,
        au,
        // OFX gives the closing balance only: the opening is what the entries started from.
        soldeOuverture: s.closing === undefined ? null : s.closing - total,
        soldeCloture: s.closing ?? null,
        ecritures: s.entries,
      });
    }
  }

  parser.on('error', (error) => {
    failure ??= error;
  });
  try {
    parser.write(xml);
    if (!failure) parser.close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) {
    if (failure instanceof AppError) throw failure;
    const line = /^(\d+):/.exec(failure.message)?.[1] ?? String(at());
    fail(line, `le fichier est mal formé (${failure.message.replace(/^\d+:\d+: /, '').slice(0, 80)}).`);
  }
  if (!statements.length)
    throw invalid(
      'Relevé bancaire OFX : le fichier ne contient aucun relevé de compte bancaire (STMTRS) : ' +
        'exportez le relevé du compte courant, pas celui d’une carte.',
    );
  return statements;
}
