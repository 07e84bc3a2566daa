/**
 * The Union's accounting (specification §3, §4, §6, §7; DECISIONS §4): orders that start as a quote or an
 * invoice draft, their lines, payments and reminders, the membership-fee calls in thirds. Amounts are
 * integer cents; dates yyyy-mm-dd (Paris); years are masonic years (September to August) named by their
 * first calendar year, like the planning's.
 */
import { z } from 'zod';
import { codeList } from './enums';
import { RecordIdParamSchema, RecordIdSchema, wholeNumber } from './ids';
import { HistoryEntrySchema } from './history';
import { PeriodQuerySchema } from './period';
import { IsoDateSchema } from './reservations';

export const OrderType = codeList({
  A: 'Appel de cotisation',
  L: 'Location de salle',
  S: 'Commande standard',
});
export type OrderType = z.infer<typeof OrderType.schema>;

/** Document state codes of the specification §3: a quote (D…) or an invoice (F…). */
export const OrderState = codeList({
  DC: 'Devis créé',
  DE: 'Devis envoyé',
  DR: 'Devis refusé',
  DA: 'Devis annulé',
  FC: 'Facture en préparation',
  FE: 'Facture émise',
  FP: 'Facture payée',
  FA: 'Facture annulée',
});
export type OrderState = z.infer<typeof OrderState.schema>;

export const PaymentMode = codeList({ C: 'Chèque', V: 'Virement' });
export type PaymentMode = z.infer<typeof PaymentMode.schema>;

/** A payment as recorded: the two the treasurer enters, and B, a lodge's online card payment (issue 20). */
export const RecordedPaymentMode = codeList({ C: 'Chèque', V: 'Virement', B: 'CB en ligne' });
export type RecordedPaymentMode = z.infer<typeof RecordedPaymentMode.schema>;

/** Membership-fee instalments: three thirds of the year's amount, then the adjustment. */
export const Instalment = codeList({ A: '1er tiers', B: '2e tiers', C: '3e tiers', D: 'Régularisation' });
export type Instalment = z.infer<typeof Instalment.schema>;

/** The second list of rights of the specification §6: the actions allowed on one order now. */
export const OrderAction = codeList({
  READ: 'Consulter',
  EDIT_DEVIS: 'Modifier le devis',
  SEND_DEVIS: 'Envoyer le devis par e-mail',
  DEVIS_SENT: 'Marquer le devis comme envoyé',
  DEVIS_REFUSED: 'Marquer le devis comme refusé',
  DEVIS_CANCELLED: 'Annuler le devis',
  TRANSFORM_DEVIS: 'Transformer en facture',
  EDIT_FACTURE: 'Modifier la facture',
  SEND_FACTURE: 'Émettre et envoyer la facture par e-mail',
  FACTURE_SENT: 'Émettre la facture sans e-mail',
  FACTURE_CANCELLED: 'Annuler la facture',
  FACTURE_PAID: 'Solder la facture',
  RELANCE_FACTURE: 'Envoyer une relance',
  EDIT_PAYMENT: 'Enregistrer un paiement',
  DOWNLOAD_DEVIS: 'Télécharger le devis',
  DOWNLOAD_FACTURE: 'Télécharger la facture',
  // Corrections (issue 20): a credit note, the counter-entry of a wrong payment, the entity's credit used.
  AVOIR_FACTURE: 'Établir un avoir',
  REVERSE_PAYMENT: 'Contre-passer un paiement',
  USE_CREDIT: 'Imputer le crédit de la loge',
});
export type OrderAction = z.infer<typeof OrderAction.schema>;

/** The actions PUT /api/compta/commande?action= takes (READ and the downloads are reads). */
export const OrderChangeAction = z.enum(
  [
    'EDIT_DEVIS',
    'SEND_DEVIS',
    'DEVIS_SENT',
    'DEVIS_REFUSED',
    'DEVIS_CANCELLED',
    'TRANSFORM_DEVIS',
    'EDIT_FACTURE',
    'SEND_FACTURE',
    'FACTURE_SENT',
    'FACTURE_CANCELLED',
    'FACTURE_PAID',
    'RELANCE_FACTURE',
    'EDIT_PAYMENT',
    'AVOIR_FACTURE',
    'REVERSE_PAYMENT',
    'USE_CREDIT',
  ],
  {
    message:
      'Action inconnue : choisissez une action proposée sur la fiche de la commande (modifier, envoyer, émettre, annuler, solder, relancer, enregistrer un paiement…).',
  },
);
export type OrderChangeAction = z.infer<typeof OrderChangeAction>;

const label = (max: number, what: string) =>
  z
    .string({ message: `Indiquez ${what}.` })
    .trim()
    .min(1, { message: `Indiquez ${what}.` })
    .max(max, { message: `${what[0]!.toUpperCase()}${what.slice(1)} est limité à ${max} caractères.` });

/** A year of accounts (masonic year, named by its first calendar year). */
export const AccountingYearSchema = wholeNumber(
  z
    .number({ message: "L'année doit être un nombre (exemple : 2026 pour 2026-2027)." })
    .int({ message: "L'année doit être un nombre entier (exemple : 2026)." })
    .min(2000, { message: "L'année doit être comprise entre 2000 et 2100." })
    .max(2100, { message: "L'année doit être comprise entre 2000 et 2100." }),
);

/** Cents, as integers: 1234 is 12,34 €. */
const cents = (what: string) =>
  z
    .number({ message: `${what} doit être un montant en centimes.` })
    .int({ message: `${what} doit être un nombre entier de centimes.` })
    .min(-100_000_000, { message: `${what} est hors des limites (1 000 000 €).` })
    .max(100_000_000, { message: `${what} est hors des limites (1 000 000 €).` });

export const OrderLineInputSchema = z.object({
  libelle: label(200, 'le libellé de la ligne'),
  /** Up to two decimals (2.5 hours of rental). */
  quantite: z
    .number({ message: 'La quantité doit être un nombre.' })
    .min(0.01, { message: 'La quantité doit être positive.' })
    .max(100_000, { message: 'La quantité est limitée à 100 000.' })
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-9, {
      message: 'La quantité a au plus deux décimales.',
    }),
  prixUnitaire: cents('Le prix unitaire'),
  /** The reservation billed by a rental line (preloaded), so it is not billed twice. */
  reservationId: RecordIdSchema.nullable().optional(),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/**
 * A line's amount in cents: quantity (two decimals at most) × unit price, rounded to the cent. The one
 * rule: the API stores it, the order form shows it while the line is typed.
 */
export function lineAmount(quantite: number, prixUnitaire: number): number {
  const hundredths = Math.round(quantite * 100);
  return Math.round((hundredths * prixUnitaire) / 100);
}

export const OrderLineSchema = OrderLineInputSchema.extend({ montant: z.number().int() });
export type OrderLine = z.infer<typeof OrderLineSchema>;

const lines = z
  .array(OrderLineInputSchema, { message: 'Les lignes doivent être une liste.' })
  .min(1, { message: 'Ajoutez au moins une ligne.' })
  .max(500, { message: 'Une commande compte au plus 500 lignes.' });

/** POST /api/compta/commande: a new quote (DC) or invoice draft (FC). */
export const OrderCreateSchema = z
  .object({
    type: OrderType.schema,
    idEntite: RecordIdSchema,
    annee: AccountingYearSchema,
    tranche: Instalment.schema.nullable().optional(),
    objet: label(200, "l'objet de la commande"),
    /** Start as a quote (devis) or directly as an invoice draft. */
    devis: z.boolean({ message: 'Précisez s’il s’agit d’un devis ou d’une facture.' }),
    lignes: lines,
  })
  .refine((o) => (o.type === 'A') === !!o.tranche, {
    message:
      'Un appel de cotisation a une tranche (1er, 2e, 3e tiers ou régularisation), les autres commandes non.',
    path: ['tranche'],
  });
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

/** Body of PUT /api/compta/commande?action=. */
export const OrderChangeSchema = z.object({
  id: RecordIdSchema,
  /** EDIT_DEVIS, EDIT_FACTURE. */
  objet: label(200, "l'objet de la commande").optional(),
  lignes: lines.optional(),
  /** EDIT_PAYMENT (and FACTURE_PAID for the remaining amount). */
  paiement: z
    .object({
      mode: PaymentMode.schema,
      date: IsoDateSchema,
      reference: z
        .string()
        .trim()
        .max(100, { message: 'La référence est limitée à 100 caractères.' })
        .nullable()
        .optional(),
      montant: cents('Le montant du paiement').refine((m) => m > 0, {
        message: 'Le montant du paiement doit être positif.',
      }),
    })
    .optional(),
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

export const ReminderSchema = z.object({
  niveau: z.number().int(),
  date: z.string(),
  auteur: z.string().nullable(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  type: OrderType.schema,
  etat: OrderState.schema,
  entite: z.object({ id: z.number().int(), code: z.string(), nom: z.string() }),
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

/** GET /api/compta/commande/preload?idEntite=&type=&annee=&tranche=. */
export const PreloadQuerySchema = z
  .object({
    idEntite: RecordIdParamSchema,
    type: OrderType.schema,
    annee: AccountingYearSchema,
    tranche: Instalment.schema.optional(),
  })
  .refine((q) => q.type !== 'A' || !!q.tranche, {
    message: 'Choisissez la tranche de l’appel de cotisation (1er, 2e, 3e tiers ou régularisation).',
    path: ['tranche'],
  });

export const PreloadSchema = z.object({
  objet: z.string(),
  lignes: z.array(OrderLineSchema),
  /** What the lines were computed from, in French (members counted, yearly amount…). */
  explication: z.string(),
});
export type Preload = z.infer<typeof PreloadSchema>;

/** POST /api/compta/cotisation/appel: one instalment for every active lodge and association at once. */
export const BulkCallSchema = z.object({ annee: AccountingYearSchema, tranche: Instalment.schema });
export const BulkCallReportSchema = z.object({
  crees: z.array(z.object({ id: z.number().int(), entite: z.string(), total: z.number().int() })),
  ignores: z.array(z.object({ entite: z.string(), raison: z.string() })),
});
export type BulkCallReport = z.infer<typeof BulkCallReportSchema>;

export const FeeTableQuerySchema = z.object({
  annee: AccountingYearSchema,
  tiers: RecordIdParamSchema.optional(),
});

/** One instalment of a lodge's fees: called and paid (cents), or null when not called. */
export const FeeCallSchema = z.object({ appele: z.number().int(), paye: z.number().int() }).nullable();
export type FeeCall = z.infer<typeof FeeCallSchema>;

/** One lodge's row of the fee table (on screen and in the Excel). */
export const FeeTableRowSchema = z.object({
  entite: z.object({ id: z.number().int(), nom: z.string() }),
  type: z.string(),
  membres: z.number().int(),
  tranches: z.object({ A: FeeCallSchema, B: FeeCallSchema, C: FeeCallSchema, D: FeeCallSchema }),
  appele: z.number().int(),
  paye: z.number().int(),
  reste: z.number().int(),
});
export type FeeTableRow = z.infer<typeof FeeTableRowSchema>;

/** GET /api/compta/cotisation?annee=&tiers=: the fee table of a year on screen (the Excel has the same rows). */
export const FeeTableSchema = z.object({
  annee: z.number().int(),
  lignes: z.array(FeeTableRowSchema),
});
export type FeeTable = z.infer<typeof FeeTableSchema>;

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

const paymentFields = {
  mode: PaymentMode.schema,
  date: IsoDateSchema,
  reference: z
    .string()
    .trim()
    .max(100, { message: 'La référence est limitée à 100 caractères.' })
    .nullable()
    .optional(),
};

/** POST /api/compta/paiement: one payment of an entity, allocated by the treasurer across its invoices. */
export const PaymentCreateSchema = z.object({
  idEntite: RecordIdSchema,
  ...paymentFields,
  montant: cents('Le montant du paiement').refine((m) => m > 0, {
    message: 'Le montant du paiement doit être positif.',
  }),
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
/** GET /api/compta/cotisation/emission?annee=&tranche= (issue 20): the drafts of a fee call, before issuing them. */
export const BulkIssueQuerySchema = BulkCallSchema;
export const BulkIssuePreviewSchema = z.object({
  annee: z.number().int(),
  tranche: Instalment.schema,
  /** Drafts that will be issued and e-mailed, in this order (their numbers follow it). */
  emises: z.array(
    z.object({ id: z.number().int(), entite: z.string(), total: z.number().int(), email: z.string() }),
  ),
  /** Drafts left as they are, and why (no billing e-mail, an amount that cannot be issued). */
  ignorees: z.array(
    z.object({ id: z.number().int(), entite: z.string(), total: z.number().int(), raison: z.string() }),
  ),
  /** Sum of `emises`, cents. */
  total: z.number().int(),
});
export type BulkIssuePreview = z.infer<typeof BulkIssuePreviewSchema>;

/** POST /api/compta/cotisation/emission: the drafts the preview showed, issued and e-mailed in one transaction. */
export const BulkIssueSchema = BulkCallSchema.extend({
  ids: z
    .array(RecordIdSchema, { message: 'La liste des factures à émettre est obligatoire.' })
    .min(1, { message: 'Aucune facture à émettre : rechargez l’aperçu.' })
    .max(2000, { message: 'Trop de factures en une fois (2 000 au plus).' }),
});
export type BulkIssue = z.infer<typeof BulkIssueSchema>;
export const BulkIssueReportSchema = z.object({
  emises: z.array(
    z.object({ id: z.number().int(), entite: z.string(), numero: z.string(), total: z.number().int() }),
  ),
});
export type BulkIssueReport = z.infer<typeof BulkIssueReportSchema>;

/** One overdue invoice on the « Relances » screen (issue 20), with the level it is due for. */
export const OverdueInvoiceSchema = z.object({
  id: z.number().int(),
  entite: z.object({ id: z.number().int(), nom: z.string() }),
  numeroFacture: z.string(),
  objet: z.string(),
  dateFacture: z.string(),
  dateEcheance: z.string(),
  total: z.number().int(),
  reste: z.number().int(),
  joursRetard: z.number().int(),
  /** The last level sent (0: none yet) and when. */
  niveauEnvoye: z.number().int(),
  derniereRelance: z.string().nullable(),
  /** The next level (1 to 3); null once the formal notice is sent (further ones from the invoice's page). */
  prochainNiveau: z.number().int().nullable(),
  /** The day the next level becomes due (settings' delays), today or earlier when due. */
  dueLe: z.string().nullable(),
  /** Whether it can be sent now; otherwise `raison` says why not. */
  aEnvoyer: z.boolean(),
  raison: z.string().nullable(),
  /** Every letter sent, each downloadable (`API.compta.reminderLetter`, `rang` from 1). */
  lettres: z.array(z.object({ rang: z.number().int(), niveau: z.number().int(), date: z.string() })),
});
export type OverdueInvoice = z.infer<typeof OverdueInvoiceSchema>;

export const OverdueListSchema = z.object({
  /** The delays the levels follow (settings), for the screen's explanation. */
  delais: z.object({
    niveau1: z.number().int(),
    niveau2: z.number().int(),
    niveau3: z.number().int(),
    ecart: z.number().int(),
    automatique: z.boolean(),
  }),
  lignes: z.array(OverdueInvoiceSchema),
});
export type OverdueList = z.infer<typeof OverdueListSchema>;

/** POST /api/compta/relances/apercu and /envoi: the invoices chosen on the screen. */
export const ReminderBatchSchema = z.object({
  ids: z
    .array(RecordIdSchema, { message: 'Choisissez les factures à relancer.' })
    .min(1, { message: 'Choisissez au moins une facture à relancer.' })
    .max(500, { message: 'Trop de factures en une fois (500 au plus).' }),
});
export type ReminderBatch = z.infer<typeof ReminderBatchSchema>;
export const ReminderBatchReportSchema = z.object({
  /** Preview: the letters that will go; sending: those that went. */
  envoyees: z.array(
    z.object({
      id: z.number().int(),
      entite: z.string(),
      numeroFacture: z.string(),
      niveau: z.number().int(),
      reste: z.number().int(),
    }),
  ),
  ignorees: z.array(
    z.object({ id: z.number().int(), entite: z.string(), numeroFacture: z.string(), raison: z.string() }),
  ),
});
export type ReminderBatchReport = z.infer<typeof ReminderBatchReportSchema>;

export const ReminderLetterParamsSchema = z.object({
  id: RecordIdParamSchema,
  rang: wholeNumber(
    z
      .number({ message: 'Le rang de la relance est un nombre.' })
      .int({ message: 'Le rang de la relance est un nombre entier.' })
      .min(1, { message: 'Le rang de la relance commence à 1.' })
      .max(1000, { message: 'Ce rang de relance n’existe pas.' }),
  ),
});
