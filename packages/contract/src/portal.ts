/**
 * The portal (issue 33): what concerns the signed-in user now, each part filtered by their rights exactly
 * as its own screen is, and each line with the address of its action (`lien`, a screen of the web app).
 */
import { z } from 'zod';
import { DocumentType } from './documents';
import { MealType } from './restaurant';

/** A confirmed session of one of the caller's lodges, from today on. */
export const PortalSessionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  /** "19:30". */
  debut: z.string(),
  fin: z.string(),
  libelle: z.string(),
  entite: z.string(),
  salle: z.string(),
  lien: z.string(),
});
export type PortalSession = z.infer<typeof PortalSessionSchema>;

/** A meal ahead the caller may order (until its deadline) or has ordered. */
export const PortalMealSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: MealType.schema,
  titre: z.string(),
  /** "2026-03-03T11:00", Paris time. */
  limite: z.string(),
  /** Open, before the deadline and with seats left: « Commander ». */
  commandable: z.boolean(),
  /** The caller has an order on it. */
  commande: z.boolean(),
  lien: z.string(),
});
export type PortalMeal = z.infer<typeof PortalMealSchema>;

/** A document published since the caller's last visit, among those they may read. */
export const PortalDocumentSchema = z.object({
  id: z.number().int(),
  titre: z.string(),
  type: DocumentType.schema,
  entite: z.string(),
  date: z.string(),
  lien: z.string(),
});
export type PortalDocument = z.infer<typeof PortalDocumentSchema>;

/**
 * What waits for an officer: DEMANDES (reservation requests to decide, Union staff), FACTURES (a lodge's
 * invoices with something left to pay, its officers), MEMBRES (members of a managed lodge who have not
 * chosen their password yet, its managers).
 */
export const PortalTaskKind = z.enum(['DEMANDES', 'FACTURES', 'MEMBRES']);
export type PortalTaskKind = z.infer<typeof PortalTaskKind>;

export const PortalTaskSchema = z.object({
  nature: PortalTaskKind,
  nombre: z.number().int(),
  /** FACTURES: what is left to pay, in cents; null otherwise. */
  montant: z.number().int().nullable(),
  /** The lodge concerned (FACTURES, MEMBRES); null for the Union's requests. */
  entite: z.string().nullable(),
  lien: z.string(),
});
export type PortalTask = z.infer<typeof PortalTaskSchema>;

/** GET /api/portail. A part the caller has no right to is empty (or null for the card). */
export const PortalSummarySchema = z.object({
  seances: z.array(PortalSessionSchema),
  repas: z.array(PortalMealSchema),
  /** The caller's card (PAYMENT): its balance in cents. */
  carte: z.object({ solde: z.number().int(), lien: z.string() }).nullable(),
  documents: z.object({
    /** The end of the previous visit (ISO instant), or null on a first visit (then the last 30 days count). */
    depuis: z.string().nullable(),
    /** How many in all; `nouveaux` holds the newest few. */
    total: z.number().int(),
    nouveaux: z.array(PortalDocumentSchema),
    lien: z.string(),
  }),
  aTraiter: z.array(PortalTaskSchema),
});
export type PortalSummary = z.infer<typeof PortalSummarySchema>;
