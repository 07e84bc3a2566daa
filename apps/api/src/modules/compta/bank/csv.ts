/**
 * A bank's statement in CSV, as French banks' online spaces export it: `;` (or `,`) between cells,
 * UTF-8 or Windows-1252, dates JJ/MM/AAAA, amounts with a decimal comma, often a few lines about the
 * account before the titles. Read in two steps: {@link readCsvTable} (in the untrusted-file worker,
 * csv-parse through the members import's reader, under the row and text limits) finds the header and
 * the rows; {@link csvStatement} (pure) reads them through the columns chosen for the account, refusing
 * a date or an amount that is not one with its line. A CSV gives neither the account nor balances: the
 * account is chosen on import, the balances stay unknown.
 */
import { BANK_CSV_MAX_ROWS, type BankCsvColumns, type BankCsvQuestion } from '@union/contract';
import { invalid, refused } from '../../../lib/errors';
import { decodeText, detectSeparator, normalizeHeader, parseCsv } from '../../imports/parse';
import { CAMT_LIMITS, type CamtEntry, type CamtStatement } from './camt';

/** Cells of one line: a statement has a dozen columns at most. */
const MAX_COLUMNS = 50;
/** Lines read before the header must have been found (the account's details some banks put first). */
const MAX_PREAMBLE = 30;

export interface CsvTable {
  entetes: string[];
  lignes: { ligne: number; champs: string[] }[];
}

const DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$|^(\d{4})-(\d{2})-(\d{2})$/;

/** "15/11/2026", "15/11/26", "15.11.2026", "2026-11-15" → "2026-11-15"; anything else undefined. */
export function frenchDay(text: string): string | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = m[4] ? [m[4], m[5]!, m[6]!] : [m[3]!.length === 2 ? `20${m[3]}` : m[3]!, m[2]!, m[1]!];
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** "1 234,56", "-12,5", "+12.00 €", "1.234,56" → cents, signed; anything else undefined. */
export function frenchCents(text: string): number | undefined {
  let t = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(€|EUR)$/i, '');
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  const m = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return undefined;
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -value : value;
}

/** An operation's line: three cells at least, one a date, another an amount. */
const isOperation = (champs: string[]) =>
  champs.filter(Boolean).length >= 3 &&
  champs.some((c) => frenchDay(c)) &&
  champs.some((c) => c && !frenchDay(c) && frenchCents(c) !== undefined);

/**
 * The table of a CSV statement: the header is the last filled line before the first operation (the
 * lines above it describe the account: « Solde au 30/11/2026;1 234,56 » has two cells, so it is not
 * one); the rows are the filled lines after it.
 */
export function readCsvTable(bytes: Uint8Array): CsvTable {
  if (bytes.includes(0))
    throw invalid('Relevé bancaire : le fichier n’est ni un CAMT.053, ni un OFX, ni un CSV lisible.');
  const text = decodeText(bytes).text.replace(/^\uFEFF/, '');
  const records = parseCsv(text, detectSeparator(text), MAX_PREAMBLE + BANK_CSV_MAX_ROWS + 2);
  let header: { ligne: number; champs: string[] } | undefined;
  const lignes: CsvTable['lignes'] = [];
  for (const { ligne, fields } of records) {
    const champs = fields.map((f) => f.trim());
    if (!champs.some(Boolean)) continue;
    if (champs.length > MAX_COLUMNS)
      throw invalid(`Relevé bancaire CSV, ligne ${ligne} : plus de ${MAX_COLUMNS} colonnes.`);
    const long = champs.find((c) => c.length > CAMT_LIMITS.text);
    if (long !== undefined)
      throw invalid(`Relevé bancaire CSV, ligne ${ligne} : un texte dépasse ${CAMT_LIMITS.text} caractères.`);
    if (lignes.length === 0 && !isOperation(champs)) {
      if (ligne > MAX_PREAMBLE + 1)
        throw invalid(
          `Relevé bancaire CSV : aucune opération (une date JJ/MM/AAAA et un montant) dans les ${MAX_PREAMBLE} premières lignes.`,
        );
      header = { ligne, champs };
      continue;
    }
    if (!header)
      throw invalid(
        `Relevé bancaire CSV, ligne ${ligne} : la ligne des titres de colonnes (Date, Libellé, Montant…) ` +
          'doit précéder les opérations.',
      );
    if (lignes.length === BANK_CSV_MAX_ROWS)
      throw invalid(
        `Relevé bancaire CSV : le fichier compte plus de ${BANK_CSV_MAX_ROWS.toLocaleString('fr-FR')} opérations : exportez une période plus courte.`,
      );
    lignes.push({ ligne, champs });
  }
  if (!header || lignes.length === 0)
    throw invalid(
      'Relevé bancaire CSV : le fichier ne contient aucune opération (une ligne de titres, puis des lignes datées JJ/MM/AAAA).',
    );
  return { entetes: header.champs, lignes };
}

const GUESSES: Record<keyof BankCsvColumns, (title: string) => boolean> = {
  date: (t) => ['date', 'dateoperation', 'datecomptable', 'datedoperation', 'dateope'].includes(t),
  libelle: (t) => /^(libelle|intitule|description|detail|nature)/.test(t),
  montant: (t) => /^montant/.test(t),
  debit: (t) => /^debit/.test(t),
  credit: (t) => /^credit/.test(t),
  reference: (t) => /^(reference|ref)/.test(t),
};

/** The columns guessed from the titles, for the form to start from. */
export function guessColumns(entetes: string[]): NonNullable<BankCsvQuestion['colonnes']> {
  const find = (key: keyof BankCsvColumns) => entetes.find((e) => GUESSES[key](normalizeHeader(e))) ?? null;
  return {
    date: find('date'),
    libelle: find('libelle'),
    montant: find('montant'),
    debit: find('debit'),
    credit: find('credit'),
    reference: find('reference'),
  };
}

/** The account's statement read from the table through its columns; refusals name the line. */
export function csvStatement(table: CsvTable, columns: BankCsvColumns, iban: string): CamtStatement {
  const position = (title: string | null) => {
    if (title === null) return -1;
    const i = table.entetes.indexOf(title);
    if (i < 0)
      throw refused(
        'bank_csv_columns',
        `Relevé bancaire CSV : la colonne « ${title.slice(0, 60)} » n’est pas dans le fichier ` +
          `(titres : ${table.entetes.join(', ').slice(0, 300)}). Choisissez de nouveau les colonnes.`,
      );
    return i;
  };
  const at = {
    date: position(columns.date),
    libelle: position(columns.libelle),
    montant: position(columns.montant),
    debit: position(columns.debit),
    credit: position(columns.credit),
    reference: position(columns.reference),
  };
  const entries: CamtEntry[] = [];
  for (const { ligne, champs } of table.lignes) {
    const cell = (i: number) => (i < 0 ? '' : (champs[i] ?? ''));
    const amountCells = at.montant >= 0 ? [cell(at.montant)] : [cell(at.debit), cell(at.credit)];
    // A line without date nor amount is no operation (a total, a blank line of the export).
    if (!cell(at.date) && amountCells.every((c) => !c)) continue;
    const bad = (what: string) => invalid(`Relevé bancaire CSV, ligne ${ligne} : ${what}`);
    const date = frenchDay(cell(at.date));
    if (!date) throw bad(`« ${cell(at.date).slice(0, 40)} » n’est pas une date (JJ/MM/AAAA).`);
    let montant: number;
    if (at.montant >= 0) {
      const m = frenchCents(cell(at.montant));
      if (m === undefined) throw bad(`« ${cell(at.montant).slice(0, 40)} » n’est pas un montant.`);
      montant = m;
    } else {
      const [debit, credit] = [cell(at.debit), cell(at.credit)].map((c) => (c ? frenchCents(c) : 0));
      if (debit === undefined || credit === undefined)
        throw bad(
          `« ${(debit === undefined ? cell(at.debit) : cell(at.credit)).slice(0, 40)} » n’est pas un montant.`,
        );
      if (debit && credit) throw bad('la ligne a un débit et un crédit : une opération est l’un ou l’autre.');
      montant = credit ? Math.abs(credit) : -Math.abs(debit);
    }
    if (montant === 0) throw bad('l’opération n’a pas de montant.');
    entries.push({
      ligne,
      dateComptable: date,
      dateValeur: null,
      montant,
      reference: cell(at.reference) || null,
      contrepartie: null,
      ibanContrepartie: null,
      libelle: cell(at.libelle).replace(/\s+/g, ' '),
    });
  }
  if (!entries.length) throw invalid('Relevé bancaire CSV : le fichier ne contient aucune opération.');
  const days = entries.map((e) => e.dateComptable).sort();
  const [du, au] = [days[0]!, days.at(-1)!];
  return {
    identifiant: `CSV ${du} au ${au}`,
    iban,
    du,
    au,
    soldeOuverture: null,
    soldeCloture: null,
    ecritures: entries,
  };
}
