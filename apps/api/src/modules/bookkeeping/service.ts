/**
 * The books (issue 31 §2): each movement of money the intranet records becomes one balanced entry of a
 * journal, in the transaction that records the movement. The entry gets its number (gap-free per journal
 * and calendar year of its date) and its validation date once, here; nothing changes them afterwards (the
 * database refuses any update or deletion), and the FEC reads them back. A correction is a reversing
 * entry (`reverse`). The accounts come from the chart of the settings (`chart`).
 */
import type { ChartOfAccounts, ChartRole } from '@union/contract';
import type { Executor } from '../../db/client';
import type { JournalCode } from '../../db/schema';
import type { Clock } from '../../lib/context';
import { unionSettings } from '../settings/service';
import { entryNumber, sidesOf } from './presenter';
import { bookkeepingRepository } from './repository';

/** An account named by its number and label, not by a role of the chart (a bank's 512x, an expense's 6xx). */
export interface Account {
  num: string;
  lib: string;
}

/**
 * One line to post: an account (a role of the chart, or an account of its own), its auxiliary account, a
 * signed amount (debit > 0).
 */
export interface PostingLine {
  compte: ChartRole | Account;
  aux?: { num: string; lib: string };
  montant: number;
}

export interface Posting {
  journal: JournalCode;
  /** EcritureDate: the day of the movement (YYYY-MM-DD). */
  date: string;
  piece: string;
  libelle: string;
  /** What is recorded (« payment:12 »): an event is posted once (a unique index). */
  source: string;
  /** The source of the entry this one reverses (a payment's counter-entry): a reversal is one per entry. */
  reverses?: string;
  lines: PostingLine[];
}

/** What posting needs of the use case: its transaction and its clock. */
export interface BooksContext {
  db: Executor;
  clock: Clock;
}

/** The chart of accounts of the settings. */
export async function chart(db: Executor): Promise<ChartOfAccounts> {
  return (await unionSettings(db)).comptabilite.comptes;
}

const accountOf = (accounts: ChartOfAccounts, compte: ChartRole | Account) => {
  const { num, lib } = typeof compte === 'string' ? accounts[compte] : compte;
  return { compte: num, compteLib: lib };
};

export const bookkeeping = {
  /** The id of the entry that recorded `source`. */
  entryIdOf: async (db: Executor, source: string) =>
    (await bookkeepingRepository.bySource(db, source))?.entry.id,

  /** The entries recording one of `sources` with a debit on `compte`, with that debit. */
  debitsOn: (db: Executor, compte: string, sources: string[]) =>
    bookkeepingRepository.debitsOn(db, compte, sources),

  /** The account without auxiliary of the entry that recorded `source` (where a payment's money went). */
  async cashAccountOf(db: Executor, source: string): Promise<Account | undefined> {
    const line = (await bookkeepingRepository.bySource(db, source))?.lines.find((l) => l.aux === null);
    return line ? { num: line.compte, lib: line.compteLib } : undefined;
  },

  /** Whether the entry of `source` put a cheque in 5112 that has since been deposited at the bank. */
  deposited: (db: Executor, source: string) => bookkeepingRepository.deposited(db, source),

  /**
   * Records the entry in `tx`: its lines of zero are left out, an entry of nothing is not recorded. An
   * unbalanced entry is a bug of the caller (the database would refuse it at commit too).
   */
  async post(tx: BooksContext, posting: Posting): Promise<string | null> {
    const lines = posting.lines.filter((l) => l.montant !== 0);
    if (!lines.length) return null;
    const gap = lines.reduce((s, l) => s + l.montant, 0);
    if (gap !== 0) throw new Error(`Écriture « ${posting.libelle} » déséquilibrée de ${gap} centimes`);
    const accounts = await chart(tx.db);
    const annee = Number(posting.date.slice(0, 4));
    const rang = await bookkeepingRepository.nextRank(tx.db, posting.journal, annee);
    const reversed = posting.reverses
      ? await bookkeepingRepository.bySource(tx.db, posting.reverses)
      : undefined;
    const today = tx.clock.today();
    const entry = await bookkeepingRepository.insertEntry(tx.db, {
      journal: posting.journal,
      annee,
      rang,
      numero: entryNumber(posting.journal, annee, rang),
      date: posting.date,
      // Recorded today; an entry dated ahead (a payment a few days in the future) is valid from its date.
      valideLe: posting.date > today ? posting.date : today,
      piece: posting.piece,
      pieceDate: posting.date,
      libelle: posting.libelle,
      source: posting.source,
      contrePasseId: reversed?.entry.id ?? null,
      createdAt: tx.clock.now(),
    });
    await bookkeepingRepository.insertLines(
      tx.db,
      lines.map((l) => ({
        entryId: entry.id,
        ...accountOf(accounts, l.compte),
        aux: l.aux?.num ?? null,
        auxLib: l.aux?.lib ?? null,
        ...sidesOf(l.montant),
      })),
    );
    return entry.numero;
  },

  /**
   * The reversing entry of the entry that recorded `source`: the same lines, sides exchanged, on `date`,
   * recorded as `asSource`. Nothing happens when `source` was never posted (an amount of zero).
   */
  async reverse(
    tx: BooksContext,
    source: string,
    reversal: { source: string; date: string; libelle: string; piece?: string },
  ): Promise<string | null> {
    const found = await bookkeepingRepository.bySource(tx.db, source);
    if (!found) return null;
    const annee = Number(reversal.date.slice(0, 4));
    const rang = await bookkeepingRepository.nextRank(tx.db, found.entry.journal, annee);
    const today = tx.clock.today();
    const entry = await bookkeepingRepository.insertEntry(tx.db, {
      journal: found.entry.journal,
      annee,
      rang,
      numero: entryNumber(found.entry.journal, annee, rang),
      date: reversal.date,
      valideLe: reversal.date > today ? reversal.date : today,
      piece: reversal.piece ?? found.entry.piece,
      pieceDate: reversal.date,
      libelle: reversal.libelle,
      source: reversal.source,
      contrePasseId: found.entry.id,
      createdAt: tx.clock.now(),
    });
    await bookkeepingRepository.insertLines(
      tx.db,
      found.lines.map((l) => ({
        entryId: entry.id,
        compte: l.compte,
        compteLib: l.compteLib,
        aux: l.aux,
        auxLib: l.auxLib,
        debit: l.credit,
        credit: l.debit,
      })),
    );
    return entry.numero;
  },
};
