/** The reminders of overdue invoices (issue 20): as an invoice shows them, the « Relances » screen, its batches. */
import { z } from 'zod';
import { RecordIdParamSchema, RecordIdSchema, wholeNumber } from '../ids';

export const ReminderSchema = z.object({
  niveau: z.number().int(),
  date: z.string(),
  auteur: z.string().nullable(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

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
