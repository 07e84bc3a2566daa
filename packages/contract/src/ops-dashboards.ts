/**
 * The dashboards of the restaurant's manager and of the Union's staff (issue 33 §1): one answer each,
 * computed in SQL, drawn by the web as charts with their figures as tables. Money in integer cents.
 */
import { z } from 'zod';
import { DishType, MealType } from './restaurant';
import { IsoDateSchema } from './reservations';

const Count = z.number().int().min(0);
const Cents = z.number().int();

/** The Masonic year (September to August) a dashboard covers, named by its first calendar year. */
export const SeasonSchema = z.object({ annee: z.number().int(), debut: IsoDateSchema, fin: IsoDateSchema });
export type Season = z.infer<typeof SeasonSchema>;

/** One meal of the season: its seats, the covers booked (each order's author and guests), those paid. */
export const MealCoversSchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  type: MealType.schema,
  titre: z.string(),
  places: Count,
  commandes: Count,
  reserves: Count,
  payes: Count,
});
export type MealCovers = z.infer<typeof MealCoversSchema>;

/** A dish as ordered over the season (dishes of the same type and name counted together). */
export const DishCountSchema = z.object({ type: DishType.schema, libelle: z.string(), quantite: Count });
export type DishCount = z.infer<typeof DishCountSchema>;

/**
 * The money taken in one week (Monday), by means: `carte` the online card top-ups, `especes` and `cheque`
 * the desk's credits, `bar` the meal orders paid at the bar (whose cash or cheque the model does not
 * record), `carteUnion` the meal orders paid from a member's or a lodge's card (money taken before).
 */
export const WeeklyTakingsSchema = z.object({
  semaine: IsoDateSchema,
  carte: Cents,
  especes: Cents,
  cheque: Cents,
  bar: Cents,
  carteUnion: Cents,
});
export type WeeklyTakings = z.infer<typeof WeeklyTakingsSchema>;

/** The cards credited in one week: online and at the desk, the distinct cards, the amount. */
export const WeeklyTopUpsSchema = z.object({
  semaine: IsoDateSchema,
  enLigne: Count,
  guichet: Count,
  cartes: Count,
  montant: Cents,
});
export type WeeklyTopUps = z.infer<typeof WeeklyTopUpsSchema>;

/** An order's remark (where members write their allergies), with whom it is for. */
export const MealRemarkSchema = z.object({ pour: z.string(), couverts: Count, remarque: z.string() });

export const NextMealSchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  type: MealType.schema,
  titre: z.string(),
  places: Count,
  reserves: Count,
  plats: z.array(
    z.object({ id: z.number().int(), type: DishType.schema, libelle: z.string(), quantite: Count }),
  ),
  remarques: z.array(MealRemarkSchema),
});
export type NextMeal = z.infer<typeof NextMealSchema>;

export const RestaurantDashboardSchema = z.object({
  saison: SeasonSchema,
  repas: z.array(MealCoversSchema),
  plats: z.array(DishCountSchema),
  encaissements: z.array(WeeklyTakingsSchema),
  rechargements: z.array(WeeklyTopUpsSchema),
  prochainRepas: NextMealSchema.nullable(),
});
export type RestaurantDashboard = z.infer<typeof RestaurantDashboardSchema>;

/** Percent, to one decimal: a room's share of its open hours (8:00–23:00, closed days left out). */
const Rate = z.number().min(0).max(100);

/** A room's confirmed bookings in one month: minutes booked and the share of its open hours. */
export const RoomMonthSchema = z.object({ mois: z.string(), minutes: Count, taux: Rate });

export const RoomOccupancySchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  minutes: Count,
  taux: Rate,
  mois: z.array(RoomMonthSchema),
  /** Confirmed bookings per weekday, Monday first (seven numbers). */
  jours: z.array(Count).length(7),
});
export type RoomOccupancy = z.infer<typeof RoomOccupancySchema>;

/** A request waiting for the staff's decision: a creation (DC) or a deletion (DS), with its age in days. */
export const WaitingRequestSchema = z.object({
  id: z.number().int(),
  etat: z.enum(['DC', 'DS']),
  date: IsoDateSchema,
  debut: z.string(),
  fin: z.string(),
  salle: z.string(),
  entite: z.string(),
  libelle: z.string(),
  age: Count,
});
export type WaitingRequest = z.infer<typeof WaitingRequestSchema>;

export const PlanningDashboardSchema = z.object({
  saison: SeasonSchema,
  salles: z.array(RoomOccupancySchema),
  demandes: z.array(WaitingRequestSchema),
  /** Every waiting request, when `demandes` shows only the oldest. */
  demandesTotal: Count,
  fermetures: z.array(z.object({ date: IsoDateSchema, motif: z.string() })),
});
export type PlanningDashboard = z.infer<typeof PlanningDashboardSchema>;
