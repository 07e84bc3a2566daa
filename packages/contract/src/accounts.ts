/**
 * A lodge's or association's account with the Union, as its officers read it in Gestion Loge (issue 20),
 * and the Union's own views of every account: aged receivables and the FEC export. Amounts in cents,
 * dates yyyy-mm-dd (Paris).
 */
import { z } from 'zod';
import { OrderFactsSchema, OrderState, PaymentNature, RecordedPaymentMode } from './compta';
import { RecordIdParamSchema, wholeNumber } from './ids';

/** The PDFs an officer may download for one document of the account. */
export const AccountDocumentKind = z.enum(['devis', 'facture', 'avoir', 'relance'], {
  message: 'Le document demandé est le devis, la facture, l’avoir ou la relance.',
});
export type AccountDocumentKind = z.infer<typeof AccountDocumentKind>;

/** One document of the account: an order's facts, with its quote and credit note dates and its PDFs. */
export const AccountDocumentSchema = OrderFactsSchema.extend({
  dateDevis: z.string().nullable(),
  dateAvoir: z.string().nullable(),
  /** What remains due (an issued invoice only; 0 otherwise). */
  reste: z.number().int(),
  enRetard: z.boolean(),
  /** The PDFs this document has now. */
  documents: z.array(AccountDocumentKind),
  /** Whether it can be paid online by card now (issued, something remains). */
  payable: z.boolean(),
});
export type AccountDocument = z.infer<typeof AccountDocumentSchema>;

export const AccountPaymentSchema = z.object({
  id: z.number().int(),
  /** The invoice whose page recorded it; null for a payment kept as credit or a refund. */
  idCommande: z.number().int().nullable(),
  numeroFacture: z.string().nullable(),
  /**
   * The numbers of the invoices it settled (a payment may settle several, each named), in order; empty
   * for a payment kept as credit, a counter-entry or a refund.
   */
  factures: z.array(z.string()),
  mode: RecordedPaymentMode.schema,
  /** E received, C counter-entry of a wrong one, R refund of the entity's credit. */
  nature: PaymentNature.schema,
  date: z.string(),
  reference: z.string().nullable(),
  /** Signed: a counter-entry or a refund is negative (it debits the account back). */
  montant: z.number().int(),
});
export type AccountPayment = z.infer<typeof AccountPaymentSchema>;

export const AccountReminderSchema = z.object({
  idCommande: z.number().int(),
  numeroFacture: z.string().nullable(),
  niveau: z.number().int(),
  date: z.string(),
});
export type AccountReminder = z.infer<typeof AccountReminderSchema>;

/** A credit note of the account (a part of an invoice or all of it), each with its own PDF. */
export const AccountCreditNoteSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  date: z.string(),
  /** The invoice it credits. */
  idCommande: z.number().int(),
  numeroFacture: z.string().nullable(),
  montant: z.number().int(),
  motif: z.string().nullable(),
});
export type AccountCreditNote = z.infer<typeof AccountCreditNoteSchema>;

/** GET /api/loge/{idEntite}/compte. */
export const LodgeAccountSchema = z.object({
  entite: z.object({ id: z.number().int(), code: z.string(), nom: z.string() }),
  /** What remains on its issued invoices (the treasurer's « dû »). */
  du: z.number().int(),
  /** The part of it past its due date. */
  echu: z.number().int(),
  /** The entity's credit: credit notes and payments not used on an invoice nor refunded. */
  credit: z.number().int(),
  /**
   * The account's balance, `du − credit`: positive, owed to the Union; negative, in the entity's favour.
   * The statement's closing balance on the same day.
   */
  solde: z.number().int(),
  avoirs: z.array(AccountCreditNoteSchema),
  /** Invoices, credit notes and quotes sent to the entity (drafts are the Union's own), newest first. */
  documents: z.array(AccountDocumentSchema),
  paiements: z.array(AccountPaymentSchema),
  relances: z.array(AccountReminderSchema),
});
export type LodgeAccount = z.infer<typeof LodgeAccountSchema>;

export const AccountParamsSchema = z.object({ idEntite: RecordIdParamSchema });
export const AccountOrderParamsSchema = z.object({
  idEntite: RecordIdParamSchema,
  id: RecordIdParamSchema,
});
export const AccountDocumentParamsSchema = AccountOrderParamsSchema.extend({ kind: AccountDocumentKind });
/** GET /api/loge/{idEntite}/compte/avoir/{id}: one credit note's PDF (`id` of the credit note). */
export const AccountCreditNoteParamsSchema = AccountOrderParamsSchema;
/** `niveau` picks one reminder letter (1 to 3); without it, the last one. */
export const AccountDocumentQuerySchema = z.object({
  niveau: wholeNumber(
    z
      .number({ message: 'Le niveau de relance est 1, 2 ou 3.' })
      .int({ message: 'Le niveau de relance est 1, 2 ou 3.' })
      .min(1, { message: 'Le niveau de relance est 1, 2 ou 3.' })
      .max(3, { message: 'Le niveau de relance est 1, 2 ou 3.' }),
  ).optional(),
});

export const StatementParamsSchema = z.object({
  idEntite: RecordIdParamSchema,
  format: z.enum(['pdf', 'xlsx'], { message: 'Le relevé est un PDF (pdf) ou un classeur Excel (xlsx).' }),
});

/** One line of a statement, of the FEC's source: an invoice, a credit note or a payment. */
export const StatementLineSchema = z.object({
  date: z.string(),
  piece: z.string(),
  libelle: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  solde: z.number().int(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** Aged receivables: what remains due on issued invoices, by days past their due date. */
export const AgedBuckets = z.object({
  nonEchu: z.number().int(),
  j0a30: z.number().int(),
  j31a60: z.number().int(),
  j61a90: z.number().int(),
  plus90: z.number().int(),
  total: z.number().int(),
});
export type AgedBuckets = z.infer<typeof AgedBuckets>;

export const AgedReceivablesSchema = z.object({
  /** The day the ages are counted at (today, Paris). */
  date: z.string(),
  lignes: z.array(
    AgedBuckets.extend({
      entite: z.object({ id: z.number().int(), code: z.string(), nom: z.string() }),
      factures: z.number().int(),
    }),
  ),
  totaux: AgedBuckets,
});
export type AgedReceivables = z.infer<typeof AgedReceivablesSchema>;

export const AGED_BUCKET_LABELS: Record<keyof Omit<AgedBuckets, 'total'>, string> = {
  nonEchu: 'Non échu',
  j0a30: '0 à 30 jours',
  j31a60: '31 à 60 jours',
  j61a90: '61 à 90 jours',
  plus90: 'Plus de 90 jours',
};

/** An online card payment « à régulariser »: paid at the bank when its invoice no longer owed it. */
export const UnappliedOnlinePaymentSchema = z.object({
  id: z.number().int(),
  entite: z.object({ id: z.number().int(), nom: z.string() }),
  idCommande: z.number().int(),
  numeroFacture: z.string().nullable(),
  etatFacture: OrderState.schema,
  /** The day of the bank's notification. */
  date: z.string(),
  /** The provider's transaction, as the bank's back office shows it. */
  transaction: z.string(),
  montant: z.number().int(),
});
export type UnappliedOnlinePayment = z.infer<typeof UnappliedOnlinePaymentSchema>;
export const UnappliedOnlinePaymentListSchema = z.array(UnappliedOnlinePaymentSchema);

/**
 * POST /api/compta/paiement-cb/{id}/regularisation: CREDIT records it as a payment kept as the entity's
 * credit (to allocate or refund from its account); REFUNDED says it was refunded to the card from the
 * provider's back office (nothing enters the accounts).
 */
export const OnlineSettlementSchema = z.object({
  action: z.enum(['CREDIT', 'REFUNDED'], {
    message: 'Choisissez : porter au crédit de la loge, ou remboursé sur la carte.',
  }),
});
export type OnlineSettlement = z.infer<typeof OnlineSettlementSchema>;
