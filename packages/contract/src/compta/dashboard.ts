/**
 * The treasurer's dashboard (issue 33): each chart group is one call, its figures computed in SQL.
 * Amounts are integer cents; months are numbered 1–12 of a calendar accounting year (the books' years
 * start on 1 January) or written yyyy-mm.
 */
import { z } from 'zod';
import { wholeNumber } from '../ids';

/** The accounting year a dashboard shows (calendar year). */
export const DashboardYearQuerySchema = z.object({
  annee: wholeNumber(
    z
      .number({ message: 'L’exercice doit être une année (exemple : 2026).' })
      .int({ message: 'L’exercice doit être une année entière (exemple : 2026).' })
      .min(2000, { message: 'L’exercice doit être compris entre 2000 et 2100.' })
      .max(2100, { message: 'L’exercice doit être compris entre 2000 et 2100.' }),
  ).optional(),
});
export type DashboardYearQuery = z.infer<typeof DashboardYearQuerySchema>;

const cents = z.number().int();

/** What each lodge owes on its issued invoices, by days past the due date, at `date`. */
export const DashboardReceivablesSchema = z.object({
  date: z.string(),
  lignes: z.array(
    z.object({
      entite: z.object({ id: z.number().int(), nom: z.string() }),
      nonEchu: cents,
      j0a30: cents,
      j31a60: cents,
      j61a90: cents,
      plus90: cents,
      total: cents,
    }),
  ),
});
export type DashboardReceivables = z.infer<typeof DashboardReceivablesSchema>;

/** Invoiced (issued invoices by their date) and collected (payments received less counter-entries) per month. */
export const DashboardMonthsSchema = z.object({
  annee: z.number().int(),
  mois: z.array(
    z.object({
      mois: z.number().int().min(1).max(12),
      facture: cents,
      encaisse: cents,
      factureAvant: cents,
      encaisseAvant: cents,
    }),
  ),
});
export type DashboardMonths = z.infer<typeof DashboardMonthsSchema>;

/** The card holders' prepaid balances: the total of every card at the end of each of the last twelve months. */
export const DashboardCardsSchema = z.object({
  mois: z.array(z.object({ mois: z.string(), solde: cents, credits: cents, debits: cents })),
});
export type DashboardCards = z.infer<typeof DashboardCardsSchema>;

/** The next fee call not yet made, and the reminders due today by level. */
export const DashboardDueSchema = z.object({
  date: z.string(),
  appel: z
    .object({
      annee: z.number().int(),
      tranche: z.string(),
      libelle: z.string(),
      /** Lodges and associations already called for it, and how many may be. */
      appelees: z.number().int(),
      entites: z.number().int(),
    })
    .nullable(),
  relances: z.array(
    z.object({ niveau: z.number().int().min(1).max(3), factures: z.number().int(), montant: cents }),
  ),
});
export type DashboardDue = z.infer<typeof DashboardDueSchema>;
