/**
 * Entities (lodges, associations, the Union) and the memberships that tie users to them, with the
 * rights each membership gives (DECISIONS §1). Gestion Loge and the import reuse the membership schemas.
 */
import { z } from 'zod';
import { EntityState, EntityType, UserState, codeList } from './enums';
import { emailField, isoDay, optionalText, trimmed } from './fields';
import { RecordIdSchema } from './ids';
import { MembershipTermsSchema, NewUserFieldsSchema, personFields } from './users';

const id = RecordIdSchema;

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
export const EntityListSchema = z.array(EntitySchema);

export const EntityAction = codeList({
  EDIT: 'Modifier',
  MEMBERS: 'Gérer les membres',
  HISTORY: "Voir l'historique",
  /** Add members (one by one or by import): an active entity whose members the caller manages. */
  ADD_MEMBER: 'Ajouter des membres',
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
  ...MembershipTermsSchema.shape,
  /** Started (or no start) and not ended, today in Paris. */
  actuelle: z.boolean(),
  /** The user side, for the entity's member list. */
  utilisateur: z.object({ ...personFields, etat: UserState.schema }),
  /** The entity side, for the user's list of memberships. */
  entite: z.object({ code: z.string(), nom: z.string(), type: EntityType.schema }),
  /** What the caller may do: EDIT and END; the screen shows exactly these buttons. */
  actions: z.array(z.enum(['EDIT', 'END'])),
});
export type Membership = z.infer<typeof MembershipSchema>;
export const MembershipListSchema = z.array(MembershipSchema);

const membershipFields = {
  fonction: optionalText('La fonction', 100),
  debut: isoDay.nullish().transform((v) => v ?? null),
  fin: isoDay.nullish().transform((v) => v ?? null),
  gestion: z.boolean().default(false),
  reservation: z.boolean().default(false),
  restauration: z.boolean().default(false),
  carteLoge: z.boolean().default(false),
};

/**
 * The person's exact e-mail address, which a lodge manager gives to add someone who is not yet among
 * the people of their entities (the rule of their search, docs/decisions/entities-and-memberships.md);
 * an administrator does not need it.
 */
const knownEmail = { email: emailField.optional() };

/** POST /api/user/{id}/appartenances: the user joins an entity. */
export const UserMembershipCreateSchema = z.object({ entiteId: id, ...knownEmail, ...membershipFields });
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
    ...knownEmail,
    ...membershipFields,
  })
  .refine((v) => (v.userId === undefined) !== (v.nouveau === undefined), {
    message: 'Choisissez un utilisateur existant ou saisissez un nouveau membre (un seul des deux).',
    path: ['userId'],
  });
export type EntityMembershipCreate = z.input<typeof EntityMembershipCreateSchema>;
