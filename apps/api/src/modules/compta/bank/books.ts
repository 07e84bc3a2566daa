/**
 * What the bank's lines post to the books (issue 34): a transfer confirmed is a payment posted to the
 * 512x of the statement's bank account (settings › « Comptes bancaires de l'Union »), not the chart's
 * generic 512; a line given an account of the chart (an expense, bank charges, a gift received) is one
 * BQ entry between that account and the 512x, dated the bank's value date.
 */
import type { BankImpute } from '@union/contract';
import type { Executor } from '../../../db/client';
import { bookkeeping, type Account, type BooksContext } from '../../bookkeeping/service';
import { unionSettings } from '../../settings/service';
import { bankRepository, type BankLineRow } from './repository';

/** The 512x of the Union's bank account `iban`, labelled with its name; none once it left the settings. */
export async function bankAccountOf(db: Executor, iban: string): Promise<Account | undefined> {
  const account = (await unionSettings(db)).comptesBancaires.find((a) => a.iban === iban);
  return account ? { num: account.compte, lib: account.nom } : undefined;
}

/** The day a line's money moved: its value date, else the day it was booked. */
export const dayOf = (line: BankLineRow) => line.dateValeur ?? line.dateComptable;

/** The piece of a line's entry: the bank's reference, else the line's own number. */
export const pieceOf = (line: BankLineRow) => line.reference?.slice(0, 100) || `BANQUE-${line.id}`;

/**
 * The entry of a line given an account: a debit (an expense) takes the money out of the 512x into the
 * account, a credit brings it in. Answers the entry's id.
 */
export async function postImputation(
  tx: BooksContext,
  line: BankLineRow,
  input: BankImpute,
  bank: Account,
): Promise<number> {
  const source = `bank_line:${line.id}`;
  await bookkeeping.post(tx, {
    journal: 'BQ',
    date: dayOf(line),
    piece: pieceOf(line),
    libelle: input.libelle,
    source,
    lines: [
      { compte: input.compte, montant: -line.montant },
      { compte: bank, montant: line.montant },
    ],
  });
  return (await bankRepository.entryOf(tx.db, source))!;
}
