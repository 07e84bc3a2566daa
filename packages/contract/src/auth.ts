/** Sign-in, session and own-account calls (specification §7 "Authentication and user"). */
import { z } from 'zod';
import { HabilitationSchema } from './habilitations';

export const PASSWORD_MIN_LENGTH = 12;

/** Form body of POST /oauth/token (password grant). */
export const TokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().min(1),
  password: z.string().min(1),
});

/**
 * Form body of POST /oauth/token's second step (issue 22): the `mfa_token` the password step answered
 * with `mfa_required` (or `mfa_enrolment_required`), and a code: six digits of the authenticator or a
 * recovery code. `docs/decisions/auth-and-sessions.md`.
 */
export const SecondFactorGrantSchema = z.object({
  grant_type: z.literal('mfa_otp'),
  mfa_token: z.string().min(1).max(200),
  otp: z.string().min(1).max(100),
});

/** Every grant the token request takes. */
export const TokenGrantSchema = z.discriminatedUnion('grant_type', [
  TokenRequestSchema,
  SecondFactorGrantSchema,
]);

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Only when the second step confirmed the enrolment a sign-in required: shown once, never again. */
  codes_secours: z.array(z.string()).optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const UserInfoSchema = z.object({
  habilitations: z.array(HabilitationSchema),
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Generic `{data}` body of the account calls (specification §7). */
export const DataBodySchema = z.object({ data: z.string() });
export type DataBody = z.infer<typeof DataBodySchema>;

/** `{data}` holding an e-mail address: reset request, e-mail change. */
export const EmailBodySchema = z.object({
  data: z
    .string()
    .trim()
    .pipe(z.email({ message: "Le format de l'e-mail est invalide." })),
});

/** `{data}` holding a telephone number: digits, spaces, dots, dashes, an optional leading +; empty clears it. */
export const TelephoneBodySchema = z.object({
  data: z
    .string()
    .trim()
    .regex(/^(\+?[0-9][0-9 .-]{5,19})?$/, {
      message: 'Le numéro de téléphone est invalide (exemple : 04 78 00 00 00).',
    }),
});

/**
 * A new password: long enough (the server also refuses the identifiant and the e-mail, which the
 * screens do not know before asking).
 */
export const NewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, {
  message: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
});

/** POST /api/user/password: the new password in `data`, the current one in `actuel`. */
export const PasswordChangeSchema = z.object({
  data: NewPasswordSchema,
  actuel: z.string().min(1, { message: 'Saisissez votre mot de passe actuel.' }),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** POST /api/user/password/reinitialiser: the link's token and the chosen password (public). */
export const PasswordResetSchema = z.object({
  jeton: z.string().min(1, { message: 'Le lien est incomplet : utilisez le lien reçu par e-mail tel quel.' }),
  data: NewPasswordSchema,
});
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

export const NotificationFlagSchema = z.object({
  data: z.enum(['1', '0'], {
    message: 'La valeur vaut « 1 » (notifications activées) ou « 0 » (désactivées).',
  }),
});

/** GET /api/user/compte: what the account page shows and edits. */
export const AccountSchema = z.object({
  id: z.number().int(),
  identifiant: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  notificationRestauration: z.boolean(),
  notificationDocuments: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;
