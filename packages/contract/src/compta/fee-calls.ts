/**
 * The membership-fee calls in thirds (specification §7): the preload of a new order, the bulk call, the fee
 * table of a year, the issue of a call's drafts.
 */
import { z } from 'zod';
import { Instalment, OrderType } from './codes';
import { AccountingYearSchema, OrderLineSchema } from './lines';
import { RecordIdParamSchema, RecordIdSchema } from '../ids';

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
