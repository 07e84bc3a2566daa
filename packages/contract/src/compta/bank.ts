/**
 * The Union's bank (issue 34): the statements imported from the bank (CAMT.053, OFX or CSV), each line of them once,
 * and what each credit line is proposed to pay (an exact match by the invoice's number, or a suggestion
 * by the amount and the lodge's name or IBAN).
 */
import { z } from 'zod';
import { RecordIdSchema } from '../ids';
import { BookAccountSchema } from '../settings';
import { cents, label } from './fields';
import { SepaLineProposalSchema } from './sepa';

/** The largest statement file accepted. */
export const BANK_STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What a line is: waiting, recorded as a payment, left aside with a note, or given an account of the
 * chart (an expense, a card provider's settlement).
 */
export const BankLineStateSchema = z.enum(['A_TRAITER', 'RAPPROCHEE', 'IGNOREE', 'IMPUTEE']);
export type BankLineState = z.infer<typeof BankLineStateSchema>;

const allocation = z.object({
  idCommande: RecordIdSchema,
  montant: cents('Le montant affecté').refine((m) => m > 0, {
    message: 'Le montant affecté à une facture doit être positif.',
  }),
});

/** What a credit line is proposed to pay: `exacte` when its text names the invoices it pays in full. */
export const BankProposalSchema = z.object({
  nature: z.enum(['exacte', 'suggestion']),
  idEntite: z.number().int(),
  entite: z.string(),
  factures: z.array(
    z.object({ idCommande: z.number().int(), numeroFacture: z.string(), montant: z.number().int() }),
  ),
  /** Why it is proposed, in French. */
  raison: z.string(),
});
export type BankProposal = z.infer<typeof BankProposalSchema>;

/**
 * A card provider's settlement (Systempay's daily transfer, net of its fees): the online card payments
 * it is proposed to settle, their gross total and the fees (gross less the line).
 */
export const CardSettlementSchema = z.object({
  brut: z.number().int(),
  frais: z.number().int(),
  paiements: z.array(
    z.object({
      idEcriture: z.number().int(),
      date: z.string(),
      piece: z.string(),
      libelle: z.string(),
      montant: z.number().int(),
    }),
  ),
});
export type CardSettlement = z.infer<typeof CardSettlementSchema>;

export const BankLineSchema = z.object({
  id: z.number().int(),
  dateComptable: z.string(),
  dateValeur: z.string().nullable(),
  /** Cents; negative for a debit. */
  montant: z.number().int(),
  reference: z.string().nullable(),
  contrepartie: z.string().nullable(),
  ibanContrepartie: z.string().nullable(),
  libelle: z.string(),
  etat: BankLineStateSchema,
  /** The payment it recorded, once confirmed. */
  idPaiement: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The account it was given (IMPUTEE): « 6061 », the card clearing account of a settlement. */
  compte: z.string().nullable(),
  proposition: BankProposalSchema.nullable(),
  /** A card provider's transfer: the card payments it settles (then `proposition` is null). */
  reglementCarte: CardSettlementSchema.nullable(),
  /** A direct debit returned (R-transaction): the bank's reason code, in French, and the debit's end-to-end id. */
  retour: z.object({ code: z.string(), motif: z.string(), endToEndId: z.string().nullable() }).nullable(),
  /** A SEPA batch it collects or one of whose debits it returns: proposed while waiting, recorded once done. */
  prelevement: SepaLineProposalSchema.nullable(),
});
export type BankLine = z.infer<typeof BankLineSchema>;

export const BankStatementSummarySchema = z.object({
  id: z.number().int(),
  iban: z.string(),
  compte: z.string(),
  nomCompte: z.string(),
  identifiant: z.string(),
  du: z.string().nullable(),
  au: z.string().nullable(),
  soldeOuverture: z.number().int().nullable(),
  soldeCloture: z.number().int().nullable(),
  /** Opening balance less the previous statement's closing one (0: they agree; null: no previous). */
  ecart: z.number().int().nullable(),
  importePar: z.string(),
  importeLe: z.string(),
});
export type BankStatementSummary = z.infer<typeof BankStatementSummarySchema>;
export const BankStatementListSchema = z.array(BankStatementSummarySchema);

export const BankStatementSchema = BankStatementSummarySchema.extend({ lignes: z.array(BankLineSchema) });
export type BankStatement = z.infer<typeof BankStatementSchema>;

/** How many rows a CSV statement has at most (as many as the entries of a CAMT or OFX one). */
export const BANK_CSV_MAX_ROWS = 20_000;

const column = (what: string) =>
  z
    .string({ message: `Choisissez la colonne ${what}.` })
    .trim()
    .min(1, { message: `Choisissez la colonne ${what}.` })
    .max(200, { message: 'Un titre de colonne est limité à 200 caractères.' });

/**
 * The columns of a bank account's CSV statements, by their titles in the file's header: the date, the
 * label, and either one signed amount or a debit and a credit column; the bank's reference if any.
 * Chosen at the account's first CSV import, remembered for the next ones (migration 0052).
 */
export const BankCsvColumnsSchema = z
  .object({
    date: column('de la date'),
    libelle: column('du libellé'),
    montant: column('du montant').nullable().default(null),
    debit: column('du débit').nullable().default(null),
    credit: column('du crédit').nullable().default(null),
    reference: column('de la référence').nullable().default(null),
  })
  .refine((c) => (c.montant !== null) !== (c.debit !== null && c.credit !== null), {
    message: 'Choisissez soit une colonne de montant, soit une colonne de débit et une de crédit.',
  })
  .refine((c) => c.montant !== null || (c.debit !== null) === (c.credit !== null), {
    message: 'Choisissez la colonne du débit et celle du crédit.',
  });
export type BankCsvColumns = z.infer<typeof BankCsvColumnsSchema>;

/**
 * The answer to a CSV statement whose columns are not known yet (the account's first, or no account
 * chosen): nothing is imported; the screen asks for them, showing the file's first rows, and sends the
 * file again with the account (`compte`) and the columns (`colonnes`, JSON).
 */
export const BankCsvQuestionSchema = z.object({
  /** The account the file was sent for, when known (the only one of the Union, or the one chosen). */
  compte: z.string().nullable(),
  /** The Union's accounts to choose from. */
  comptes: z.array(z.object({ iban: z.string(), nom: z.string() })),
  entetes: z.array(z.string()),
  /** The file's first data rows, cell by cell. */
  apercu: z.array(z.array(z.string())),
  /** The columns remembered for the account, else guessed from the titles. */
  colonnes: z
    .object({
      date: z.string().nullable(),
      libelle: z.string().nullable(),
      montant: z.string().nullable(),
      debit: z.string().nullable(),
      credit: z.string().nullable(),
      reference: z.string().nullable(),
    })
    .nullable(),
});
export type BankCsvQuestion = z.infer<typeof BankCsvQuestionSchema>;

/** POST /api/compta/banque/releves: what the file brought. */
export const BankImportReportSchema = z.object({
  /** The format read: CAMT.053, OFX or CSV. */
  format: z.enum(['camt053', 'ofx', 'csv']),
  /** A CSV statement whose columns are to be chosen first (then nothing was imported). */
  csv: BankCsvQuestionSchema.nullable(),
  releves: z.array(
    BankStatementSummarySchema.extend({
      lignes: z.number().int(),
      nouvelles: z.number().int(),
    }),
  ),
  /** Lines added in all (the others were already imported). */
  nouvelles: z.number().int(),
  /** A gap between a statement's opening balance and the previous one's closing, in French. */
  alertes: z.array(z.string()),
});
export type BankImportReport = z.infer<typeof BankImportReportSchema>;

/** POST /api/compta/banque/lignes/:id/confirmation: the entity and the invoices the line pays. */
export const BankConfirmSchema = z.object({
  idEntite: RecordIdSchema,
  affectations: z
    .array(allocation, { message: 'Les affectations sont une liste.' })
    .max(200, { message: 'Une ligne est affectée à 200 factures au plus.' })
    .refine((a) => new Set(a.map((x) => x.idCommande)).size === a.length, {
      message: 'Une facture ne figure qu’une fois dans les affectations.',
    }),
});
export type BankConfirm = z.infer<typeof BankConfirmSchema>;

/** POST /api/compta/banque/lignes/:id/ignorer. */
export const BankIgnoreSchema = z.object({
  note: z
    .string({ message: 'Indiquez pourquoi la ligne reste sans correspondance.' })
    .trim()
    .min(1, { message: 'Indiquez pourquoi la ligne reste sans correspondance (un don, un remboursement…).' })
    .max(500, { message: 'La note est limitée à 500 caractères.' }),
});
export type BankIgnore = z.infer<typeof BankIgnoreSchema>;

/** POST /api/compta/banque/releves/:id/confirmation: how many lines were confirmed. */
export const BankConfirmExactReportSchema = z.object({
  confirmees: z.number().int(),
  /** Exact matches that could not be recorded (an invoice paid meanwhile), with their reason. */
  refusees: z.array(z.object({ idLigne: z.number().int(), raison: z.string() })),
});
export type BankConfirmExactReport = z.infer<typeof BankConfirmExactReportSchema>;

/** POST /api/compta/banque/lignes/:id/imputation: the account of the chart the line goes to, and why. */
export const BankImputeSchema = z.object({
  compte: BookAccountSchema,
  libelle: label(200, 'le libellé de l’écriture'),
});
export type BankImpute = z.infer<typeof BankImputeSchema>;

/** POST /api/compta/banque/lignes/:id/reglement-carte: the card payments' entries the transfer settles. */
export const BankCardSettleSchema = z.object({
  ecritures: z
    .array(RecordIdSchema, { message: 'Les paiements par carte réglés sont une liste.' })
    .min(1, { message: 'Choisissez les paiements par carte que ce virement règle.' })
    .max(2000, { message: 'Un virement règle 2 000 paiements par carte au plus.' })
    .refine((ids) => new Set(ids).size === ids.length, {
      message: 'Un paiement par carte ne figure qu’une fois.',
    }),
});
export type BankCardSettle = z.infer<typeof BankCardSettleSchema>;
