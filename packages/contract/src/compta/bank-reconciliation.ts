/**
 * The bank reconciled (issue 34 §3): at a date, a Union bank account's statement balance against its 512
 * account's book balance, the lines of each side not matched with the other, the difference explained to
 * the cent; and the period validated (« Valider le rapprochement »), after which it no longer changes.
 */
import { z } from 'zod';
import { isoDay } from '../fields';

/** Which account, at which day: both optional (the first Union account, today in Paris). */
export const BankReconciliationQuerySchema = z.object({
  iban: z.string().max(34, { message: 'L’IBAN a 34 caractères au plus.' }).optional(),
  date: isoDay.optional(),
});
export type BankReconciliationQuery = z.infer<typeof BankReconciliationQuerySchema>;

export const BankReconciliationValidateSchema = z.object({
  iban: z.string({ message: 'Choisissez le compte bancaire.' }).max(34, {
    message: 'L’IBAN a 34 caractères au plus.',
  }),
  date: isoDay,
});
export type BankReconciliationValidate = z.infer<typeof BankReconciliationValidateSchema>;

const account = z.object({ nom: z.string(), iban: z.string(), compte: z.string() });

/** A statement line no entry of the books matches (waiting, set aside, or its payment posted elsewhere). */
export const UnmatchedBankLineSchema = z.object({
  id: z.number().int(),
  dateComptable: z.string(),
  libelle: z.string(),
  /** Cents; negative for a debit. */
  montant: z.number().int(),
  etat: z.enum(['A_TRAITER', 'RAPPROCHEE', 'IGNOREE']),
});
export type UnmatchedBankLine = z.infer<typeof UnmatchedBankLineSchema>;

/** An entry on the account no statement line matches (a cheque deposit not yet on a statement). */
export const UnmatchedEntrySchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  date: z.string(),
  piece: z.string(),
  libelle: z.string(),
  /** Cents: debit minus credit on the account. */
  montant: z.number().int(),
});
export type UnmatchedEntry = z.infer<typeof UnmatchedEntrySchema>;

export const BankReconciliationLockSchema = z.object({
  date: z.string(),
  soldeReleve: z.number().int(),
  soldeComptable: z.number().int(),
  par: z.string(),
  le: z.string(),
});
export type BankReconciliationLock = z.infer<typeof BankReconciliationLockSchema>;

export const BankReconciliationSchema = z.object({
  comptes: z.array(account),
  /** The account reconciled; null when the Union has none. */
  compte: account.nullable(),
  date: z.string(),
  /** The first statement of the account: where the reconciliation starts. */
  premierReleve: z.object({ date: z.string(), soldeOuverture: z.number().int() }).nullable(),
  /** The day the last imported statement ends. */
  finReleves: z.string().nullable(),
  /** The bank's balance at the date; null before any statement. */
  soldeReleve: z.number().int().nullable(),
  lignesBanque: z.array(UnmatchedBankLineSchema),
  totalBanque: z.number().int(),
  ecritures: z.array(UnmatchedEntrySchema),
  totalEcritures: z.number().int(),
  /** The books' balance before the first statement minus its opening balance (no opening entry yet). */
  reprise: z.number().int(),
  soldeComptable: z.number().int(),
  /** What nothing explains: the book balance minus the statement's, once each unmatched line is counted. */
  ecart: z.number().int(),
  /** Lines of the period still waiting to be confirmed or set aside. */
  enAttente: z.number().int(),
  verrou: BankReconciliationLockSchema.nullable(),
  /** Whether « Valider le rapprochement » may be done at this date, else why not (in French). */
  validable: z.boolean(),
  raison: z.string().nullable(),
});
export type BankReconciliation = z.infer<typeof BankReconciliationSchema>;
