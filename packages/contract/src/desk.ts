/**
 * The card desk (issue 21, DECISIONS §5): staff (MENUS) open a till session with its float, credit cards
 * in cash or by cheque and debit them for what the bar sells, each movement with a printable receipt,
 * then close the session with the cash counted; the difference is explained and kept. The treasurer
 * (COMPTA_LECTURE) reads every session and the total of the cards' balances at a date.
 */
import { z } from 'zod';
import { codeList } from './enums';
import { RecordIdSchema } from './ids';
import { IsoDateSchema } from './reservations';
import { MovementType, PersonRefSchema } from './restaurant';

/** The tills: one open session per till at a time (the database's word). */
export const Till = codeList({ B: 'Bar du restaurant', A: 'Accueil' });
export type Till = z.infer<typeof Till.schema>;

/** How a desk credit was paid: cash goes into the till, a cheque does not. */
export const DeskMeans = codeList({ E: 'Espèces', C: 'Chèque' });
export type DeskMeans = z.infer<typeof DeskMeans.schema>;

const DeskAmount = (field: string) =>
  z
    .number({ message: `${field} : indiquez un nombre entier de centimes.` })
    .int({ message: `${field} : indiquez un nombre entier de centimes.` })
    .min(0, { message: `${field} : le montant ne peut pas être négatif.` })
    .max(1_000_000, { message: `${field} : le montant est limité à 10 000 €.` });

const PositiveAmount = (field: string) =>
  DeskAmount(field).min(1, { message: `${field} : indiquez un montant d'au moins 0,01 €.` });

const DeskText = (field: string, max: number) =>
  z
    .string({ message: `${field} : indiquez un texte.` })
    .trim()
    .max(max, { message: `${field} : ce texte est limité à ${max} caractères.` });

/** Body of POST /api/caisse/sessions. */
export const TillOpenSchema = z.object({
  caisse: Till.schema,
  /** The cash in the drawer at the opening (cents). */
  fondInitial: DeskAmount('Fond de caisse'),
});
export type TillOpen = z.infer<typeof TillOpenSchema>;

/** Body of POST /api/caisse/sessions/{id}/cloture. */
export const TillCloseSchema = z.object({
  /** The cash counted in the drawer at the close (cents). */
  compte: DeskAmount('Espèces comptées'),
  /** Why the count differs from what the till should hold: required when it differs. */
  motif: DeskText('Motif', 500).optional(),
});
export type TillClose = z.infer<typeof TillCloseSchema>;

/** A card owner: a person or an entity (lodge), exactly one. */
const OwnerFields = {
  idUser: RecordIdSchema.optional(),
  idEntite: RecordIdSchema.optional(),
};

/** Body of POST /api/caisse/sessions/{id}/mouvements: a credit (G) or a bar sale (V). */
export const DeskMovementInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('G'),
      ...OwnerFields,
      montant: PositiveAmount('Montant'),
      moyen: DeskMeans.schema,
      /** The cheque's number and bank, for the deposit slip. */
      reference: DeskText('Référence', 100).optional(),
    }),
    z.object({
      type: z.literal('V'),
      ...OwnerFields,
      montant: PositiveAmount('Montant'),
      /** What was sold (« 2 cafés »). */
      libelle: DeskText('Article', 200).min(1, { message: 'Article : indiquez ce qui est vendu.' }),
    }),
  ],
  { message: 'Type : « G » (crédit au guichet) ou « V » (vente au bar).' },
);
export type DeskMovementInput = z.infer<typeof DeskMovementInputSchema>;

/** A movement of the desk, with its card's owner and its author. */
export const DeskMovementSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  type: MovementType.schema,
  /** Signed cents: a credit positive, a sale negative. */
  montant: z.number().int(),
  moyen: DeskMeans.schema.nullable(),
  reference: z.string().nullable(),
  libelle: z.string(),
  /** The card's owner: « Prénom Nom » or the lodge's name. */
  titulaire: z.string(),
  auteur: PersonRefSchema.nullable(),
  /** The card's balance right after this movement. */
  soldeApres: z.number().int(),
});
export type DeskMovement = z.infer<typeof DeskMovementSchema>;

export const TillSessionSchema = z.object({
  id: z.number().int(),
  caisse: Till.schema,
  ouverture: z.string(),
  ouvertPar: PersonRefSchema,
  fondInitial: z.number().int(),
  /** Cash received in the session (credits in cash). */
  especes: z.number().int(),
  /** Cheques received in the session: their total and number. */
  cheques: z.number().int(),
  nombreCheques: z.number().int(),
  /** Bar sales debited from cards in the session. */
  ventes: z.number().int(),
  /** What the drawer should hold: the float plus the cash received. */
  attendu: z.number().int(),
  cloture: z.string().nullable(),
  cloturePar: PersonRefSchema.nullable(),
  compte: z.number().int().nullable(),
  /** Counted minus expected, once closed. */
  ecart: z.number().int().nullable(),
  motif: z.string().nullable(),
});
export type TillSession = z.infer<typeof TillSessionSchema>;
export const TillSessionListSchema = z.array(TillSessionSchema);

export const TillSessionDetailSchema = TillSessionSchema.extend({
  mouvements: z.array(DeskMovementSchema),
  /** The caller may record movements and close it (MENUS, session open). */
  gestion: z.boolean(),
});
export type TillSessionDetail = z.infer<typeof TillSessionDetailSchema>;

/** Query of GET /api/caisse/sessions. */
export const TillSessionQuerySchema = z.object({
  /** Only the open sessions. */
  ouvertes: z
    .enum(['true', 'false'], {
      message: 'ouvertes vaut true (les sessions ouvertes seulement) ou false (toutes).',
    })
    .optional()
    .transform((v) => v === 'true'),
});

/** Query of GET /api/caisse/cartes. */
export const DeskCardQuerySchema = z.object({
  q: DeskText('Recherche', 100).min(2, { message: 'Recherche : au moins deux lettres du nom.' }),
});

export const DeskCardSchema = z.object({
  idUser: z.number().int().nullable(),
  idEntite: z.number().int().nullable(),
  titulaire: z.string(),
  solde: z.number().int(),
});
export type DeskCard = z.infer<typeof DeskCardSchema>;
export const DeskCardListSchema = z.array(DeskCardSchema);

/** Query of GET /api/cartes/soldes(/excel): the balances at the end of this Paris day. */
export const CardBalancesQuerySchema = z.object({ date: IsoDateSchema });

export const CardBalancesSchema = z.object({
  date: z.string(),
  /** What the Union owes: the sum of every card's balance at the end of the day. */
  total: z.number().int(),
  totalMembres: z.number().int(),
  totalEntites: z.number().int(),
  cartes: z.array(DeskCardSchema),
});
export type CardBalances = z.infer<typeof CardBalancesSchema>;
