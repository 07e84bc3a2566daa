/**
 * The dashboards of the people who run a lodge and of the administrators (issue 33 §1): one call each,
 * its figures computed in SQL. Amounts are integer cents; days are Paris days written yyyy-mm-dd.
 */
import { z } from 'zod';

const cents = z.number().int();
const count = z.number().int().min(0);

/** A session of the lodge ahead (its reservation), with its agapes' orders when a meal is tied to it. */
export const LodgeSessionAheadSchema = z.object({
  id: z.number().int(),
  jour: z.string(),
  /** Minutes since midnight. */
  debut: z.number().int(),
  fin: z.number().int(),
  libelle: z.string(),
  salle: z.string(),
  /** DC requested, CR confirmed, DS deletion requested. */
  etat: z.enum(['DC', 'CR', 'DS']),
  /** The meal that is this session's agapes (only while the session is confirmed), else null. */
  agapes: z
    .object({
      idRepas: z.number().int(),
      titre: z.string(),
      /** Meal orders, and the covers they hold (each order's person and guests). */
      commandes: count,
      couverts: count,
      places: count,
    })
    .nullable(),
});
export type LodgeSessionAhead = z.infer<typeof LodgeSessionAheadSchema>;

/** `GET /api/loge/{idEntite}/tableau-de-bord`: what an officer sees first of their lodge. */
export const LodgeDashboardSchema = z.object({
  entite: z.object({ id: z.number().int(), code: z.string(), nom: z.string() }),
  /** Today (Paris), the day the figures are read at. */
  date: z.string(),
  compte: z.object({
    /** What the lodge owes on its issued invoices, its credit, and their difference (the account's own). */
    du: cents,
    credit: cents,
    solde: cents,
    /** The invoice still to pay that falls due first (overdue when its date is past), or null. */
    prochaineEcheance: z
      .object({ date: z.string(), numeroFacture: z.string(), reste: cents, enRetard: z.boolean() })
      .nullable(),
  }),
  /** The lodge's own prepaid card (0 without one). */
  carteLoge: cents,
  /** The current members' cards: their balances in total, how many have one, how many members. */
  cartesMembres: z.object({ total: cents, porteurs: count, membres: count }),
  /** The next sessions from today (at most ten), with their agapes' counts. */
  seances: z.array(LodgeSessionAheadSchema),
});
export type LodgeDashboard = z.infer<typeof LodgeDashboardSchema>;

/** How many days of sign-ins and e-mails the administration's dashboard draws (today included). */
export const ADMIN_DASHBOARD_DAYS = 30;

/** `GET /api/admin/tableau-de-bord`: the administration's first screen. */
export const AdminDashboardSchema = z.object({
  date: z.string(),
  /** Sign-ins per Paris day over the last thirty days: successful and refused attempts. */
  connexions: z.array(z.object({ jour: z.string(), reussies: count, echouees: count })),
  /**
   * Active accounts with and without a second factor (an authenticator or a passkey): officers first
   * (a current membership with `gestion` or `carteLoge`), then the others.
   */
  secondFacteur: z.array(z.object({ groupe: z.enum(['officiers', 'autres']), avec: count, sans: count })),
  /** The outbox: e-mails failed for good, retrying, waiting; and per day, sent and failed. */
  envois: z.object({
    echecs: count,
    enReprise: count,
    enAttente: count,
    jours: z.array(z.object({ jour: z.string(), envoyes: count, echecs: count })),
  }),
  /** The last good backup: when it ended, its age in hours, and whether the last attempt failed. */
  sauvegarde: z.object({
    derniereReussie: z.string().nullable(),
    ageHeures: z.number().int().nullable(),
    enRetard: z.boolean(),
    derniereEchouee: z.boolean(),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
