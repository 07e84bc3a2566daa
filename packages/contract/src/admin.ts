/**
 * Administration (DECISIONS §1): users, entities, memberships, rooms, the Union's settings and the audit
 * history. Gestion Loge and the import reuse the membership and user schemas of this file.
 */
import { z } from 'zod';
import { IMPLAUSIBLE_YEAR_MESSAGE, RecordIdSchema, isPlausibleYear } from './ids';
import { EntityState, EntityType, UserState, codeList } from './enums';
import { HabilitationSchema } from './habilitations';

/** The paths of the administration calls (specification §7 where it names them). */
export const ADMIN_API = {
  userSearch: '/api/user/search',
  user: '/api/user',
  userInfos: (id: number | string) => `/api/user/${id}/infos`,
  userHistory: (id: number | string) => `/api/user/${id}/historique`,
  userAnonymise: (id: number | string) => `/api/user/${id}/anonymiser`,
  userInvitation: (id: number | string) => `/api/user/${id}/invitation`,
  userMemberships: (id: number | string) => `/api/user/${id}/appartenances`,
  userMembership: (userId: number | string, id: number | string) => `/api/user/${userId}/appartenances/${id}`,
  personalData: '/api/user/donnees-personnelles',
  entityAll: '/api/entite/all',
  entity: '/api/entite',
  entityInfos: (id: number | string) => `/api/entite/${id}/infos`,
  entityHistory: (id: number | string) => `/api/entite/${id}/historique`,
  entityMemberships: (id: number | string) => `/api/entite/${id}/appartenances`,
  rooms: '/api/parametres/salles',
  settings: '/api/parametres/union',
} as const;

const id = RecordIdSchema;
const isoDay = z.iso
  .date({ message: 'La date doit être au format aaaa-mm-jj.' })
  .refine(isPlausibleYear, { message: IMPLAUSIBLE_YEAR_MESSAGE });
const trimmed = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} est obligatoire.` })
    .max(max, { message: `${label} ne doit pas dépasser ${max} caractères.` });
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} ne doit pas dépasser ${max} caractères.` })
    .nullish()
    .transform((v) => (v ? v : null));
const emailField = z
  .string()
  .trim()
  .pipe(z.email({ message: "Le format de l'e-mail est invalide (exemple : prenom.nom@exemple.fr)." }));
const telephoneField = z
  .string()
  .trim()
  .regex(/^(\+?[0-9][0-9 .-]{5,19})?$/, {
    message: 'Le numéro de téléphone est invalide (exemple : 04 78 00 00 00).',
  })
  .nullish()
  .transform((v) => (v ? v : null));
const identifiantField = z
  .string()
  .trim()
  .min(2, { message: "L'identifiant doit contenir au moins 2 caractères." })
  .max(60, { message: "L'identifiant ne doit pas dépasser 60 caractères." })
  .regex(/^[A-Za-z0-9._-]+$/, {
    message:
      "L'identifiant ne peut contenir que des lettres sans accent, des chiffres, « . », « _ » et « - ».",
  });

/** What the caller may do on a user record; the screen shows exactly these buttons. */
export const UserAction = codeList({
  EDIT: 'Modifier',
  ACTIVATE: 'Réactiver',
  DEACTIVATE: 'Désactiver',
  DELETE: 'Supprimer',
  ANONYMISE: 'Anonymiser',
  INVITE: "Renvoyer l'invitation",
});
export type UserAction = z.infer<typeof UserAction.schema>;

// ---------------------------------------------------------------------------------------------------
// Users

export const UserSortField = codeList({
  nom: 'Nom',
  prenom: 'Prénom',
  identifiant: 'Identifiant',
  email: 'E-mail',
  etat: 'État',
  creeLe: 'Création',
});
export type UserSortField = z.infer<typeof UserSortField.schema>;

export const USER_PAGE_SIZES = [10, 20, 50, 100] as const;

/** POST /api/user/search: every criterion optional; pages start at 1. */
export const UserSearchSchema = z.object({
  texte: z.string().trim().max(100).optional(),
  entiteId: id.optional(),
  habilitation: HabilitationSchema.optional(),
  etat: UserState.schema.optional(),
  tri: UserSortField.schema.default('nom'),
  sens: z
    .enum(['asc', 'desc'], { message: 'Le sens du tri est croissant (asc) ou décroissant (desc).' })
    .default('asc'),
  page: z.number().int().min(1).default(1),
  taille: z.number().int().min(1).max(100).default(20),
});
export type UserSearch = z.input<typeof UserSearchSchema>;

export const UserRowSchema = z.object({
  id,
  identifiant: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  etat: UserState.schema,
  habilitations: z.array(HabilitationSchema),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/** A free text that matches more accounts than this is counted up to here only (the list asks to refine). */
export const USER_SEARCH_COUNT_LIMIT = 1000;

export const UserSearchResultSchema = z.object({
  /** The number of matching accounts, or USER_SEARCH_COUNT_LIMIT when `totalAuMoins`. */
  total: z.number().int(),
  /**
   * A free text matched more than USER_SEARCH_COUNT_LIMIT accounts: counting them all would read the
   * whole table for a search the secretary will refine anyway.
   */
  totalAuMoins: z.boolean(),
  page: z.number().int(),
  taille: z.number().int(),
  lignes: z.array(UserRowSchema),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

/**
 * What POST /api/user/search answers a lodge manager (LOGE without ADMIN): the members of the entities
 * they manage, or the one active account whose e-mail is exactly the text typed, with only what the
 * picker shows to add a member.
 */
export const UserPickRowSchema = z.object({ id, nom: z.string(), prenom: z.string(), email: z.string() });
export type UserPickRow = z.infer<typeof UserPickRowSchema>;
export const UserPickResultSchema = UserSearchResultSchema.extend({ lignes: z.array(UserPickRowSchema) });
export type UserPickResult = z.infer<typeof UserPickResultSchema>;

/** GET /api/user/{id}/infos. */
export const UserDetailSchema = UserRowSchema.extend({
  notificationRestauration: z.boolean(),
  notificationDocuments: z.boolean(),
  /** Whether the user has chosen a password (false until the invitation link is used). */
  motDePasseDefini: z.boolean(),
  anonymise: z.boolean(),
  creeLe: z.string(),
  modifieLe: z.string(),
  actions: z.array(UserAction.schema),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** The fields of a new user; the identifiant is derived from prénom.nom when left empty. */
export const NewUserFieldsSchema = z.object({
  identifiant: identifiantField.optional().or(z.literal('').transform(() => undefined)),
  nom: trimmed('Le nom', 100),
  prenom: trimmed('Le prénom', 100),
  email: emailField,
  telephone: telephoneField,
});
export type NewUserFields = z.input<typeof NewUserFieldsSchema>;

/** POST /api/user: creates the user and e-mails an invitation to choose a password (7 days). */
export const UserCreateSchema = NewUserFieldsSchema.extend({
  habilitations: z.array(HabilitationSchema).default(['USER']),
});
export type UserCreate = z.input<typeof UserCreateSchema>;

/** PUT /api/user: edits a user; setting I or S closes every session of the user at once. */
export const UserUpdateSchema = z.object({
  id,
  identifiant: identifiantField,
  nom: trimmed('Le nom', 100),
  prenom: trimmed('Le prénom', 100),
  email: emailField,
  telephone: telephoneField,
  habilitations: z.array(HabilitationSchema),
  etat: UserState.schema,
});
export type UserUpdate = z.input<typeof UserUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// Entities

export const EntitySchema = z.object({
  id,
  code: z.string(),
  nom: z.string(),
  type: EntityType.schema,
  numero: z.string().nullable(),
  ville: z.string().nullable(),
  adresseFacturation: z.string().nullable(),
  emailFacturation: z.string().nullable(),
  etat: EntityState.schema,
  /** Current memberships (started, not ended). */
  nbMembres: z.number().int(),
});
export type Entity = z.infer<typeof EntitySchema>;

export const EntityAction = codeList({
  EDIT: 'Modifier',
  MEMBERS: 'Gérer les membres',
  HISTORY: "Voir l'historique",
});
export type EntityAction = z.infer<typeof EntityAction.schema>;

/** GET /api/entite/{id}/infos. */
export const EntityDetailSchema = EntitySchema.extend({
  creeLe: z.string(),
  modifieLe: z.string(),
  actions: z.array(EntityAction.schema),
});
export type EntityDetail = z.infer<typeof EntityDetailSchema>;

const entityFields = {
  code: z
    .string()
    .trim()
    .min(2, { message: 'Le code doit contenir au moins 2 caractères.' })
    .max(30, { message: 'Le code ne doit pas dépasser 30 caractères.' })
    .regex(/^[A-Z0-9-]+$/, {
      message: 'Le code ne peut contenir que des majuscules sans accent, des chiffres et « - ».',
    }),
  nom: trimmed('Le nom', 150),
  type: EntityType.schema,
  numero: optionalText('Le numéro', 20),
  ville: optionalText('La ville', 100),
  adresseFacturation: optionalText("L'adresse de facturation", 500),
  emailFacturation: emailField
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
};

/** POST /api/entite. */
export const EntityCreateSchema = z.object(entityFields);
export type EntityCreate = z.input<typeof EntityCreateSchema>;

/** PUT /api/entite: S marks the entity deleted (kept for history and accounting). */
export const EntityUpdateSchema = z.object({ id, ...entityFields, etat: EntityState.schema });
export type EntityUpdate = z.input<typeof EntityUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// Memberships

export const MembershipFlag = codeList({
  gestion: 'Gestion',
  reservation: 'Réservation',
  restauration: 'Restauration',
  carteLoge: 'Carte de loge',
});
export type MembershipFlag = z.infer<typeof MembershipFlag.schema>;

/** Common functions, offered as suggestions: the field stays free text (DECISIONS §1). */
export const FONCTIONS_SUGGEREES = [
  'Vénérable Maître',
  'Premier Surveillant',
  'Second Surveillant',
  'Orateur',
  'Secrétaire',
  'Trésorier',
  'Hospitalier',
  'Expert',
  'Maître des cérémonies',
  'Président',
  'Membre',
] as const;

export const MembershipSchema = z.object({
  id,
  userId: id,
  entiteId: id,
  fonction: z.string().nullable(),
  debut: z.string().nullable(),
  fin: z.string().nullable(),
  gestion: z.boolean(),
  reservation: z.boolean(),
  restauration: z.boolean(),
  carteLoge: z.boolean(),
  /** Started (or no start) and not ended, today in Paris. */
  actuelle: z.boolean(),
  /** The user side, for the entity's member list. */
  utilisateur: z.object({
    identifiant: z.string(),
    nom: z.string(),
    prenom: z.string(),
    email: z.string(),
    telephone: z.string().nullable(),
    etat: UserState.schema,
  }),
  /** The entity side, for the user's list of memberships. */
  entite: z.object({ code: z.string(), nom: z.string(), type: EntityType.schema }),
  /** What the caller may do: EDIT and END; the screen shows exactly these buttons. */
  actions: z.array(z.enum(['EDIT', 'END'])),
});
export type Membership = z.infer<typeof MembershipSchema>;

const membershipFields = {
  fonction: optionalText('La fonction', 100),
  debut: isoDay.nullish().transform((v) => v ?? null),
  fin: isoDay.nullish().transform((v) => v ?? null),
  gestion: z.boolean().default(false),
  reservation: z.boolean().default(false),
  restauration: z.boolean().default(false),
  carteLoge: z.boolean().default(false),
};

/** POST /api/user/{id}/appartenances: the user joins an entity. */
export const UserMembershipCreateSchema = z.object({ entiteId: id, ...membershipFields });
export type UserMembershipCreate = z.input<typeof UserMembershipCreateSchema>;

/** PUT /api/user/{id}/appartenances and PUT /api/entite/{id}/appartenances: edits one membership. */
export const MembershipUpdateSchema = z.object({ id, ...membershipFields });
export type MembershipUpdate = z.input<typeof MembershipUpdateSchema>;

/**
 * POST /api/entite/{id}/appartenances: adds an existing user (`userId`) or creates a new member
 * (`nouveau`, who gets the Membre profile and an invitation e-mail) to the entity.
 */
export const EntityMembershipCreateSchema = z
  .object({
    userId: id.optional(),
    nouveau: NewUserFieldsSchema.optional(),
    ...membershipFields,
  })
  .refine((v) => (v.userId === undefined) !== (v.nouveau === undefined), {
    message: 'Choisissez un utilisateur existant ou saisissez un nouveau membre (un seul des deux).',
    path: ['userId'],
  });
export type EntityMembershipCreate = z.input<typeof EntityMembershipCreateSchema>;

// ---------------------------------------------------------------------------------------------------
// Rooms and settings

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

/** PUT /api/parametres/union: what an administrator sends (validated and normalised). */
export const UnionSettingsInputSchema = z.object({
  identite: LegalIdentitySchema,
  mentionTva: trimmed('La mention de TVA', 200),
  cotisations: MembershipFeesSchema,
});

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
  cotisations: z.object(
    Object.fromEntries(EntityType.codes.map((code) => [code, z.number().int()])) as Record<
      EntityType,
      z.ZodNumber
    >,
  ),
});
export type UnionSettings = z.infer<typeof UnionSettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// History

/** French labels of the audit actions the history panels show; unknown actions show their code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  user_created: 'Création du compte',
  user_updated: 'Modification du compte',
  user_state_changed: "Changement d'état",
  user_habilitations_changed: 'Modification des habilitations',
  user_anonymised: 'Anonymisation (RGPD)',
  invitation_sent: 'Invitation envoyée',
  personal_data_exported: 'Export des données personnelles',
  password_changed: 'Changement de mot de passe',
  password_set_invitation: 'Mot de passe choisi (invitation)',
  password_set_reset: 'Mot de passe réinitialisé',
  password_reset_requested: 'Demande de réinitialisation du mot de passe',
  email_changed: "Changement d'adresse e-mail",
  telephone_changed: 'Changement de téléphone',
  membership_added: 'Ajout d’une appartenance',
  membership_updated: 'Modification d’une appartenance',
  membership_ended: 'Fin d’une appartenance',
  membership_removed: 'Suppression d’une appartenance',
  entity_created: "Création de l'entité",
  entity_updated: "Modification de l'entité",
  room_created: 'Création de la salle',
  room_updated: 'Modification de la salle',
  settings_updated: 'Modification des paramètres',
  members_imported: 'Import de membres',
  members_exported: 'Export de la liste des membres',
  calendar_feed_created: 'Création de l’adresse d’agenda',
  calendar_feed_renewed: 'Renouvellement de l’adresse d’agenda',
};

/** GET /api/user/donnees-personnelles: everything the Intranet keeps about the signed-in user. */
export const PersonalDataSchema = z.object({
  exporteLe: z.string(),
  compte: z.object({
    id,
    identifiant: z.string(),
    nom: z.string(),
    prenom: z.string(),
    email: z.string(),
    telephone: z.string().nullable(),
    habilitations: z.array(z.string()),
    etat: z.string(),
    notificationRestauration: z.boolean(),
    notificationDocuments: z.boolean(),
    creeLe: z.string(),
    modifieLe: z.string(),
  }),
  appartenances: z.array(
    z.object({
      entite: z.string(),
      fonction: z.string().nullable(),
      debut: z.string().nullable(),
      fin: z.string().nullable(),
      gestion: z.boolean(),
      reservation: z.boolean(),
      restauration: z.boolean(),
      carteLoge: z.boolean(),
    }),
  ),
  historique: z.array(z.object({ date: z.string(), action: z.string(), details: z.unknown() })),
  connexions: z.array(z.object({ date: z.string(), adresse: z.string(), resultat: z.string() })),
  emails: z.array(z.object({ date: z.string(), sujet: z.string(), statut: z.string() })),
  /** Restaurant (issue 9): my meal orders and my card's movements and top-ups. */
  commandesRepas: z
    .array(
      z.object({
        date: z.string(),
        repas: z.string(),
        montant: z.number(),
        etat: z.string(),
        moyen: z.string().nullable(),
      }),
    )
    .optional(),
  carte: z
    .object({
      mouvements: z.array(
        z.object({ date: z.string(), type: z.string(), montant: z.number(), libelle: z.string() }),
      ),
      rechargements: z.array(z.object({ date: z.string(), montant: z.number(), etat: z.string() })),
    })
    .optional(),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;
