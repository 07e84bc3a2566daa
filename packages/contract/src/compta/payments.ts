/**
 * The money of an entity (DECISIONS §4, issue 20): payments as an invoice shows them, its account, a payment
 * allocated across its invoices, a refund of its credit, the deposit of the cheques received.
 */
import { z } from 'zod';
import { codeList } from '../enums';
import { PaymentMode, RecordedPaymentMode } from './codes';
import { cents } from './fields';
import { RecordIdSchema } from '../ids';
import { PeriodQuerySchema } from '../period';
import { IsoDateSchema } from '../reservations';

/** What a movement of money is: received, the counter-entry of a wrong one, a refund of a credit. */
export const PaymentNature = codeList({ E: 'Paiement', C: 'Contre-passation', R: 'Remboursement' });
export type PaymentNature = z.infer<typeof PaymentNature.schema>;

/** A payment as an invoice shows it: `montant` is what it settles of this invoice (negative: a counter-entry). */
export const PaymentSchema = z.object({
  id: z.number().int(),
  mode: RecordedPaymentMode.schema,
  date: z.string(),
  reference: z.string().nullable(),
  montant: z.number().int(),
  nature: PaymentNature.schema,
  /** The whole payment (it may settle several invoices). */
  montantTotal: z.number().int(),
  /** A received payment already reversed by a counter-entry. */
  contrePasse: z.boolean(),
  motif: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** An open invoice of an entity, as the allocation of a payment lists it. */
export const OpenInvoiceSchema = z.object({
  id: z.number().int(),
  numeroFacture: z.string(),
  objet: z.string(),
  dateFacture: z.string(),
  dateEcheance: z.string().nullable(),
  total: z.number().int(),
  du: z.number().int(),
});
export type OpenInvoice = z.infer<typeof OpenInvoiceSchema>;

/** GET /api/compta/entite/:id/compte: what an entity owes (its open invoices) and its credit. */
export const EntityAccountSchema = z.object({
  entite: z.object({ id: z.number().int(), nom: z.string() }),
  /** The sum of what its issued invoices leave due. */
  du: z.number().int(),
  /** Its credit: credit notes and payments not allocated, less what was refunded. */
  credit: z.number().int(),
  factures: z.array(OpenInvoiceSchema),
});
export type EntityAccount = z.infer<typeof EntityAccountSchema>;

/** A payment's mode, day and reference: the same fields whether it is recorded, refunded or corrected on an order. */
export const paymentFields = {
  mode: PaymentMode.schema,
  date: IsoDateSchema,
  reference: z
    .string()
    .trim()
    .max(100, { message: 'La référence est limitée à 100 caractères.' })
    .nullable()
    .optional(),
};

/** What a payment brings in: positive cents. */
export const paymentAmount = cents('Le montant du paiement').refine((m) => m > 0, {
  message: 'Le montant du paiement doit être positif.',
});

/** POST /api/compta/paiement: one payment of an entity, allocated by the treasurer across its invoices. */
export const PaymentCreateSchema = z.object({
  idEntite: RecordIdSchema,
  ...paymentFields,
  montant: paymentAmount,
  affectations: z
    .array(
      z.object({
        idCommande: RecordIdSchema,
        montant: cents('Le montant affecté').refine((m) => m > 0, {
          message: 'Le montant affecté à une facture doit être positif.',
        }),
      }),
      { message: 'Les affectations sont une liste.' },
    )
    .max(200, { message: 'Un paiement est affecté à 200 factures au plus.' })
    .refine((a) => new Set(a.map((x) => x.idCommande)).size === a.length, {
      message: 'Une facture ne figure qu’une fois dans les affectations.',
    }),
});
export type PaymentCreate = z.infer<typeof PaymentCreateSchema>;

/** POST /api/compta/entite/:id/remboursement: the entity's credit paid back to it. */
export const RefundCreateSchema = z.object({
  ...paymentFields,
  montant: cents('Le montant du remboursement').refine((m) => m > 0, {
    message: 'Le montant du remboursement doit être positif.',
  }),
  motif: z.string().trim().max(500, { message: 'Le motif est limité à 500 caractères.' }).optional(),
});
export type RefundCreate = z.infer<typeof RefundCreateSchema>;

/** GET /api/compta/remise-cheques?du=&au=: the deposit slip of the cheques received in a period. */
export const DepositSlipQuerySchema = PeriodQuerySchema;
/** POST /api/compta/remises-cheques: the cheques received in the period and not yet deposited. */
export const DepositCreateSchema = PeriodQuerySchema;
/** A recorded deposit: each cheque once, the entry that clears 5112 into 512. */
export const ChequeDepositSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  du: z.string(),
  au: z.string(),
  total: z.number().int(),
  /** EcritureNum of the entry 5112 → 512. */
  ecriture: z.string(),
  cheques: z.array(
    z.object({
      date: z.string(),
      /** Who paid: the lodge, or the card's holder for a cheque at the desk. */
      tireur: z.string(),
      reference: z.string(),
      montant: z.number().int(),
    }),
  ),
});
export type ChequeDeposit = z.infer<typeof ChequeDepositSchema>;
