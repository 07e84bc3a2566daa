/**
 * Orders (specification §3, §7): a quote or an invoice draft created, changed by its actions, and as the
 * lists, searches and its page show it.
 */
import { z } from 'zod';
import { codeList } from '../enums';
import { Instalment, OrderAction, OrderChangeAction, OrderState, OrderType } from './codes';
import { AccountingYearSchema, OrderLineInputSchema, OrderLineSchema } from './lines';
import { cents, label } from './fields';
import { RecordIdSchema } from '../ids';
import { HistoryEntrySchema } from '../history';
import { IsoDateSchema } from '../reservations';
import { paymentAmount, paymentFields, PaymentSchema } from './payments';
import { ReminderSchema } from './reminders';

const lines = z
  .array(OrderLineInputSchema, { message: 'Les lignes doivent être une liste.' })
  .min(1, { message: 'Ajoutez au moins une ligne.' })
  .max(500, { message: 'Une pièce compte au plus 500 lignes.' });

/** POST /api/compta/commande: a new quote (DC) or invoice draft (FC). */
export const OrderCreateSchema = z
  .object({
    type: OrderType.schema,
    idEntite: RecordIdSchema,
    annee: AccountingYearSchema,
    tranche: Instalment.schema.nullable().optional(),
    objet: label(200, "l'objet de la pièce"),
    /** Start as a quote (devis) or directly as an invoice draft. */
    devis: z.boolean({ message: 'Précisez s’il s’agit d’un devis ou d’une facture.' }),
    lignes: lines,
  })
  .refine((o) => (o.type === 'A') === !!o.tranche, {
    message:
      'Un appel de cotisation a une tranche (1er, 2e, 3e tiers ou régularisation), les autres pièces non.',
    path: ['tranche'],
  });
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

/** Body of PUT /api/compta/commande?action=. */
export const OrderChangeSchema = z.object({
  id: RecordIdSchema,
  /** EDIT_DEVIS, EDIT_FACTURE. */
  objet: label(200, "l'objet de la pièce").optional(),
  lignes: lines.optional(),
  /** EDIT_PAYMENT (and FACTURE_PAID for the remaining amount). */
  paiement: z.object({ ...paymentFields, montant: paymentAmount }).optional(),
  /** FACTURE_CANCELLED, DEVIS_REFUSED, AVOIR_FACTURE, REVERSE_PAYMENT (required there): why. */
  motif: z.string().trim().max(500, { message: 'Le motif est limité à 500 caractères.' }).optional(),
  /** AVOIR_FACTURE: the invoice's lines credited (their positions, from 0) or an amount, not both. */
  avoir: z
    .object({
      lignes: z
        .array(z.number().int().min(0).max(499), { message: 'Les lignes de l’avoir sont une liste.' })
        .min(1, { message: 'Choisissez au moins une ligne à créditer.' })
        .max(500)
        .optional(),
      montant: cents('Le montant de l’avoir')
        .refine((m) => m > 0, { message: 'Le montant de l’avoir doit être positif.' })
        .optional(),
    })
    .refine((a) => (a.lignes === undefined) !== (a.montant === undefined), {
      message: 'Un avoir crédite soit des lignes de la facture, soit un montant.',
    })
    .optional(),
  /** REVERSE_PAYMENT: the payment reversed. */
  paiementId: RecordIdSchema.optional(),
  /** USE_CREDIT: how much of the entity's credit (all that the invoice needs when absent). */
  montant: cents('Le montant imputé')
    .refine((m) => m > 0, { message: 'Le montant imputé doit être positif.' })
    .optional(),
});
export type OrderChange = z.infer<typeof OrderChangeSchema>;

export const OrderChangeQuerySchema = z.object({ action: OrderChangeAction });

/** A credit note of an invoice (its own AV number). */
export const CreditNoteSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  date: z.string(),
  montant: z.number().int(),
  motif: z.string().nullable(),
  lignes: z.array(z.object({ libelle: z.string(), montant: z.number().int() })),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** What every list of orders shows of one: its kind, state, year, numbers, dates and amounts (the
 * treasurer's lists and an entity's account). */
export const OrderFactsSchema = z.object({
  id: z.number().int(),
  type: OrderType.schema,
  etat: OrderState.schema,
  annee: z.number().int(),
  tranche: Instalment.schema.nullable(),
  objet: z.string(),
  numeroDevis: z.string().nullable(),
  numeroFacture: z.string().nullable(),
  numeroAvoir: z.string().nullable(),
  dateFacture: z.string().nullable(),
  dateEcheance: z.string().nullable(),
  total: z.number().int(),
  paye: z.number().int(),
});

export const OrderSummarySchema = OrderFactsSchema.extend({
  entite: z.object({ id: z.number().int(), code: z.string(), nom: z.string() }),
  /** What its credit notes credit. */
  credite: z.number().int(),
  /** What remains due: nothing on a quote, a draft or a cancelled invoice. */
  du: z.number().int(),
  /** Issued, unpaid and past its due date. */
  enRetard: z.boolean(),
  niveauRelance: z.number().int(),
  creeLe: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  lignes: z.array(OrderLineSchema),
  paiements: z.array(PaymentSchema),
  relances: z.array(ReminderSchema),
  dateDevis: z.string().nullable(),
  dateAvoir: z.string().nullable(),
  motifAnnulation: z.string().nullable(),
  historique: z.array(HistoryEntrySchema),
  /** What the caller may do now: the screen shows exactly these buttons. */
  actions: z.array(OrderAction.schema),
  avoirs: z.array(CreditNoteSchema),
  /** What remains creditable (its total less its credit notes). */
  creditable: z.number().int(),
  /** The entity's credit (credit notes and payments not allocated), usable on this invoice or refunded. */
  creditEntite: z.number().int(),
  /** Actions the state allows but not now, and why (the screen says it instead of a button). */
  indisponibles: z.array(z.object({ action: OrderAction.schema, raison: z.string() })),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderSortField = codeList({
  creeLe: 'Création',
  dateFacture: 'Date de facture',
  dateEcheance: 'Échéance',
  entite: 'Loge ou association',
  total: 'Montant',
});

/** POST /api/compta/commande/search (and /excel): every criterion optional; pages start at 1. */
export const OrderSearchSchema = z.object({
  type: OrderType.schema.optional(),
  etat: OrderState.schema.optional(),
  idEntite: RecordIdSchema.optional(),
  annee: AccountingYearSchema.optional(),
  tranche: Instalment.schema.optional(),
  du: IsoDateSchema.optional(),
  au: IsoDateSchema.optional(),
  enRetard: z.boolean().optional(),
  tri: OrderSortField.schema.default('creeLe'),
  sens: z
    .enum(['asc', 'desc'], { message: 'Le sens du tri est croissant (asc) ou décroissant (desc).' })
    .default('desc'),
  page: z.number().int().min(1).max(100_000).default(1),
  taille: z.number().int().min(1).max(200).default(50),
});
export type OrderSearch = z.input<typeof OrderSearchSchema>;
/** A search as the server reads it, defaults applied. */
export type OrderSearchCriteria = z.output<typeof OrderSearchSchema>;

export const OrderSearchResultSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  taille: z.number().int(),
  /** Sums over every matching order, not only this page. */
  montantTotal: z.number().int(),
  montantDu: z.number().int(),
  lignes: z.array(OrderSummarySchema),
});
export type OrderSearchResult = z.infer<typeof OrderSearchResultSchema>;
