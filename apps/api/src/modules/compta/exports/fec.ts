/**
 * The FEC (Fichier des Écritures Comptables, LPF art. A47 A-1) of the Union's sales and receipts for a
 * period, for its bookkeeper: 18 tab-separated columns, a header line, dates AAAAMMJJ, amounts with a
 * comma and two decimals, one line per account movement, every entry balanced. The accounts are those of
 * docs/decisions/accounting.md: 411 with an auxiliary account per entity, 706 sales, 512 bank (transfers
 * and online card payments), 5112 cheques to cash; no VAT (the Union is exempt). Written in ISO 8859-15,
 * one of the encodings the format allows, CRLF line ends.
 */
import type { LedgerEntry } from '../accounts/repository';
import { entryLabel } from '../accounts/presenter';

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export const ACCOUNTS = {
  customers: { num: '411', lib: 'Clients – loges et associations' },
  sales: { num: '706', lib: 'Prestations de services' },
  bank: { num: '512', lib: 'Banque' },
  cheques: { num: '5112', lib: 'Chèques à encaisser' },
} as const;

export const JOURNALS = {
  VT: 'Ventes',
  BQ: 'Banque',
} as const;

interface Movement {
  compte: { num: string; lib: string };
  aux?: { num: string; lib: string };
  debit: number;
  credit: number;
}

/** AAAAMMJJ. */
const fecDate = (day: string) => day.replaceAll('-', '');
/** Cents as the format writes them: no thousands separator, a comma, two decimals. */
export const fecAmount = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};
/** A field never holds the separator nor a line end. */
const field = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();

/** The one line of each side of an entry: the amount on the side its sign says. */
function sides(amount: number, owedBy: Movement['compte'], aux: Movement['aux'], other: Movement['compte']) {
  const debitSide: Movement = {
    compte: owedBy,
    aux,
    debit: Math.max(amount, 0),
    credit: Math.max(-amount, 0),
  };
  const creditSide: Movement = { compte: other, debit: Math.max(-amount, 0), credit: Math.max(amount, 0) };
  return [debitSide, creditSide];
}

function movementsOf(
  e: LedgerEntry,
  aux: Movement['aux'],
): { journal: keyof typeof JOURNALS; lines: Movement[] } {
  switch (e.kind) {
    case 'facture':
      // 411 (the entity owes) against 706; a negative invoice (a fee adjustment) turns both sides.
      return { journal: 'VT', lines: sides(e.montant, ACCOUNTS.customers, aux, ACCOUNTS.sales) };
    case 'avoir': {
      const [customer, sales] = sides(e.montant, ACCOUNTS.customers, aux, ACCOUNTS.sales);
      return { journal: 'VT', lines: [sales!, customer!].map(swap) };
    }
    case 'paiement': {
      const cash = e.mode === 'C' ? ACCOUNTS.cheques : ACCOUNTS.bank;
      const [bank, customer] = sides(e.montant, cash, undefined, ACCOUNTS.customers);
      return { journal: 'BQ', lines: [bank!, { ...customer!, aux }] };
    }
  }
}

/** A credit note reverses its invoice: each line's debit and credit change places. */
const swap = (m: Movement): Movement => ({ ...m, debit: m.credit, credit: m.debit });

/** The entity's auxiliary account: its code, as the bookkeeper's sub-ledger names it. */
export type EntityNames = ReadonlyMap<number, { code: string; nom: string }>;

/** The FEC's text of the entries of [du, au] (entries before `du` are left out). */
export function fecText(entries: LedgerEntry[], names: EntityNames, du: string, au: string): string {
  const counters: Record<keyof typeof JOURNALS, number> = { VT: 0, BQ: 0 };
  const rows: string[] = [FEC_COLUMNS.join('\t')];
  for (const e of entries) {
    if (e.date < du || e.date > au) continue;
    const entity = names.get(e.entityId)!;
    const aux = { num: `411${entity.code}`, lib: entity.nom };
    const { journal, lines } = movementsOf(e, aux);
    const num = `${journal}${String(++counters[journal]).padStart(6, '0')}`;
    const date = fecDate(e.date);
    for (const m of lines) {
      rows.push(
        [
          journal,
          JOURNALS[journal],
          num,
          date,
          m.compte.num,
          m.compte.lib,
          m.aux?.num ?? '',
          m.aux?.lib ?? '',
          e.piece,
          date,
          entryLabel(e),
          fecAmount(m.debit),
          fecAmount(m.credit),
          '',
          '',
          date,
          '',
          '',
        ]
          .map(field)
          .join('\t'),
      );
    }
  }
  return rows.join('\r\n') + '\r\n';
}

/** ISO 8859-15: Latin-1 but for eight places (€, Š, š, Ž, ž, Œ, œ, Ÿ); anything else outside it is « ? ». */
const LATIN9: Record<string, number> = {
  '€': 0xa4,
  Š: 0xa6,
  š: 0xa8,
  Ž: 0xb4,
  ž: 0xb8,
  Œ: 0xbc,
  œ: 0xbd,
  Ÿ: 0xbe,
};
const LATIN1_REPLACED = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

export function latin9(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const mapped = LATIN9[ch];
    const code = ch.codePointAt(0)!;
    if (mapped !== undefined) bytes.push(mapped);
    else if (code < 0x100 && !LATIN1_REPLACED.has(code)) bytes.push(code);
    else if (ch === '\u2019' || ch === '\u2018') bytes.push(0x27);
    else if (ch === '\u2013' || ch === '\u2014') bytes.push(0x2d);
    else if (ch === '\u202f' || ch === '\u00a0') bytes.push(0x20);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
