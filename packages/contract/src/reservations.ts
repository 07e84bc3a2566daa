/**
 * Room reservations, closed days (fermetures) and the annual planning (specification §3, §7; DECISIONS §3).
 * Times travel as "HH:MM" on the half-hour; dates as yyyy-mm-dd (Europe/Paris).
 */
import { z } from 'zod';
import { IMPLAUSIBLE_YEAR_MESSAGE, RecordIdSchema, isPlausibleYear, isRealDay } from './ids';
import { codeList } from './enums';
import { HistoryEntrySchema } from './history';

export const ReservationState = codeList({
  DC: 'Création demandée',
  CR: 'Confirmée',
  DS: 'Suppression demandée',
  SU: 'Supprimée',
});
export type ReservationState = z.infer<typeof ReservationState.schema>;

/** The states that hold a room: two of them never overlap in the same room. */
export const ACTIVE_RESERVATION_STATES = ['DC', 'CR', 'DS'] as const satisfies readonly ReservationState[];

export const ReservationType = codeList({
  TC: 'Tenue classique',
  TBO: 'Tenue blanche ouverte',
  TBF: 'Tenue blanche fermée',
  TF: 'Tenue funèbre',
  CO: 'Collège des officiers',
  CM: 'Collège des maîtres',
  REP: 'Répétition',
  ELE: 'Élévation',
  INI: 'Initiation',
  REU: 'Réunion',
  BO: "Banquet d'ordre",
  AUT: 'Autre',
});
export type ReservationType = z.infer<typeof ReservationType.schema>;

export const ReservationAction = codeList({
  CANCEL_CREATION: 'Annuler la demande',
  REFUSE_CREATION: 'Refuser la demande',
  ACCEPT_CREATION: 'Accepter la demande',
  EDIT: 'Modifier',
  INFOS: 'Consulter',
  DELETE: 'Supprimer',
  ASK_DELETION: 'Demander la suppression',
  CANCEL_DELETION: 'Annuler la demande de suppression',
  REFUSE_DELETION: 'Refuser la suppression',
  ACCEPT_DELETION: 'Accepter la suppression',
});
export type ReservationAction = z.infer<typeof ReservationAction.schema>;

/** The actions sent by PUT /api/reservation?action= (INFOS is a read: GET …/infos). */
export const ReservationChangeAction = z.enum([
  'EDIT',
  'CANCEL_CREATION',
  'REFUSE_CREATION',
  'ACCEPT_CREATION',
  'ASK_DELETION',
  'CANCEL_DELETION',
  'REFUSE_DELETION',
  'ACCEPT_DELETION',
  'DELETE',
]);
export type ReservationChangeAction = z.infer<typeof ReservationChangeAction>;

/** Actions whose body must carry a reason (`motif`). */
export const ACTIONS_NEEDING_REASON: readonly ReservationChangeAction[] = [
  'REFUSE_CREATION',
  'REFUSE_DELETION',
];

/** Half-hour grid (specification §9): starts 08:00 to 22:30, ends up to 23:00. */
export const FIRST_START_MINUTES = 8 * 60;
export const LAST_START_MINUTES = 22 * 60 + 30;
export const LAST_END_MINUTES = 23 * 60;
/** Hours labelled on the planning (specification §9: 9 to 23). */
export const PLANNING_HOURS = Array.from({ length: 15 }, (_, i) => 9 + i);

export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La date doit être au format aaaa-mm-jj.' })
  .refine(isRealDay, {
    message: "Cette date n'existe pas.",
  })
  .refine(isPlausibleYear, { message: IMPLAUSIBLE_YEAR_MESSAGE });

export const HalfHourSchema = z.string().regex(/^([01]\d|2[0-3]):(00|30)$/, {
  message: "L'heure doit être sur la demi-heure, au format HH:MM (exemple : 19:30).",
});

/** "19:30" → 1170. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** 1170 → "19:30". */
export const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const Text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Ce texte est limité à ${max} caractères.` });

/** Body of POST /api/reservation. */
export const ReservationInputSchema = z.object({
  idSalle: RecordIdSchema,
  idEntite: RecordIdSchema,
  date: IsoDateSchema,
  heureDebut: HalfHourSchema,
  heureFin: HalfHourSchema,
  type: ReservationType.schema,
  libelle: Text(200).min(1, { message: 'Indiquez un libellé (exemple : Tenue au 1er degré).' }),
  participants: z
    .number({ message: 'Le nombre de participants doit être un nombre entier.' })
    .int({ message: 'Le nombre de participants doit être un nombre entier.' })
    .min(1, { message: 'Comptez au moins 1 participant.' })
    .max(2000, { message: 'Le nombre de participants ne doit pas dépasser 2 000.' })
    .nullable()
    .optional(),
  commentaire: Text(2000).nullable().optional(),
});
export type ReservationInput = z.infer<typeof ReservationInputSchema>;

/** Body of PUT /api/reservation?action=: the reservation, a reason for refusals, the changes for EDIT. */
export const ReservationChangeSchema = ReservationInputSchema.partial().extend({
  id: RecordIdSchema,
  motif: Text(1000).optional(),
});
export type ReservationChange = z.infer<typeof ReservationChangeSchema>;

export const ReservationChangeQuerySchema = z.object({ action: ReservationChangeAction });

export const PersonSchema = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });
export type Person = z.infer<typeof PersonSchema>;

export const ReservationSchema = z.object({
  id: z.number().int(),
  idSalle: z.number().int(),
  salle: z.string(),
  couleurSalle: z.string(),
  idEntite: z.number().int(),
  entite: z.string(),
  date: z.string(),
  heureDebut: z.string(),
  heureFin: z.string(),
  /*
   * Absent for another lodge's booking (a member who is neither Union staff nor of the booking's entity):
   * other lodges see only the lodge, the room and the time (issue 21).
   */
  type: ReservationType.schema.optional(),
  libelle: z.string().optional(),
  participants: z.number().int().nullable().optional(),
  commentaire: z.string().nullable().optional(),
  etat: ReservationState.schema,
  demandeur: PersonSchema.nullable().optional(),
  motifRefus: z.string().nullable().optional(),
  /** The annual-planning entry that generated it, if any. */
  idPlanning: z.number().int().nullable(),
  /** What the caller may do now (the screen shows exactly these buttons). */
  actions: z.array(ReservationAction.schema),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ReservationDetailSchema = ReservationSchema.extend({ historique: z.array(HistoryEntrySchema) });
export type ReservationDetail = z.infer<typeof ReservationDetailSchema>;

export const ClosureSchema = z.object({ date: z.string(), motif: z.string() });
export type Closure = z.infer<typeof ClosureSchema>;

/** GET /api/reservation/search/{date}: the week (Monday to Sunday) containing the date. */
export const WeekSchema = z.object({
  debut: z.string(),
  fin: z.string(),
  reservations: z.array(ReservationSchema),
  fermetures: z.array(ClosureSchema),
  /** Union staff: books directly (CR) for any entity, manages closures and the annual planning. */
  gestion: z.boolean(),
  /**
   * The booking rules as they apply to the caller (issue 21), for the form to say them: the first instant a
   * request may start (ISO date-time, Paris; null when no notice applies: staff, or no notice set) and the
   * furthest bookable day.
   */
  regles: z.object({
    preavisHeures: z.number().int(),
    premierCreneau: z.string().nullable(),
    dernierJour: z.string(),
  }),
});
export type Week = z.infer<typeof WeekSchema>;

/** GET /api/reservation/demandes: the caller's pending requests, and for Union staff those to arbitrate. */
export const PendingRequestsSchema = z.object({
  miennes: z.array(ReservationSchema),
  aTraiter: z.array(ReservationSchema),
  /** Union staff: arbitrates requests, books for any entity. */
  gestion: z.boolean(),
});
export type PendingRequests = z.infer<typeof PendingRequestsSchema>;

export const ClosureInputSchema = z.object({
  motif: Text(300).min(1, { message: 'Indiquez le motif de la fermeture (exemple : Travaux).' }),
});

/** POST /api/fermeture/{date}: the closure and the reservations already on that day, for staff to handle. */
export const ClosureResultSchema = z.object({
  fermeture: ClosureSchema,
  reservations: z.array(ReservationSchema),
});
export type ClosureResult = z.infer<typeof ClosureResultSchema>;

/** GET /api/fermeture/{date}: the closures of the masonic year containing the date. */
export const ClosureListSchema = z.object({
  annee: z.number().int(),
  fermetures: z.array(ClosureSchema),
  /** Whether the caller may close and reopen days. */
  gestion: z.boolean(),
});
export type ClosureList = z.infer<typeof ClosureListSchema>;

/* ---------- Annual planning ---------- */

export const Weekday = codeList({
  '1': 'lundi',
  '2': 'mardi',
  '3': 'mercredi',
  '4': 'jeudi',
  '5': 'vendredi',
  '6': 'samedi',
  '7': 'dimanche',
});

/** Which occurrence in the month: null = every week, 1 to 4, or -1 = the last one. */
export const RankSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], {
    message:
      'Le rang vaut 1, 2, 3 ou 4 (le 1er… 4e du mois), -1 (le dernier du mois) ou null (chaque semaine).',
  })
  .nullable();
export type Rank = z.infer<typeof RankSchema>;

export const RuleSchema = z.object({
  /** 1 = Monday … 7 = Sunday. */
  jourSemaine: z
    .number({ message: 'Choisissez le jour de la semaine.' })
    .int({ message: 'Choisissez le jour de la semaine.' })
    .min(1, { message: 'Choisissez le jour de la semaine.' })
    .max(7, { message: 'Choisissez le jour de la semaine.' }),
  rang: RankSchema,
});
export type Rule = z.infer<typeof RuleSchema>;

/** Months of a masonic year, in order: September to August. */
export const MASONIC_MONTHS = [9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export const MONTH_LABELS: Record<number, string> = {
  1: 'janvier',
  2: 'février',
  3: 'mars',
  4: 'avril',
  5: 'mai',
  6: 'juin',
  7: 'juillet',
  8: 'août',
  9: 'septembre',
  10: 'octobre',
  11: 'novembre',
  12: 'décembre',
};

const RANK_LABELS: Record<string, string> = { '1': '1er', '2': '2e', '3': '3e', '4': '4e', '-1': 'dernier' };

/** "2e mardi du mois", "dernier vendredi du mois", "chaque lundi". */
export function ruleLabel(rule: Rule): string {
  const day = Weekday.labels[String(rule.jourSemaine) as keyof typeof Weekday.labels];
  return rule.rang === null ? `chaque ${day}` : `${RANK_LABELS[String(rule.rang)]} ${day} du mois`;
}

/** "2026-2027": a masonic year runs from September of its first calendar year to August. */
export const yearLabel = (annee: number) => `${annee}-${annee + 1}`;

export const PlanningYearSchema = z.object({
  annee: z.number().int(),
  libelle: z.string(),
  entrees: z.number().int(),
});
export type PlanningYear = z.infer<typeof PlanningYearSchema>;

export const PlanningYearsSchema = z.object({
  annees: z.array(PlanningYearSchema),
  /** Whether the caller may open years and edit entries. */
  gestion: z.boolean(),
});
export type PlanningYears = z.infer<typeof PlanningYearsSchema>;

export const PlanningInputSchema = z.object({
  annee: z
    .number({ message: "L'année maçonnique doit être un nombre entier (exemple : 2026)." })
    .int({ message: "L'année maçonnique doit être un nombre entier (exemple : 2026)." })
    .min(2000, { message: "L'année maçonnique doit être comprise entre 2000 et 2100." })
    .max(2100, { message: "L'année maçonnique doit être comprise entre 2000 et 2100." }),
  idEntite: RecordIdSchema,
  idSalle: RecordIdSchema,
  type: ReservationType.schema,
  libelle: Text(200).min(1, { message: 'Indiquez un libellé (exemple : Tenue régulière).' }),
  heureDebut: HalfHourSchema,
  heureFin: HalfHourSchema,
  regle: RuleSchema,
  mois: z.array(z.number().int().min(1).max(12)).min(1, { message: 'Choisissez au moins un mois.' }).max(12),
});
export type PlanningInput = z.infer<typeof PlanningInputSchema>;

export const PlanningUpdateSchema = PlanningInputSchema.extend({ id: RecordIdSchema });
export type PlanningUpdate = z.infer<typeof PlanningUpdateSchema>;

export const PlanningEntrySchema = z.object({
  id: z.number().int(),
  annee: z.number().int(),
  idEntite: z.number().int(),
  entite: z.string(),
  idSalle: z.number().int(),
  salle: z.string(),
  couleurSalle: z.string(),
  type: ReservationType.schema,
  libelle: z.string(),
  heureDebut: z.string(),
  heureFin: z.string(),
  regle: RuleSchema,
  /** "2e mardi du mois". */
  regleLibelle: z.string(),
  mois: z.array(z.number().int()),
});
export type PlanningEntry = z.infer<typeof PlanningEntrySchema>;
export const PlanningEntryListSchema = z.array(PlanningEntrySchema);

export const PlanningEntryDetailSchema = PlanningEntrySchema.extend({
  /** The entry's reservations still holding the room, in date order. */
  reservations: z.array(ReservationSchema),
});
export type PlanningEntryDetail = z.infer<typeof PlanningEntryDetailSchema>;

export const PlanningConflictSchema = z.object({ date: z.string(), raison: z.string() });
export type PlanningConflict = z.infer<typeof PlanningConflictSchema>;

/** The answer of saving an entry: what was placed and what could not be, with why. */
export const PlanningSaveResultSchema = z.object({
  entree: PlanningEntrySchema,
  creees: z.number().int(),
  conflits: z.array(PlanningConflictSchema),
});
export type PlanningSaveResult = z.infer<typeof PlanningSaveResultSchema>;

export const PlanningYearOpenedSchema = z.object({
  annee: PlanningYearSchema,
  creees: z.number().int(),
  conflits: z.array(PlanningConflictSchema.extend({ entree: z.string() })),
});
export type PlanningYearOpened = z.infer<typeof PlanningYearOpenedSchema>;

export const PlanningDeleteResultSchema = z.object({ supprimees: z.number().int() });
