/**
 * The restaurant (meals, dishes, meal orders) and the Union cards with their online top-ups
 * (specification §3, §7; DECISIONS §5). Money is integer cents everywhere; days are yyyy-mm-dd (Paris).
 */
import { z } from 'zod';
import { codeList } from './enums';
import { RecordIdSchema, wholeNumber } from './ids';
import { IsoDateSchema, ReservationType } from './reservations';

export const MealType = codeList({
  M: 'Agapes du midi',
  S: 'Agapes du soir',
  D: 'Agapes du samedi',
  B: 'Bistrot 45',
});
export type MealType = z.infer<typeof MealType.schema>;

export const DishType = codeList({ M: 'Menu', P: 'Plat', D: 'Dessert', B: 'Boisson', C: 'Café' });
export type DishType = z.infer<typeof DishType.schema>;

export const MealOrderState = codeList({ C: 'Créée', P: 'Payée', R: 'Paiement refusé' });
export type MealOrderState = z.infer<typeof MealOrderState.schema>;

export const PaymentMeans = codeList({
  B: 'Au Bar',
  C: 'Par carte Union',
  L: 'Carte Union de la Loge',
  I: 'Invitation',
});
export type PaymentMeans = z.infer<typeof PaymentMeans.schema>;

/** What can be done to a meal (the screen shows exactly these buttons). */
export const MealAction = codeList({
  ORDER: 'Commander',
  EDIT: 'Modifier le repas',
  DELETE: 'Supprimer le repas',
  NOTIFY: 'Notifier',
  RECAP: 'Récapitulatif',
});
export type MealAction = z.infer<typeof MealAction.schema>;

/** What can be done to a meal order. */
export const MealOrderAction = codeList({
  EDIT: 'Modifier',
  DELETE: 'Supprimer',
  PAY: 'Encaisser',
  PAY_CARD: 'Payer avec ma carte',
  REFUSE: 'Refuser le paiement',
  UNDO_PAYMENT: 'Annuler le paiement',
});
export type MealOrderAction = z.infer<typeof MealOrderAction.schema>;

/** Top-up (user payment) states of the specification §3. */
export const TopUpState = codeList({
  C: 'En cours de paiement',
  P: 'À valider',
  R: 'Pris en compte, à valider',
  V: 'Validé et pris en compte',
  X: 'Annulé',
  /** Left « en cours de paiement » for more than a day (issue 21): abandoned, never paid. */
  E: 'Expiré (non payé)',
});
export type TopUpState = z.infer<typeof TopUpState.schema>;

export const TopUpAction = codeList({
  VALIDATE: 'Valider',
  TRANSFER: 'Prendre en compte',
  CANCEL: 'Annuler',
});
export type TopUpAction = z.infer<typeof TopUpAction.schema>;

/** Kinds of card movements: the balance is their sum. */
export const MovementType = codeList({
  R: 'Rechargement',
  P: 'Paiement de repas',
  A: 'Remboursement',
  J: 'Ajustement',
  G: 'Crédit au guichet',
  V: 'Vente au bar',
});
export type MovementType = z.infer<typeof MovementType.schema>;

const Text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Ce texte est limité à ${max} caractères.` });

/** Cents, an integer: "12,50 €" travels as 1250. */
export const CentsSchema = z
  .number({ message: 'Le montant doit être un nombre entier de centimes.' })
  .int({ message: 'Le montant doit être un nombre entier de centimes.' })
  .min(0, { message: 'Le montant ne peut pas être négatif.' })
  .max(1_000_000, { message: 'Le montant est limité à 10 000 €.' });

/** "2026-03-03T11:00" (Paris local time, as a datetime-local field gives it). */
export const LocalDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, {
  message: 'La date limite doit être au format aaaa-mm-jjThh:mm.',
});

/** Body of POST /api/repas (PUT adds the id). */
export const MealInputSchema = z.object({
  date: IsoDateSchema,
  type: MealType.schema,
  titre: Text(200).min(1, { message: 'Titre : indiquez un titre (exemple : Blanquette de veau).' }),
  places: z
    .number({ message: 'Places : indiquez un nombre entier.' })
    .int({ message: 'Places : indiquez un nombre entier.' })
    .min(1, { message: 'Places : il faut au moins une place.' })
    .max(2000, { message: 'Places : le repas compte 2000 places au plus.' }),
  /** Orders close at this moment (Paris time). */
  limite: LocalDateTimeSchema,
  ouvert: z.boolean().default(true),
  /**
   * The lodge's session (a confirmed reservation of the meal's day) this meal is the agapes of; null: a
   * meal of its own. Sent whole by the meal editor: a PUT without it unties the meal.
   */
  idReservation: RecordIdSchema.nullable().default(null),
});
export type MealInput = z.infer<typeof MealInputSchema>;
export const MealUpdateSchema = MealInputSchema.extend({ id: RecordIdSchema });
export type MealUpdate = z.infer<typeof MealUpdateSchema>;

/** Body of POST /api/repas/{id}/plat (PUT adds the id). */
export const DishInputSchema = z.object({
  type: DishType.schema,
  libelle: Text(200).min(1, { message: 'Libellé : indiquez le nom du plat.' }),
  prix: CentsSchema,
});
export type DishInput = z.infer<typeof DishInputSchema>;
export const DishUpdateSchema = DishInputSchema.extend({ id: RecordIdSchema });
export type DishUpdate = z.infer<typeof DishUpdateSchema>;

/**
 * Body of POST /api/repas: the meal and, written in the same transaction, its first dishes (typed in the
 * meal's dialog or copied from a previous meal). A meal without dishes is seen by its managers only.
 */
export const MealCreateSchema = MealInputSchema.extend({
  plats: z.array(DishInputSchema).max(30, { message: 'Plats : 30 plats au plus.' }).default([]),
});
export type MealCreate = z.infer<typeof MealCreateSchema>;

export const MealOrderLineInputSchema = z.object({
  idPlat: RecordIdSchema,
  quantite: z
    .number({ message: 'Quantité : indiquez un nombre entier.' })
    .int({ message: 'Quantité : indiquez un nombre entier.' })
    .min(1, { message: 'Quantité : au moins 1 (retirez la ligne sinon).' })
    .max(200, { message: 'Quantité : 200 au plus.' }),
});

/** Body of POST /api/repas/{id}/commande (PUT adds the id). */
export const MealOrderInputSchema = z.object({
  /** For one of the caller's lodges (membership flag `restauration`); null for oneself. */
  idEntite: RecordIdSchema.nullable().default(null),
  /** Guests besides the orderer: each takes a seat. */
  invites: z
    .number({ message: 'Invités : indiquez un nombre entier.' })
    .int({ message: 'Invités : indiquez un nombre entier.' })
    .min(0, { message: 'Invités : le nombre ne peut pas être négatif.' })
    .max(199, { message: 'Invités : 199 au plus.' })
    .default(0),
  lignes: z
    .array(MealOrderLineInputSchema)
    .min(1, { message: 'Plats : choisissez au moins un plat.' })
    .max(50),
  commentaire: Text(500).nullable().optional(),
});
export type MealOrderInput = z.input<typeof MealOrderInputSchema>;
export const MealOrderUpdateSchema = MealOrderInputSchema.extend({ id: RecordIdSchema });
export type MealOrderUpdate = z.input<typeof MealOrderUpdateSchema>;

/** Card-read balances are between 0 and 10 000 € (DECISIONS §5: a stated balance is bounded). */
export const CARD_READ_MAX = 1_000_000;
/** An adjustment (read balance − ledger) larger than 500 € in either direction needs a `motif`. */
export const ADJUSTMENT_REASON_THRESHOLD = 50_000;

/**
 * `solde`: the balance staff (MENUS only, 403 for anyone else) read on the physical card, in cents;
 * `motif`: why, required when the adjustment it makes is over 500 € (both optional query parameters).
 */
export const SoldeQuerySchema = z.object({
  solde: wholeNumber(
    z
      .number({ message: 'Solde : indiquez un nombre entier de centimes.' })
      .int({ message: 'Solde : indiquez un nombre entier de centimes.' })
      .min(0, { message: 'Solde : le solde lu sur la carte ne peut pas être négatif.' })
      .max(CARD_READ_MAX, { message: 'Solde : le solde ne peut dépasser 10 000 €.' }),
  ).optional(),
  motif: z.string().trim().max(200, { message: 'Motif : 200 caractères au plus.' }).optional(),
});
export type SoldeQuery = z.output<typeof SoldeQuerySchema>;
export const RefuseQuerySchema = SoldeQuerySchema.extend({
  date: z.enum(['1'], { message: 'date : seule la valeur 1 est permise.' }).optional(),
});

export const PersonRefSchema = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });

export const DishSchema = z.object({
  id: z.number().int(),
  type: DishType.schema,
  libelle: z.string(),
  prix: z.number().int(),
});
export type Dish = z.infer<typeof DishSchema>;

export const MealOrderLineSchema = z.object({
  idPlat: z.number().int(),
  libelle: z.string(),
  type: DishType.schema,
  quantite: z.number().int(),
  prixUnitaire: z.number().int(),
});

export const MealOrderSchema = z.object({
  id: z.number().int(),
  idRepas: z.number().int(),
  date: z.string(),
  repas: z.string(),
  personne: PersonRefSchema,
  idEntite: z.number().int().nullable(),
  entite: z.string().nullable(),
  invites: z.number().int(),
  lignes: z.array(MealOrderLineSchema),
  montant: z.number().int(),
  etat: MealOrderState.schema,
  moyen: PaymentMeans.schema.nullable(),
  commentaire: z.string().nullable(),
  /** Refused "with a date": the refusal was noted on that day (query date=1). */
  dateRefus: z.string().nullable(),
  /** Balance of the card this order would be paid with (the user's, or the lodge's), for the bar. */
  soldeCarte: z.number().int().nullable(),
  actions: z.array(MealOrderAction.schema),
});
export type MealOrder = z.infer<typeof MealOrderSchema>;

/** A lodge's session of the planning a meal can be the agapes of (GET /api/repas/seances/{date}). */
export const MealSessionSchema = z.object({
  idReservation: z.number().int(),
  idEntite: z.number().int(),
  entite: z.string(),
  type: ReservationType.schema,
  libelle: z.string(),
  /** "19:30", Paris time. */
  debut: z.string(),
  fin: z.string(),
  salle: z.string(),
});
export type MealSession = z.infer<typeof MealSessionSchema>;
export const MealSessionListSchema = z.array(MealSessionSchema);

/**
 * The bar's counts of a meal, split as the recap splits them: an offered meal (paid by invitation, means
 * I) is no takings, so `montant` is the « total payant » (every order not offered, whatever its state)
 * and the offered orders are counted apart.
 */
export const MealBarSchema = z.object({
  /** Every order of the meal, offered ones included. */
  commandes: z.number().int(),
  /** The total of the orders not offered (cents): the recap's « Total payant ». */
  montant: z.number().int(),
  /** The orders offered (paid by invitation) and their total (cents), outside `montant`. */
  offertes: z.number().int(),
  offert: z.number().int(),
});

export const MealSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: MealType.schema,
  titre: z.string(),
  places: z.number().int(),
  placesRestantes: z.number().int(),
  /** "2026-03-03T11:00", Paris time. */
  limite: z.string(),
  ouvert: z.boolean(),
  /** Open, before the deadline and with seats left. */
  commandable: z.boolean(),
  notifie: z.boolean(),
  /** The lodge's session this meal is the agapes of (confirmed, on the meal's day), or null. */
  agapes: MealSessionSchema.nullable(),
  /** The agapes of a lodge the caller orders for or manages: the week lists them first. */
  mesAgapes: z.boolean(),
  plats: z.array(DishSchema),
  /** The caller's own orders on this meal. */
  mesCommandes: z.array(MealOrderSchema),
  /**
   * For MENUS, what the bar shows before it is opened; null otherwise. The orders themselves come from
   * GET /api/repas/{id}/commandes when it is opened.
   */
  bar: MealBarSchema.nullable(),
  actions: z.array(MealAction.schema),
});
export type Meal = z.infer<typeof MealSchema>;
export type MealBar = z.infer<typeof MealBarSchema>;
/** What « Prévenir les membres » did: how many people the meal was e-mailed to. */
export const MealNotificationResultSchema = z.object({ destinataires: z.number().int() });

/**
 * GET /api/repas/search/{date}: the week, Monday to Sunday, containing the date; in date order, except
 * that the agapes of the caller's lodges (`mesAgapes`) come first.
 */
export const MealWeekSchema = z.object({
  debut: z.string(),
  fin: z.string(),
  repas: z.array(MealSchema),
  /** The caller manages meals (MENUS). */
  gestion: z.boolean(),
  /** Entities the caller may order for (flag `restauration`), and those whose card they may use. */
  entites: z.array(z.object({ id: z.number().int(), nom: z.string(), carteLoge: z.boolean() })),
});
export type MealWeek = z.infer<typeof MealWeekSchema>;

export const MealOrderListSchema = z.array(MealOrderSchema);

export const MovementSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: MovementType.schema,
  montant: z.number().int(),
  /** An adjustment's text carries the balance read, the ledger's and the reason (`motif`). */
  libelle: z.string(),
  /** Who wrote the movement (the staff member of an adjustment); null for one of the system's. */
  auteur: PersonRefSchema.nullable(),
});
export type Movement = z.infer<typeof MovementSchema>;

export const TopUpSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  montant: z.number().int(),
  etat: TopUpState.schema,
  personne: PersonRefSchema,
  transId: z.string(),
  actions: z.array(TopUpAction.schema),
});
export type TopUp = z.infer<typeof TopUpSchema>;

/** GET /api/payment/en-attente (issue 21): how many top-ups wait for validation (P or R). */
export const TopUpWaitingSchema = z.object({ nombre: z.number().int() });
export type TopUpWaiting = z.infer<typeof TopUpWaitingSchema>;

/** GET /api/user/payments: my card. */
export const MyCardSchema = z.object({
  solde: z.number().int(),
  mouvements: z.array(MovementSchema),
  rechargements: z.array(TopUpSchema),
});
export type MyCard = z.infer<typeof MyCardSchema>;

/** Top-ups are between 5 € and 500 €. */
export const TOP_UP_MIN = 500;
export const TOP_UP_MAX = 50_000;
export const TOP_UP_CHOICES = [1000, 2000, 3000, 5000, 10000];

/** Body of POST /api/user/payments. */
export const TopUpInputSchema = z.object({
  montant: z
    .number({ message: 'Montant : indiquez un nombre entier de centimes.' })
    .int({ message: 'Montant : indiquez un nombre entier de centimes.' })
    .min(TOP_UP_MIN, { message: 'Montant : le rechargement est de 5 € au moins.' })
    .max(TOP_UP_MAX, { message: 'Montant : le rechargement est de 500 € au plus.' }),
});
export type TopUpInput = z.infer<typeof TopUpInputSchema>;

/** GET /api/user/payments/{id}/systempay: where to post, and the signed fields. */
export const ProviderFormSchema = z.object({
  url: z.string(),
  champs: z.record(z.string(), z.string()),
});
export type ProviderForm = z.infer<typeof ProviderFormSchema>;

/** Body of POST /api/payment/search. */
export const TopUpSearchSchema = z.object({
  etats: z.array(TopUpState.schema).optional(),
  idUser: RecordIdSchema.optional(),
  debut: IsoDateSchema.optional(),
  fin: IsoDateSchema.optional(),
});
export type TopUpSearch = z.infer<typeof TopUpSearchSchema>;
export const TopUpListSchema = z.array(TopUpSchema);
