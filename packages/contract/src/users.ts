/**
 * Users (DECISIONS §1): the administration's search, detail, creation and edit of an account, and the
 * GDPR export of one's own data. Gestion Loge and the import reuse the new-user fields.
 */
import { z } from 'zod';
import { UserState, codeList } from './enums';
import { emailField, identifiantField, telephoneField, trimmed } from './fields';
import { HABILITATION_CODES, HabilitationSchema } from './habilitations';
import { labelledRecordId, RecordIdSchema } from './ids';

const id = RecordIdSchema;

/** What the caller may do on a user record; the screen shows exactly these buttons. */
export const UserAction = codeList({
  EDIT: 'Modifier',
  ACTIVATE: 'Réactiver',
  DEACTIVATE: 'Désactiver',
  DELETE: 'Supprimer',
  ANONYMISE: 'Anonymiser',
  INVITE: "Renvoyer l'invitation",
  /** Not a button of its own: the memberships panel offers « Ajouter » when the server lists it. */
  ADD_MEMBERSHIP: 'Ajouter une appartenance',
});
export type UserAction = z.infer<typeof UserAction.schema>;

export const UserSortField = codeList({
  nom: 'Nom',
  prenom: 'Prénom',
  identifiant: 'Identifiant',
  email: 'E-mail',
  etat: 'État',
  creeLe: 'Création',
});
export type UserSortField = z.infer<typeof UserSortField.schema>;

export const USER_PAGE_SIZES = [20, 50, 100] as const;

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

/**
 * Who a person is, as every answer that names one shows it (the users' list, a member of an entity,
 * the personal data export).
 */
export const personFields = {
  identifiant: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
};

export const UserRowSchema = z.object({
  id,
  ...personFields,
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
  lignes: z.array(UserRowSchema.extend({ villes: z.string().nullable() })),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;
/**
 * A row of the administrators' list: the account, and the towns of the entities the person is a current
 * member of (« Lyon, Villeurbanne »; null for none): the intranet keeps no one's home address.
 */
export type UserListRow = UserSearchResult['lignes'][number];

/** The most accounts one selection acts on (a page of 100, several times over). */
export const USER_SELECTION_MAX = 500;

/** POST /api/user/selection/excel: the accounts chosen in the list, in one workbook. */
export const UserSelectionSchema = z.object({
  ids: z
    .array(labelledRecordId('Utilisateur'), { message: 'Sélectionnez au moins un utilisateur.' })
    .min(1, 'Sélectionnez au moins un utilisateur.')
    .max(USER_SELECTION_MAX, `Sélectionnez au plus ${USER_SELECTION_MAX} utilisateurs à la fois.`),
});
export type UserSelection = z.infer<typeof UserSelectionSchema>;

/**
 * PUT /api/user/habilitations: habilitations added to and removed from every account selected, in one
 * transaction: the rules of one account's edit hold for each, and one refused refuses them all.
 */
export const UserBulkHabilitationsSchema = UserSelectionSchema.extend({
  ajouter: z.array(HabilitationSchema).max(HABILITATION_CODES.length).default([]),
  retirer: z.array(HabilitationSchema).max(HABILITATION_CODES.length).default([]),
})
  .refine((b) => b.ajouter.length + b.retirer.length > 0, {
    message: 'Choisissez au moins une habilitation à ajouter ou à retirer.',
    path: ['ajouter'],
  })
  .refine((b) => !b.ajouter.some((h) => b.retirer.includes(h)), {
    message: 'Une même habilitation ne peut être à la fois ajoutée et retirée.',
    path: ['retirer'],
  });
export type UserBulkHabilitations = z.input<typeof UserBulkHabilitationsSchema>;

/** The answer: how many accounts changed (those that already had what was asked are counted out). */
export const UserBulkResultSchema = z.object({ modifies: z.number().int() });
export type UserBulkResult = z.infer<typeof UserBulkResultSchema>;

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
  /** Whether the user has a second factor, an authenticator or a passkey: an administrator may reset it. */
  doubleAuthentification: z.boolean(),
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

/**
 * A membership's terms: its function, its dates and its flags. Here rather than in entities.ts, which
 * builds its MembershipSchema on it: entities.ts imports this file, the reverse would be a cycle.
 */
export const MembershipTermsSchema = z.object({
  fonction: z.string().nullable(),
  debut: z.string().nullable(),
  fin: z.string().nullable(),
  gestion: z.boolean(),
  reservation: z.boolean(),
  restauration: z.boolean(),
  carteLoge: z.boolean(),
});
export type MembershipTerms = z.infer<typeof MembershipTermsSchema>;

/** GET /api/user/donnees-personnelles: everything the Intranet keeps about the signed-in user. */
export const PersonalDataSchema = z.object({
  exporteLe: z.string(),
  compte: z.object({
    id,
    ...personFields,
    habilitations: z.array(z.string()),
    etat: z.string(),
    notificationRestauration: z.boolean(),
    notificationDocuments: z.boolean(),
    notificationMessages: z.boolean(),
    creeLe: z.string(),
    modifieLe: z.string(),
  }),
  appartenances: z.array(z.object({ entite: z.string(), ...MembershipTermsSchema.shape })),
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
