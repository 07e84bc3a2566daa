/**
 * The reader of a bank's statement in CAMT.053 (ISO 20022 « BankToCustomerStatement », versions 001.02
 * to 001.08): one pass of a streaming XML parser (saxes) that keeps only the statements' account,
 * period, opening and closing balances and their entries. It runs in the untrusted-file worker
 * (./untrusted-task.ts) and refuses, naming the line: a file that is no CAMT.053, a DTD (so no entity
 * can be declared, let alone expanded), elements nested deeper than any statement needs, more entries
 * than {@link CAMT_LIMITS} allow, a text longer than any field of the standard, an amount that is not
 * one or not in euros.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { AppError, invalid } from '../../../lib/errors';

export const CAMT_LIMITS = {
  /** Elements nested in one another: a statement needs about 12. */
  depth: 40,
  /** Entries of one file. */
  entries: 20_000,
  /** Characters of one element's text (the longest field of the standard is 140; 35 for most). */
  text: 2_000,
};

/** One booked entry of a statement: amounts in cents, negative for a debit. */
export interface CamtEntry {
  /** Where it starts in the file (the messages name it). */
  ligne: number;
  dateComptable: string;
  dateValeur: string | null;
  montant: number;
  /** The bank's own reference of the entry (AcctSvcrRef), else the entry's (NtryRef). */
  reference: string | null;
  contrepartie: string | null;
  ibanContrepartie: string | null;
  /** The remittance text (RmtInf/Ustrd, else AddtlNtryInf), pieces joined by a space. */
  libelle: string;
  /** A direct debit returned (R-transaction): the reason code (RtrInf/Rsn/Cd: AM04, MD01…). */
  motifRetour?: string | null;
  /** The end-to-end id of the transaction the entry details (the debit's, for a return). */
  endToEndId?: string | null;
}

export interface CamtStatement {
  identifiant: string;
  iban: string;
  du: string | null;
  au: string | null;
  soldeOuverture: number | null;
  soldeCloture: number | null;
  ecritures: CamtEntry[];
}

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.05([34])\.001\.0([2-8])$/;

/** A statement (camt.053 `BkToCstmrStmt/Stmt`) or a debit/credit notification (camt.054 `…Ntfctn/Ntfctn`). */
const REPORTS: Record<string, string> = { BkToCstmrStmt: 'Stmt', BkToCstmrDbtCdtNtfctn: 'Ntfctn' };

interface Balance {
  code?: string;
  amount?: number;
  sign?: string;
  date?: string;
}

interface EntryDraft {
  ligne: number;
  amount?: number;
  sign?: string;
  status?: string;
  booking?: string;
  value?: string;
  acctSvcrRef?: string;
  ntryRef?: string;
  dbtrName?: string;
  dbtrIban?: string;
  cdtrName?: string;
  cdtrIban?: string;
  ustrd: string[];
  addtl?: string;
  /** The first transaction's details: its end-to-end id, its batch (PmtInfId, MsgId), a return's reason. */
  endToEndId?: string;
  batch?: string;
  returnCode?: string;
  /** Each transaction's details (TxDtls), in the file's order. */
  txs: TxDraft[];
}

/** One transaction of an entry (NtryDtls/TxDtls): what a return of several debits gives for each. */
interface TxDraft {
  amount?: number;
  endToEndId?: string;
  returnCode?: string;
  dbtrName?: string;
  dbtrIban?: string;
  /** Its own remittance text (RmtInf/Ustrd). */
  ustrd?: string;
}

/** "1234.5" → 123450; anything else is refused with its line. */
function cents(text: string, line: number): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw invalid(`Relevé bancaire, ligne ${line} : « ${text.slice(0, 40)} » n’est pas un montant.`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function day(text: string, line: number): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  if (!m || Number.isNaN(Date.parse(m[1]!)))
    throw invalid(`Relevé bancaire, ligne ${line} : « ${text.slice(0, 40)} » n’est pas une date.`);
  return m[1]!;
}

const signed = (amount: number, sign: string | undefined, line: number) => {
  if (sign !== 'CRDT' && sign !== 'DBIT')
    throw invalid(`Relevé bancaire, ligne ${line} : le sens (CdtDbtInd) doit être CRDT ou DBIT.`);
  return sign === 'DBIT' ? -amount : amount;
};

type ReturnTx = Required<Pick<TxDraft, 'amount' | 'endToEndId' | 'returnCode'>> & TxDraft;

/**
 * The debits an entry returns, when it returns several at once (a bank may book one day's returns as one
 * entry, each in its own TxDtls): only when every transaction names its debit, its reason and its amount,
 * and their amounts make the entry's. Then each becomes a line of its own, so that each is confirmed
 * against its debit; the statement's sum is unchanged. Anything less certain stays one line.
 */
function returnsOf(e: EntryDraft, montant: number): ReturnTx[] | null {
  if (montant >= 0 || e.txs.length < 2) return null;
  const complete = e.txs.filter(
    (t): t is ReturnTx => t.amount !== undefined && !!t.endToEndId && !!t.returnCode,
  );
  if (complete.length !== e.txs.length) return null;
  return complete.reduce((sum, t) => sum + t.amount, 0) === -montant ? complete : null;
}

/** One returned debit of an entry that returns several: its own amount, reason, debtor and reference. */
function returnLine(e: EntryDraft, t: ReturnTx, i: number, text: string): CamtEntry {
  const reference = e.acctSvcrRef || e.ntryRef;
  return {
    ligne: e.ligne,
    dateComptable: e.booking!,
    dateValeur: e.value ?? null,
    montant: -t.amount,
    // The entry's reference is the bank's key of the entry: each part keeps it with its rank.
    reference: reference ? `${reference}/${i + 1}` : null,
    contrepartie: t.dbtrName ?? e.dbtrName ?? null,
    ibanContrepartie: t.dbtrIban ?? e.dbtrIban ?? null,
    libelle: t.ustrd ?? `${text} ${t.endToEndId}`.trim(),
    motifRetour: t.returnCode,
    endToEndId: t.endToEndId,
  };
}

/** Reads the statements of a CAMT.053 file, or throws the 412 that names the line at fault. */
export function readCamt053(xml: string): CamtStatement[] {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const path: string[] = [];
  const statements: CamtStatement[] = [];
  let text = '';
  let count = 0;
  let statement: CamtStatement | undefined;
  let balance: Balance | undefined;
  let entry: EntryDraft | undefined;
  let tx: TxDraft | undefined;
  let failure: Error | undefined;
  const at = () => parser.line;
  const fail = (message: string) => {
    throw invalid(`Relevé bancaire, ligne ${at()} : ${message}`);
  };
  const under = (...tail: string[]) => tail.every((name, i) => path[path.length - tail.length + i] === name);
  /** Whether the element just opened or about to close is a report (a statement, a notification). */
  const atReport = () => {
    const parent = path[path.length - 2];
    return parent !== undefined && REPORTS[parent] === path[path.length - 1];
  };
  /** The report the path is directly in, then `tail`. */
  const inReport = (...tail: string[]) => under('Stmt', ...tail) || under('Ntfctn', ...tail);

  parser.on('doctype', () =>
    fail('le fichier déclare une DTD, refusée dans un relevé (aucune entité n’y est admise).'),
  );
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (path.length === 0) {
      const version = NAMESPACE.exec(tag.uri);
      if (tag.local !== 'Document' || !version)
        fail(
          'ce fichier n’est pas un relevé de compte CAMT.053 (ni un avis CAMT.054), versions 001.02 à 001.08. ' +
            'Exportez le relevé au format « CAMT.053 » depuis l’espace de la banque.',
        );
    }
    path.push(tag.local);
    if (path.length > CAMT_LIMITS.depth)
      fail(`les éléments sont imbriqués sur plus de ${CAMT_LIMITS.depth} niveaux.`);
    text = '';
    const name = tag.local;
    if (atReport()) {
      statement = {
        identifiant: '',
        iban: '',
        du: null,
        au: null,
        soldeOuverture: null,
        soldeCloture: null,
        ecritures: [],
      };
    } else if (name === 'Bal' && statement && inReport('Bal')) balance = {};
    else if (name === 'Ntry' && statement && inReport('Ntry')) {
      if (++count > CAMT_LIMITS.entries)
        fail(`le relevé compte plus de ${CAMT_LIMITS.entries.toLocaleString('fr-FR')} écritures.`);
      entry = { ligne: at(), ustrd: [], txs: [] };
    }
  });
  parser.on('text', (t) => {
    if (text.length + t.length > CAMT_LIMITS.text) fail(`un texte dépasse ${CAMT_LIMITS.text} caractères.`);
    text += t;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    const name = tag.local;
    const value = text.trim();
    text = '';
    if (statement) closeInStatement(name, value, tag);
    path.pop();
  });

  function closeInStatement(name: string, value: string, tag: SaxesTagNS) {
    const s = statement!;
    if (entry) {
      closeInEntry(entry, name, value, tag);
      if (name === 'Ntry' && inReport('Ntry')) {
        const e = entry;
        entry = undefined;
        // Only what is booked counts: a pending (PDNG) or information entry is not on the account yet.
        if (e.status && e.status !== 'BOOK') return;
        if (e.amount === undefined) fail('une écriture n’a pas de montant (Amt).');
        if (!e.booking) fail('une écriture n’a pas de date de comptabilisation (BookgDt).');
        const montant = signed(e.amount!, e.sign, e.ligne);
        const credit = montant > 0;
        const text = (e.ustrd.length ? e.ustrd.join(' ') : (e.addtl ?? '')).replace(/\s+/g, ' ').trim();
        const returns = returnsOf(e, montant);
        if (returns) {
          s.ecritures.push(...returns.map((t, i) => returnLine(e, t, i, text)));
          return;
        }
        s.ecritures.push({
          ligne: e.ligne,
          dateComptable: e.booking!,
          dateValeur: e.value ?? null,
          montant,
          reference: e.acctSvcrRef || e.ntryRef || null,
          // A direct debit's return is a debit whose other party is still the lodge debited (Dbtr).
          contrepartie: (credit || e.returnCode ? e.dbtrName : e.cdtrName) ?? null,
          ibanContrepartie: (credit || e.returnCode ? e.dbtrIban : e.cdtrIban) ?? null,
          // A batch's collection names its batch in its references: kept in the text the matching reads.
          libelle: e.batch && !text.includes(e.batch) ? `${text} ${e.batch}`.trim() : text,
          motifRetour: e.returnCode ?? null,
          endToEndId: e.endToEndId ?? null,
        });
      }
      return;
    }
    if (balance) {
      if (name === 'Cd' && under('Tp', 'CdOrPrtry', 'Cd')) balance.code = value;
      else if (name === 'Amt' && under('Bal', 'Amt')) balance.amount = euroAmount(value, tag);
      else if (name === 'CdtDbtInd' && under('Bal', 'CdtDbtInd')) balance.sign = value;
      else if ((name === 'Dt' || name === 'DtTm') && under('Bal', 'Dt', name))
        balance.date = day(value, at());
      else if (name === 'Bal') {
        const b = balance;
        balance = undefined;
        if (b.amount === undefined) fail('un solde n’a pas de montant (Amt).');
        const amount = signed(b.amount!, b.sign, at());
        if (b.code === 'OPBD' || b.code === 'PRCD') {
          s.soldeOuverture = amount;
          if (b.date && !s.du) s.du = b.date;
        } else if (b.code === 'CLBD') {
          s.soldeCloture = amount;
          if (b.date && !s.au) s.au = b.date;
        }
      }
      return;
    }
    if (name === 'Id' && inReport('Id')) s.identifiant = value;
    else if (name === 'IBAN' && inReport('Acct', 'Id', 'IBAN')) s.iban = value.replace(/\s+/g, '');
    else if (name === 'Ccy' && inReport('Acct', 'Ccy') && value !== 'EUR')
      fail(`le compte est tenu en ${value.slice(0, 3)} : seuls les comptes en euros sont lus.`);
    else if (name === 'FrDtTm' && under('FrToDt', 'FrDtTm')) s.du = day(value, at());
    else if (name === 'ToDtTm' && under('FrToDt', 'ToDtTm')) s.au = day(value, at());
    else if (atReport()) {
      if (!s.iban) fail('le relevé ne donne pas l’IBAN du compte (Acct/Id/IBAN).');
      if (!s.identifiant) fail('le relevé n’a pas d’identifiant (Stmt/Id).');
      statements.push(s);
      statement = undefined;
    }
  }

  function euroAmount(value: string, tag: SaxesTagNS): number {
    const currency = tag.attributes['Ccy'];
    const ccy = typeof currency === 'string' ? currency : currency?.value;
    if (ccy && ccy !== 'EUR') fail(`un montant est en ${ccy.slice(0, 3)} : seuls les euros sont lus.`);
    return cents(value, at());
  }

  function closeInEntry(e: EntryDraft, name: string, value: string, tag: SaxesTagNS) {
    if (name === 'TxDtls' && e.txs.length >= CAMT_LIMITS.entries)
      fail(`une écriture détaille plus de ${CAMT_LIMITS.entries.toLocaleString('fr-FR')} opérations.`);
    if (path.includes('TxDtls')) closeInTransaction(e, name, value, tag);
    if (name === 'Amt' && under('Ntry', 'Amt')) e.amount = euroAmount(value, tag);
    else if (name === 'CdtDbtInd' && under('Ntry', 'CdtDbtInd')) e.sign = value;
    else if (under('Ntry', 'Sts') && name === 'Sts' && value) e.status = value;
    else if (name === 'Cd' && under('Ntry', 'Sts', 'Cd')) e.status = value;
    else if ((name === 'Dt' || name === 'DtTm') && under('BookgDt', name)) e.booking = day(value, at());
    else if ((name === 'Dt' || name === 'DtTm') && under('ValDt', name)) e.value = day(value, at());
    else if (name === 'AcctSvcrRef' && under('Ntry', 'AcctSvcrRef')) e.acctSvcrRef = value;
    else if (name === 'NtryRef' && under('Ntry', 'NtryRef')) e.ntryRef = value;
    else if (name === 'Nm' && (under('RltdPties', 'Dbtr', 'Nm') || under('Dbtr', 'Pty', 'Nm')))
      e.dbtrName ??= value;
    else if (name === 'Nm' && (under('RltdPties', 'Cdtr', 'Nm') || under('Cdtr', 'Pty', 'Nm')))
      e.cdtrName ??= value;
    else if (name === 'IBAN' && under('DbtrAcct', 'Id', 'IBAN')) e.dbtrIban ??= value.replace(/\s+/g, '');
    else if (name === 'IBAN' && under('CdtrAcct', 'Id', 'IBAN')) e.cdtrIban ??= value.replace(/\s+/g, '');
    else if (name === 'Ustrd' && under('RmtInf', 'Ustrd') && value) e.ustrd.push(value);
    else if (name === 'AddtlNtryInf' && under('Ntry', 'AddtlNtryInf')) e.addtl = value;
    else if (name === 'EndToEndId' && under('TxDtls', 'Refs', 'EndToEndId') && value !== 'NOTPROVIDED')
      e.endToEndId ??= value;
    else if (name === 'PmtInfId' && (under('TxDtls', 'Refs', 'PmtInfId') || under('Btch', 'PmtInfId')))
      e.batch ??= value;
    else if (name === 'MsgId' && (under('TxDtls', 'Refs', 'MsgId') || under('Btch', 'MsgId')))
      e.batch ??= value;
    else if (name === 'Cd' && under('RtrInf', 'Rsn', 'Cd') && /^[A-Z0-9]{4}$/.test(value))
      e.returnCode ??= value;
  }

  /** What one transaction of the entry says of itself (its own amount, end-to-end id, reason, debtor). */
  function closeInTransaction(e: EntryDraft, name: string, value: string, tag: SaxesTagNS) {
    if (name === 'TxDtls') {
      e.txs.push(tx ?? {});
      tx = undefined;
      return;
    }
    tx ??= {};
    if (name === 'Amt' && (under('TxDtls', 'Amt') || under('AmtDtls', 'TxAmt', 'Amt')))
      tx.amount ??= euroAmount(value, tag);
    else if (name === 'EndToEndId' && under('TxDtls', 'Refs', 'EndToEndId') && value !== 'NOTPROVIDED')
      tx.endToEndId ??= value;
    else if (name === 'Cd' && under('RtrInf', 'Rsn', 'Cd') && /^[A-Z0-9]{4}$/.test(value))
      tx.returnCode ??= value;
    else if (name === 'Nm' && (under('RltdPties', 'Dbtr', 'Nm') || under('Dbtr', 'Pty', 'Nm')))
      tx.dbtrName ??= value;
    else if (name === 'IBAN' && under('DbtrAcct', 'Id', 'IBAN')) tx.dbtrIban ??= value.replace(/\s+/g, '');
    else if (name === 'Ustrd' && under('RmtInf', 'Ustrd') && value) tx.ustrd ??= value;
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
    // saxes's own message starts with « line:column: »: the line is named, the rest said in French.
    const line = /^(\d+):/.exec(failure.message)?.[1] ?? String(at());
    throw invalid(
      `Relevé bancaire, ligne ${line} : le fichier n’est pas un XML bien formé (${failure.message
        .replace(/^\d+:\d+: /, '')
        .slice(0, 80)}).`,
    );
  }
  if (!statements.length)
    throw invalid('Relevé bancaire : le fichier ne contient aucun relevé (BkToCstmrStmt/Stmt).');
  return statements;
}
