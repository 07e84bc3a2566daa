/**
 * The Union's accounting (specification §3, §4, §6, §7; DECISIONS §4): orders that start as a quote or an
 * invoice draft, their lines, payments and reminders, the membership-fee calls in thirds. Amounts are
 * integer cents; dates yyyy-mm-dd (Paris); years are masonic years (September to August) named by their
 * first calendar year, like the planning's.
 */
import { z } from 'zod';
import { codeList } from './enums';
import { RecordIdParamSchema, RecordIdSchema } from './ids';
import { HistoryEntrySchema } from './history';
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
export const AccountingYearSchema = z.coerce
  .number({ message: "L'année doit être un nombre (exemple : 2026 pour 2026-2027)." })
  .int({ message: "L'année doit être un nombre entier (exemple : 2026)." })
  .min(2000, { message: "L'année doit être comprise entre 2000 et 2100." })
  .max(2100, { message: "L'année doit être comprise entre 2000 et 2100." });

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
  /** FACTURE_CANCELLED, DEVIS_REFUSED: why. */
  motif: z.string().trim().max(500, { message: 'Le motif est limité à 500 caractères.' }).optional(),
});
export type OrderChange = z.infer<typeof OrderChangeSchema>;

export const OrderChangeQuerySchema = z.object({ action: OrderChangeAction });

export const PaymentSchema = z.object({
  id: z.number().int(),
  mode: RecordedPaymentMode.schema,
  date: z.string(),
  reference: z.string().nullable(),
  montant: z.number().int(),
});
export type Payment = z.infer<typeof PaymentSchema>;

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
