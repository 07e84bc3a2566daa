/**
 * A statement file made ready for the import (issue 34): read off the main thread in whichever format
 * it is (./format.ts); a CSV one read through the columns of its account, those sent with the file
 * (then remembered, in the import's transaction) or those remembered from the account's first CSV
 * import (migration 0052). Without an account or columns, the answer is the question the screen asks.
 */
import {
  BankCsvColumnsSchema,
  type BankCsvColumns,
  type BankCsvQuestion,
  type UnionBankAccount,
} from '@union/contract';
import { electronicFormatIBAN } from 'ibantools';
import type { RequestContext, TxContext } from '../../../lib/context';
import { invalid, refused } from '../../../lib/errors';
import { unionSettings } from '../../settings/service';
import type { CamtStatement } from './camt';
import { csvColumnsRepository } from './csv-columns-repository';
import { csvStatement, guessColumns, type CsvTable } from './csv';
import type { StatementFormat } from './format';
import { parseStatementFile } from './untrusted';

export interface StatementFile {
  nom: string;
  bytes: Uint8Array;
  /** The multipart field `compte`: the IBAN of the Union's account a CSV statement is of. */
  compte?: string | null;
  /** The multipart field `colonnes`: the CSV columns chosen on screen, as JSON. */
  colonnes?: string | null;
}

export type PreparedFile =
  | {
      format: StatementFormat;
      statements: CamtStatement[];
      remember?: { iban: string; colonnes: BankCsvColumns };
    }
  | { format: 'csv'; question: BankCsvQuestion };

/** How many of the file's rows the screen shows under the columns to choose. */
const PREVIEW_ROWS = 5;

/** Saves the account's CSV columns (the import's transaction: a refused import saves nothing). */
export async function rememberColumns(tx: TxContext, iban: string, colonnes: BankCsvColumns) {
  await csvColumnsRepository.save(tx.db, iban, colonnes, tx.caller.id, tx.clock.now());
}

function parseColumns(raw: string): BankCsvColumns {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw refused(
      'bank_csv_columns',
      'Les colonnes du relevé CSV sont illisibles : choisissez-les de nouveau.',
    );
  }
  const parsed = BankCsvColumnsSchema.safeParse(json);
  if (!parsed.success)
    throw refused(
      'bank_csv_columns',
      parsed.error.issues[0]?.message ?? 'Choisissez les colonnes du relevé.',
    );
  return parsed.data;
}

function accountOf(comptes: UnionBankAccount[], compte: string | null | undefined) {
  if (!compte) return comptes.length === 1 ? comptes[0] : undefined;
  const iban = electronicFormatIBAN(compte) ?? '';
  const found = comptes.find((a) => a.iban === iban);
  if (!found)
    throw refused(
      'bank_account_unknown',
      `Le compte ${compte.slice(0, 40)} n’est pas parmi les comptes bancaires de l’Union : choisissez l’un d’eux.`,
    );
  return found;
}

async function prepareCsv(ctx: RequestContext, file: StatementFile, table: CsvTable): Promise<PreparedFile> {
  const { comptesBancaires } = await unionSettings(ctx.db);
  if (!comptesBancaires.length)
    throw invalid(
      'Aucun compte bancaire de l’Union n’est enregistré : ajoutez-le dans Administration › Paramètres, puis importez le relevé.',
    );
  const account = accountOf(comptesBancaires, file.compte);
  const sent = file.colonnes ? parseColumns(file.colonnes) : undefined;
  const known = account && !sent ? await csvColumnsRepository.find(ctx.db, account.iban) : undefined;
  const colonnes = sent ?? known;
  if (!account || !colonnes)
    return {
      format: 'csv',
      question: {
        compte: account?.iban ?? null,
        comptes: comptesBancaires.map((a) => ({ iban: a.iban, nom: a.nom })),
        entetes: table.entetes,
        apercu: table.lignes.slice(0, PREVIEW_ROWS).map((l) => l.champs),
        colonnes: colonnes ?? guessColumns(table.entetes),
      },
    };
  return {
    format: 'csv',
    statements: [csvStatement(table, colonnes, account.iban)],
    ...(sent ? { remember: { iban: account.iban, colonnes: sent } } : {}),
  };
}

/** The file read (off the main thread), a CSV one through its account's columns. */
export async function prepareImport(ctx: RequestContext, file: StatementFile): Promise<PreparedFile> {
  const read = await parseStatementFile(file.bytes, file.nom);
  if (read.format === 'csv') return prepareCsv(ctx, file, read.table);
  return read;
}
