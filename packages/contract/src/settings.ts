/**
 * Reference data served by /api/parametres (rooms, the Union's legal identity, VAT mention and yearly
 * fees) and the entity lists of /api/user/entites/{purpose}.
 */
import { z } from 'zod';
import { EntityState, EntityType } from './enums';
import { emailField, telephoneField, trimmed } from './fields';
import { RecordIdSchema } from './ids';
import { IcsSchema } from './compta/sepa';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

const id = RecordIdSchema;

export const RoomSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  capacite: z.number().int(),
  couleur: z.string(),
  /** Hourly rate in cents, used for room-rental invoices. */
  tarifHoraire: z.number().int(),
  active: z.boolean(),
});
export type Room = z.infer<typeof RoomSchema>;
export const RoomListSchema = z.array(RoomSchema);

export const EntitySummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nom: z.string(),
  type: EntityType.schema,
  numero: z.string().nullable(),
  ville: z.string().nullable(),
  etat: EntityState.schema,
});
export type EntitySummary = z.infer<typeof EntitySummarySchema>;
export const EntitySummaryListSchema = z.array(EntitySummarySchema);

const roomFields = {
  nom: trimmed('Le nom', 60),
  capacite: z
    .number({ message: 'La capacité doit être un nombre entier.' })
    .int({ message: 'La capacité doit être un nombre entier.' })
    .min(1, { message: 'La capacité doit être d’au moins 1 personne.' })
    .max(10000, { message: 'La capacité ne doit pas dépasser 10 000 personnes.' }),
  couleur: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'La couleur doit être au format #RRGGBB.' }),
  /** Cents per hour. */
  tarifHoraire: z
    .number({ message: 'Le tarif horaire est obligatoire.' })
    .int({ message: 'Le tarif horaire doit être un montant au centime près.' })
    .min(0, { message: 'Le tarif horaire ne peut pas être négatif.' })
    .max(10_000_000, { message: 'Le tarif horaire est trop élevé.' }),
  active: z.boolean().default(true),
};
/** POST /api/parametres/salles. */
export const RoomCreateSchema = z.object(roomFields);
export type RoomCreate = z.input<typeof RoomCreateSchema>;
/** PUT /api/parametres/salles. */
export const RoomUpdateSchema = z.object({ id, ...roomFields });
export type RoomUpdate = z.input<typeof RoomUpdateSchema>;

/** The VAT mentions the documents may carry (DECISIONS §4); the first is the default. */
export const TVA_MENTIONS = [
  'TVA non applicable, art. 261-7-1° du CGI',
  'TVA non applicable, art. 293 B du CGI',
] as const;

/** The Union's legal identity, printed on quotes and invoices. */
export const LegalIdentitySchema = z.object({
  raisonSociale: trimmed('La raison sociale', 150),
  adresse: trimmed("L'adresse", 500),
  siret: z
    .string()
    .trim()
    .regex(/^(\d{14})?$/, { message: 'Le SIRET doit comporter 14 chiffres (sans espace).' })
    .transform((v) => v || null)
    .nullish()
    .transform((v) => v ?? null),
  rna: z
    .string()
    .trim()
    .regex(/^(W\d{9})?$/, { message: 'Le numéro RNA doit être de la forme W123456789.' })
    .transform((v) => v || null)
    .nullish()
    .transform((v) => v ?? null),
  email: emailField,
  telephone: telephoneField,
});
export type LegalIdentity = z.infer<typeof LegalIdentitySchema>;

/** Yearly fee per member (cents) for each entity type. */
export const MembershipFeesSchema = z.object(
  Object.fromEntries(
    EntityType.codes.map((code) => [
      code,
      z
        .number({ message: 'La cotisation est obligatoire.' })
        .int({ message: 'La cotisation doit être un montant au centime près.' })
        .min(0, { message: 'La cotisation ne peut pas être négative.' })
        .max(10_000_000, { message: 'La cotisation est trop élevée.' }),
    ]),
  ) as Record<EntityType, z.ZodNumber>,
);
export type MembershipFees = Record<EntityType, number>;

/**
 * Booking rules (issue 21): the least notice before a member's request, in hours (0: none; the screen
 * offers hours or days), and how far ahead a room may be booked, in months.
 */
export const BookingRulesSchema = z.object({
  preavisHeures: z
    .number({ message: 'Le délai de prévenance doit être un nombre entier d’heures.' })
    .int({ message: 'Le délai de prévenance doit être un nombre entier d’heures.' })
    .min(0, { message: 'Le délai de prévenance ne peut pas être négatif.' })
    .max(2160, { message: 'Le délai de prévenance ne doit pas dépasser 90 jours.' }),
  horizonMois: z
    .number({ message: 'L’horizon de réservation doit être un nombre entier de mois.' })
    .int({ message: 'L’horizon de réservation doit être un nombre entier de mois.' })
    .min(1, { message: 'L’horizon de réservation doit être d’au moins 1 mois.' })
    .max(36, { message: 'L’horizon de réservation ne doit pas dépasser 36 mois.' }),
});
export type BookingRules = z.infer<typeof BookingRulesSchema>;

/**
 * The Union's bank account for transfers (issue 20): IBAN checked by `ibantools` (country, length and
 * format of the country's BBAN, mod-97 check digits), BIC by its ISO 9362 shape; both optional, typed
 * with or without spaces, stored without spaces in capitals.
 */
export const BankAccountSchema = z
  .object({
    iban: z
      .string()
      .transform((v) => electronicFormatIBAN(v) ?? '')
      .refine((v) => v === '' || isValidIBAN(v), {
        message:
          'L’IBAN n’est pas valide : vérifiez le code pays, la longueur et les chiffres de contrôle (par exemple FR76 3000 6000 0112 3456 7890 189).',
      })
      .transform((v) => v || null)
      .nullish()
      .transform((v) => v ?? null),
    bic: z
      .string()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine((v) => v === '' || isValidBIC(v), {
        message: 'Le BIC doit comporter 8 ou 11 caractères (par exemple AGRIFRPPXXX).',
      })
      .transform((v) => v || null)
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((b) => !b.bic || !!b.iban, {
    message: 'Un BIC sans IBAN ne sert à rien : saisissez l’IBAN.',
    path: ['iban'],
  });
export type BankAccount = z.infer<typeof BankAccountSchema>;

/**
 * One of the Union's bank accounts (issue 34): its name, its IBAN (checked by `ibantools`, stored without
 * spaces in capitals), its BIC and the account of the books that holds its money (512, or a 512x
 * sub-account). Its statements are imported into Comptabilité › Banque.
 */
export const UnionBankAccountSchema = z.object({
  nom: trimmed('Le nom du compte bancaire', 60),
  iban: z
    .string({ message: 'Indiquez l’IBAN du compte bancaire.' })
    .transform((v) => electronicFormatIBAN(v) ?? '')
    .refine((v) => isValidIBAN(v), {
      message:
        'L’IBAN du compte bancaire n’est pas valide : vérifiez le code pays, la longueur et les chiffres de contrôle.',
    }),
  bic: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || isValidBIC(v), {
      message: 'Le BIC doit comporter 8 ou 11 caractères (par exemple AGRIFRPPXXX).',
    })
    .transform((v) => v || null)
    .nullish()
    .transform((v) => v ?? null),
  compte: z
    .string({ message: 'Indiquez le compte 512 du compte bancaire.' })
    .trim()
    .regex(/^512[0-9A-Z]{0,9}$/, {
      message: 'Le compte d’un compte bancaire est 512 ou l’un de ses sous-comptes (5121, 51201…).',
    }),
});
export type UnionBankAccount = z.infer<typeof UnionBankAccountSchema>;
export const UnionBankAccountsSchema = z
  .array(UnionBankAccountSchema, { message: 'Les comptes bancaires sont une liste.' })
  .max(10, { message: 'L’Union a 10 comptes bancaires au plus.' })
  .refine((list) => new Set(list.map((a) => a.iban)).size === list.length, {
    message: 'Un IBAN ne figure qu’une fois parmi les comptes bancaires.',
  });

const reminderDays = (label: string) =>
  z
    .number({ message: `${label} est obligatoire.` })
    .int({ message: `${label} est un nombre entier de jours.` })
    .min(1, { message: `${label} est d’au moins 1 jour.` })
    .max(365, { message: `${label} ne dépasse pas 365 jours.` });

/** When reminders are due (issue 20): days after the due date for each level, least days between two. */
export const ReminderSettingsSchema = z
  .object({
    niveau1: reminderDays('Le délai du rappel de paiement'),
    niveau2: reminderDays('Le délai de la deuxième relance'),
    niveau3: reminderDays('Le délai de la mise en demeure'),
    ecart: reminderDays('L’écart entre deux relances'),
    /** The daily run sends the due reminders by itself (off by default). */
    automatique: z.boolean({ message: 'Indiquez si les relances partent automatiquement.' }),
  })
  .refine((r) => r.niveau1 < r.niveau2 && r.niveau2 < r.niveau3, {
    message:
      'Les délais des trois niveaux doivent être croissants (rappel, puis deuxième relance, puis mise en demeure).',
    path: ['niveau2'],
  });
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/**
 * The chart of accounts the books use (issue 31 §2, docs/decisions/accounting.md): each role of the
 * Union's money and its account, with French defaults an administrator may change.
 */
export const CHART_ROLES = {
  clients: { num: '411', lib: 'Clients – loges et associations' },
  cartes: { num: '4191', lib: 'Avances des porteurs de cartes' },
  caisse: { num: '530', lib: 'Caisse' },
  caisses: { num: '531', lib: 'Caisses du restaurant' },
  cheques: { num: '5112', lib: 'Chèques à encaisser' },
  banque: { num: '512', lib: 'Banque' },
  fraisCarte: { num: '627', lib: 'Frais sur paiements par carte' },
  ventes: { num: '706', lib: 'Prestations de services' },
  ecartsCharges: { num: '658', lib: 'Charges diverses de gestion courante' },
  ecartsProduits: { num: '758', lib: 'Produits divers de gestion courante' },
} as const;
export type ChartRole = keyof typeof CHART_ROLES;
/** What each role of the chart holds, as the settings screen names it. */
export const CHART_ROLE_LABELS: Record<ChartRole, string> = {
  clients: 'Loges et associations (un compte auxiliaire par entité)',
  cartes: 'Soldes prépayés des cartes (un compte auxiliaire par carte)',
  caisse: 'Caisse de l’Union (fonds de caisse, espèces comptées)',
  caisses: 'Caisses du restaurant (bar, accueil)',
  cheques: 'Chèques reçus, à remettre en banque',
  banque: 'Banque (virements, paiements par carte, remises)',
  fraisCarte: 'Frais sur paiements par carte',
  ventes: 'Ventes : prestations, cotisations, repas, bar',
  ecartsCharges: 'Écarts en moins (caisse, ajustements de carte)',
  ecartsProduits: 'Écarts en plus (caisse, ajustements de carte)',
};
export type ChartOfAccounts = Record<ChartRole, { num: string; lib: string }>;

/** An account of the books: its number (class 1 to 7) and its label. */
export const BookAccountSchema = z.object({
  num: z
    .string({ message: 'Indiquez le numéro du compte.' })
    .trim()
    .regex(/^[1-7][0-9A-Z]{1,11}$/, {
      message:
        'Un numéro de compte commence par sa classe (1 à 7), suivie de chiffres ou de lettres (12 au plus).',
    }),
  lib: trimmed('L’intitulé du compte', 100),
});
export const ChartOfAccountsSchema = z.object(
  Object.fromEntries(Object.keys(CHART_ROLES).map((k) => [k, BookAccountSchema])) as Record<
    ChartRole,
    typeof BookAccountSchema
  >,
);

/** The books' settings: the first accounting year (no payment dated before it) and the chart. */
export const BookkeepingSettingsSchema = z.object({
  premierExercice: z
    .number({ message: 'Indiquez l’année du premier exercice.' })
    .int({ message: 'L’année du premier exercice est une année (2020).' })
    .min(1990, { message: 'L’année du premier exercice est 1990 ou après.' })
    .max(2100, { message: 'L’année du premier exercice est 2100 ou avant.' }),
  comptes: ChartOfAccountsSchema,
});
export type BookkeepingSettings = z.infer<typeof BookkeepingSettingsSchema>;

/** PUT /api/parametres/union: what an administrator sends (validated and normalised). */
export const UnionSettingsInputSchema = z.object({
  identite: LegalIdentitySchema,
  mentionTva: trimmed('La mention de TVA', 200),
  cotisations: MembershipFeesSchema,
  /** Absent: the rules stay as they are (a client that predates them does not reset them). */
  reservations: BookingRulesSchema.optional(),
  /** Optional for the clients written before issue 20: absent keeps what is stored. */
  banque: BankAccountSchema.optional(),
  relances: ReminderSettingsSchema.optional(),
  /** Absent: the books' settings stay as they are. */
  comptabilite: BookkeepingSettingsSchema.optional(),
  /** The Union's bank accounts (issue 34); absent: they stay as they are. */
  comptesBancaires: UnionBankAccountsSchema.optional(),
  /** The Union's SEPA creditor identifier (issue 34 §4); absent: it stays as it is. */
  ics: IcsSchema.optional(),
});
export type UnionSettingsInput = z.output<typeof UnionSettingsInputSchema>;

/** GET and PUT /api/parametres/union answer: plain values, as stored. */
export const UnionSettingsSchema = z.object({
  identite: z.object({
    raisonSociale: z.string(),
    adresse: z.string(),
    siret: z.string().nullable(),
    rna: z.string().nullable(),
    email: z.string(),
    telephone: z.string().nullable(),
  }),
  mentionTva: z.string(),
  banque: z.object({ iban: z.string().nullable(), bic: z.string().nullable() }),
  relances: z.object({
    niveau1: z.number().int(),
    niveau2: z.number().int(),
    niveau3: z.number().int(),
    ecart: z.number().int(),
    automatique: z.boolean(),
  }),
  cotisations: z.object(
    Object.fromEntries(EntityType.codes.map((code) => [code, z.number().int()])) as Record<
      EntityType,
      z.ZodNumber
    >,
  ),
  reservations: z.object({ preavisHeures: z.number().int(), horizonMois: z.number().int() }),
  comptabilite: BookkeepingSettingsSchema,
  comptesBancaires: z.array(
    z.object({ nom: z.string(), iban: z.string(), bic: z.string().nullable(), compte: z.string() }),
  ),
  /** The SEPA creditor identifier (ICS), or null until set. */
  ics: z.string().nullable(),
});
export type UnionSettings = z.infer<typeof UnionSettingsSchema>;
